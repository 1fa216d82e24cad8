CREATE TABLE "process_answers" (
	"process_id" integer NOT NULL,
	"performance_id" integer NOT NULL,
	"code" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "process_answers_process_id_performance_id_code_pk" PRIMARY KEY("process_id","performance_id","code")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_address" jsonb;--> statement-breakpoint
ALTER TABLE "performances" ADD COLUMN "requested_data" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_processes" ADD COLUMN "delivery_address_id" integer;--> statement-breakpoint
ALTER TABLE "process_answers" ADD CONSTRAINT "process_answers_process_id_purchase_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."purchase_processes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_answers" ADD CONSTRAINT "process_answers_performance_id_performances_id_fk" FOREIGN KEY ("performance_id") REFERENCES "public"."performances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_processes" ADD CONSTRAINT "purchase_processes_delivery_address_id_customer_addresses_id_fk" FOREIGN KEY ("delivery_address_id") REFERENCES "public"."customer_addresses"("id") ON DELETE set null ON UPDATE no action;