CREATE TABLE "bookings" (
	"process_id" integer PRIMARY KEY NOT NULL,
	"conditions_accepted_at" timestamp with time zone NOT NULL,
	"buyer_name" text,
	"buyer_email" text
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_process_id_purchase_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."purchase_processes"("id") ON DELETE no action ON UPDATE no action;