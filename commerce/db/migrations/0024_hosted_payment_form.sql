ALTER TABLE "payments" ADD COLUMN "embed_url" text;--> statement-breakpoint
CREATE INDEX "payments_provider_reference_idx" ON "payments" USING btree ("provider_reference");