CREATE TABLE "show_products" (
	"show_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "show_products_show_id_product_id_pk" PRIMARY KEY("show_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "show_products" ADD CONSTRAINT "show_products_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "show_products" ADD CONSTRAINT "show_products_product_id_shows_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."shows"("id") ON DELETE no action ON UPDATE no action;