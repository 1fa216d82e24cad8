CREATE TABLE "sandbox_wallet_payments" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"status" text NOT NULL,
	"reference" text,
	"reason" text,
	"amount" integer NOT NULL,
	"refunded" boolean DEFAULT false NOT NULL,
	"page_token" text NOT NULL,
	"return_url" text NOT NULL,
	"decide_at" timestamp with time zone,
	"notified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_wallet_payments_reference_unique" UNIQUE("reference"),
	CONSTRAINT "sandbox_wallet_payments_page_token_unique" UNIQUE("page_token")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider" text DEFAULT 'CARD' NOT NULL;