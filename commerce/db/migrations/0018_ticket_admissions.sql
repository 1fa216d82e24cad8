CREATE TABLE "ticket_admissions" (
	"ticket_id" integer PRIMARY KEY NOT NULL,
	"admitted_at" timestamp with time zone NOT NULL,
	"staff_customer_id" integer NOT NULL,
	"entrance" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket_admissions" ADD CONSTRAINT "ticket_admissions_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_admissions" ADD CONSTRAINT "ticket_admissions_staff_customer_id_customers_id_fk" FOREIGN KEY ("staff_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_admissions_staff_idx" ON "ticket_admissions" USING btree ("staff_customer_id");