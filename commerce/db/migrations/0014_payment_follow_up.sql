CREATE TABLE "acquirer_notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "stage" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "redirect_url" text;--> statement-breakpoint
ALTER TABLE "sandbox_acquirer_charges" ADD COLUMN "challenge_token" text;--> statement-breakpoint
ALTER TABLE "sandbox_acquirer_charges" ADD COLUMN "return_url" text;--> statement-breakpoint
ALTER TABLE "sandbox_acquirer_charges" ADD COLUMN "decide_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_acquirer_charges" ADD COLUMN "later_status" text;--> statement-breakpoint
ALTER TABLE "sandbox_acquirer_charges" ADD COLUMN "notified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_acquirer_charges" ADD CONSTRAINT "sandbox_acquirer_charges_challenge_token_unique" UNIQUE("challenge_token");