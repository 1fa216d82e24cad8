CREATE TABLE "sandbox_acquirer_charges" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"reference" text,
	"reason" text,
	"last4" text NOT NULL,
	"amount" integer NOT NULL,
	"installments" integer NOT NULL,
	"refunded" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_acquirer_charges_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("created_at") WHERE "payments"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "payments_process_idx" ON "payments" USING btree ("process_id");