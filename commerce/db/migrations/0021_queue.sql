CREATE TABLE "queue_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"performance_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"turn_code" text NOT NULL,
	"arrived_at" timestamp with time zone NOT NULL,
	"arrival_seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "queue_entries_arrival_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"pre_queue" boolean NOT NULL,
	"position" integer,
	"state" text DEFAULT 'waiting' NOT NULL,
	"admitted_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"active_until" timestamp with time zone,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_settings" (
	"performance_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"sale_starts_at" timestamp with time zone NOT NULL,
	"admissions_per_minute" integer NOT NULL,
	"max_active" integer NOT NULL,
	"shopping_window_seconds" integer NOT NULL,
	"seed" text NOT NULL,
	"seed_commitment" text NOT NULL,
	"seed_revealed_at" timestamp with time zone,
	"next_position" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_performance_id_performances_id_fk" FOREIGN KEY ("performance_id") REFERENCES "public"."performances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_settings" ADD CONSTRAINT "queue_settings_performance_id_performances_id_fk" FOREIGN KEY ("performance_id") REFERENCES "public"."performances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "queue_entries_live_idx" ON "queue_entries" USING btree ("performance_id","customer_id") WHERE "queue_entries"."state" in ('waiting', 'admitted', 'active');--> statement-breakpoint
CREATE UNIQUE INDEX "queue_entries_turn_code_idx" ON "queue_entries" USING btree ("performance_id","turn_code");--> statement-breakpoint
CREATE INDEX "queue_entries_waiting_idx" ON "queue_entries" USING btree ("performance_id","position") WHERE "queue_entries"."state" = 'waiting';--> statement-breakpoint
CREATE INDEX "queue_entries_arrival_idx" ON "queue_entries" USING btree ("performance_id","arrival_seq");