-- The counter (docs/product.md §10.3): minutes sold loose, without a package, are a payment of their own purpose;
-- and a payment given back records when, so a day's takings count its refunds on the day they were made.
ALTER TABLE "payments" DROP CONSTRAINT "payments_purpose";
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_purpose" CHECK (("payments"."purpose" = 'package' and "payments"."package_id" is not null and "payments"."lot_minutes" > 0 and "payments"."lot_validity_days" > 0 and "payments"."lot_bed_types" is not null)
      or ("payments"."purpose" = 'session' and "payments"."booking_id" is not null)
      or ("payments"."purpose" = 'minutes' and "payments"."package_id" is null and "payments"."booking_id" is null and "payments"."lot_minutes" > 0 and "payments"."lot_validity_days" > 0 and "payments"."lot_bed_types" is not null and "payments"."provider" in ('cash', 'card_terminal')));
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "payments" SET "refunded_at" = coalesce("succeeded_at", "created_at") WHERE "status" = 'refunded';
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunded_at" CHECK ("payments"."refunded_at" is null or "payments"."status" = 'refunded');
--> statement-breakpoint
CREATE INDEX "payments_shop_refunded" ON "payments" USING btree ("shop_id","refunded_at") WHERE "refunded_at" is not null;
