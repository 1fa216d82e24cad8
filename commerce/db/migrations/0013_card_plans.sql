ALTER TABLE "payments" ADD COLUMN "installments_total" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_brand" text;