ALTER TABLE "payments" ADD COLUMN "counter_buyer_name" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "counter_buyer_email" text;