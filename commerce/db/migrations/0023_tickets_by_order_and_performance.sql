DROP INDEX "tickets_order_idx";--> statement-breakpoint
CREATE INDEX "tickets_order_performance_idx" ON "tickets" USING btree ("order_id","performance_id");