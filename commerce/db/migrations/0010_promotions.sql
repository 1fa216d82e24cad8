CREATE TABLE "customer_attributes" (
	"customer_id" integer NOT NULL,
	"attribute" text NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_attributes_customer_id_attribute_pk" PRIMARY KEY("customer_id","attribute")
);
--> statement-breakpoint
CREATE TABLE "place_promotions" (
	"process_id" integer NOT NULL,
	"position_id" integer NOT NULL,
	"promotion_id" integer NOT NULL,
	CONSTRAINT "place_promotions_process_id_position_id_pk" PRIMARY KEY("process_id","position_id")
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"show_id" integer NOT NULL,
	"performance_id" integer,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"rule" jsonb NOT NULL,
	"code" text,
	"for_attribute" text,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"quota" integer,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "promotion_id" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_attributes" ADD CONSTRAINT "customer_attributes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_promotions" ADD CONSTRAINT "place_promotions_process_id_purchase_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."purchase_processes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_promotions" ADD CONSTRAINT "place_promotions_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_promotions" ADD CONSTRAINT "place_promotions_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_performance_id_performances_id_fk" FOREIGN KEY ("performance_id") REFERENCES "public"."performances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "place_promotions_promotion_idx" ON "place_promotions" USING btree ("promotion_id");--> statement-breakpoint
CREATE INDEX "promotions_show_idx" ON "promotions" USING btree ("show_id");--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tickets_promotion_idx" ON "tickets" USING btree ("promotion_id") WHERE "tickets"."promotion_id" is not null;