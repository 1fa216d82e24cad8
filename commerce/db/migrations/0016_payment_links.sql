CREATE TABLE "payment_links" (
	"process_id" integer PRIMARY KEY NOT NULL,
	"key_hash" text NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_links_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_process_id_purchase_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."purchase_processes"("id") ON DELETE no action ON UPDATE no action;