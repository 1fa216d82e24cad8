CREATE TABLE "api_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_type" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"document_type" text NOT NULL,
	"document_number" text NOT NULL,
	"gender" text NOT NULL,
	"birth_date" text,
	"alias" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"process_id" integer NOT NULL,
	"payment_id" integer,
	"tickets_total" integer NOT NULL,
	"delivery_fee" integer NOT NULL,
	"service_charge" integer NOT NULL,
	"total" integer NOT NULL,
	"delivery_type_id" integer NOT NULL,
	"status" text DEFAULT 'PAID' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_process_id_unique" UNIQUE("process_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"process_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"provider_reference" text,
	"decline_reason" text,
	"card_last4" text,
	"installments" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "performances" (
	"id" serial PRIMARY KEY NOT NULL,
	"show_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'ON_SALE' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"sector_id" integer NOT NULL,
	"performance_id" integer NOT NULL,
	"row" text,
	"number" integer,
	"held_by_process_id" integer,
	"held_until" timestamp with time zone,
	"sold" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_processes" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" text DEFAULT 'CART' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"delivery_type_id" integer,
	"payment_method_id" integer
);
--> statement-breakpoint
CREATE TABLE "sectors" (
	"id" serial PRIMARY KEY NOT NULL,
	"performance_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"price" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seed_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"ran_at" bigint DEFAULT extract(epoch from now())::bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "show_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shows" (
	"id" serial PRIMARY KEY NOT NULL,
	"seo" text NOT NULL,
	"type_id" integer NOT NULL,
	"venue_id" integer NOT NULL,
	"title" text NOT NULL,
	"summary" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"image_path" text NOT NULL,
	"highlight_rank" integer,
	"duration_minutes" integer,
	"is_product" boolean DEFAULT false NOT NULL,
	CONSTRAINT "shows_seo_unique" UNIQUE("seo")
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"performance_id" integer NOT NULL,
	"sector_id" integer NOT NULL,
	"position_id" integer NOT NULL,
	"price" integer NOT NULL,
	"code" text NOT NULL,
	CONSTRAINT "tickets_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "venues" (
	"id" serial PRIMARY KEY NOT NULL,
	"seo" text NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"zone" text NOT NULL,
	"latitude" text,
	"longitude" text,
	"description" jsonb NOT NULL,
	"is_shop" boolean DEFAULT false NOT NULL,
	CONSTRAINT "venues_seo_unique" UNIQUE("seo")
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_process_id_purchase_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."purchase_processes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_process_id_purchase_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."purchase_processes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performances" ADD CONSTRAINT "performances_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_performance_id_performances_id_fk" FOREIGN KEY ("performance_id") REFERENCES "public"."performances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_processes" ADD CONSTRAINT "purchase_processes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sectors" ADD CONSTRAINT "sectors_performance_id_performances_id_fk" FOREIGN KEY ("performance_id") REFERENCES "public"."performances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shows" ADD CONSTRAINT "shows_type_id_show_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."show_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shows" ADD CONSTRAINT "shows_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_performance_id_performances_id_fk" FOREIGN KEY ("performance_id") REFERENCES "public"."performances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_tokens_customer_idx" ON "api_tokens" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "performances_show_idx" ON "performances" USING btree ("show_id","starts_at");--> statement-breakpoint
CREATE INDEX "positions_sector_free_idx" ON "positions" USING btree ("sector_id","sold");--> statement-breakpoint
CREATE INDEX "positions_process_idx" ON "positions" USING btree ("held_by_process_id");--> statement-breakpoint
CREATE INDEX "purchase_processes_customer_idx" ON "purchase_processes" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "sectors_performance_idx" ON "sectors" USING btree ("performance_id");--> statement-breakpoint
CREATE INDEX "shows_type_idx" ON "shows" USING btree ("type_id");--> statement-breakpoint
CREATE INDEX "shows_venue_idx" ON "shows" USING btree ("venue_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_performance_position_unique" ON "tickets" USING btree ("performance_id","position_id");--> statement-breakpoint
CREATE INDEX "tickets_order_idx" ON "tickets" USING btree ("order_id");