-- The counter's limits (docs/product.md §10.3): how far below its own price list a member of staff may sell minutes,
-- set by the owner (20% until then); and flags on the audit log's entries that the owner should look at, such as a
-- sale a member made to themselves or below that limit, with an index to list them alone.
ALTER TABLE "shops" ADD COLUMN "counter_max_discount_percent" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_counter_max_discount" CHECK ("counter_max_discount_percent" between 0 and 100);--> statement-breakpoint
ALTER TABLE "staff_audit_log" ADD COLUMN "flags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "staff_audit_log_flagged" ON "staff_audit_log" USING btree ("shop_id","id") WHERE "flags" <> '{}';
