CREATE TABLE "receipt_counters" (
	"point_of_sale" integer NOT NULL,
	"receipt_type" integer NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "receipt_counters_point_of_sale_receipt_type_pk" PRIMARY KEY("point_of_sale","receipt_type")
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"receipt_type" integer NOT NULL,
	"point_of_sale" integer NOT NULL,
	"number" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"total" integer NOT NULL,
	"net" integer NOT NULL,
	"vat" integer NOT NULL,
	"bill_id" integer,
	"cae" text,
	"cae_expires_on" text,
	"cae_refusal" text
);
--> statement-breakpoint
CREATE TABLE "sandbox_fiscal_receipts" (
	"issuer_tax_id" text NOT NULL,
	"point_of_sale" integer NOT NULL,
	"receipt_type" integer NOT NULL,
	"number" integer NOT NULL,
	"issued_on" text NOT NULL,
	"total" integer NOT NULL,
	"cae" text NOT NULL,
	"cae_expires_on" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_fiscal_receipts_issuer_tax_id_point_of_sale_receipt_type_number_pk" PRIMARY KEY("issuer_tax_id","point_of_sale","receipt_type","number"),
	CONSTRAINT "sandbox_fiscal_receipts_cae_unique" UNIQUE("cae")
);
--> statement-breakpoint
DROP INDEX "tickets_performance_position_unique";--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_bill_id_receipts_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_number_unique" ON "receipts" USING btree ("point_of_sale","receipt_type","number");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_order_kind_unique" ON "receipts" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "receipts_pending_cae_idx" ON "receipts" USING btree ("point_of_sale","receipt_type","number") WHERE "receipts"."cae" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_performance_position_unique" ON "tickets" USING btree ("performance_id","position_id") WHERE "tickets"."voided_at" is null;