-- One live recovery code per customer and requesting address (decision 0063). Codes live
-- when this runs keep working: they count as asked from an unknown address.
ALTER TABLE "password_recovery_codes" DROP CONSTRAINT "password_recovery_codes_pkey";--> statement-breakpoint
ALTER TABLE "password_recovery_codes" ADD COLUMN "requested_from" text DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "password_recovery_codes" ALTER COLUMN "requested_from" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "password_recovery_codes" ADD CONSTRAINT "password_recovery_codes_customer_id_requested_from_pk" PRIMARY KEY("customer_id","requested_from");
