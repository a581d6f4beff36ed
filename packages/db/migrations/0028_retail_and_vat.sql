-- Products sold at the counter (docs/product.md §10.3): the price list's extras get a VAT rate, a stock that never
-- goes below zero and a low-stock mark; a sale's products are its sale_items, copied in when sold. A payment of purpose
-- retail (products alone) may have no customer. The salon's VAT number, set in Manage, puts VAT on its receipts.
CREATE TABLE "sale_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"extra_id" text,
	"line" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_pence" integer NOT NULL,
	"vat_rate_bps" integer NOT NULL,
	CONSTRAINT "sale_items_values" CHECK ("sale_items"."quantity" between 1 and 100 and "sale_items"."unit_price_pence" >= 0 and "sale_items"."vat_rate_bps" in (0, 500, 2000))
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_purpose";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "sub" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "price_extras" ADD COLUMN "vat_rate_bps" integer DEFAULT 2000 NOT NULL;--> statement-breakpoint
ALTER TABLE "price_extras" ADD COLUMN "stock" integer;--> statement-breakpoint
ALTER TABLE "price_extras" ADD COLUMN "low_stock_at" integer;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "sale_items" ADD CONSTRAINT "sale_items_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_items" ADD CONSTRAINT "sale_items_extra_id_price_extras_id_fk" FOREIGN KEY ("extra_id") REFERENCES "public"."price_extras"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sale_items_payment_line" ON "sale_items" USING btree ("payment_id","line");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_no_customer" ON "payments" USING btree ("shop_id","idempotency_key") WHERE sub is null;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_customer" CHECK ("payments"."sub" is not null or "payments"."purpose" = 'retail');--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_purpose" CHECK (("payments"."purpose" = 'package' and "payments"."package_id" is not null and "payments"."lot_minutes" > 0 and "payments"."lot_validity_days" > 0 and "payments"."lot_bed_types" is not null)
      or ("payments"."purpose" = 'session' and "payments"."booking_id" is not null)
      or ("payments"."purpose" = 'minutes' and "payments"."package_id" is null and "payments"."booking_id" is null and "payments"."lot_minutes" > 0 and "payments"."lot_validity_days" > 0 and "payments"."lot_bed_types" is not null and "payments"."provider" in ('cash', 'card_terminal'))
      or ("payments"."purpose" = 'retail' and "payments"."package_id" is null and "payments"."booking_id" is null and "payments"."lot_minutes" is null and "payments"."provider" in ('cash', 'card_terminal')));--> statement-breakpoint
ALTER TABLE "price_extras" ADD CONSTRAINT "price_extras_vat_rate" CHECK ("price_extras"."vat_rate_bps" in (0, 500, 2000));--> statement-breakpoint
ALTER TABLE "price_extras" ADD CONSTRAINT "price_extras_stock" CHECK (("price_extras"."stock" is null or "price_extras"."stock" >= 0) and ("price_extras"."low_stock_at" is null or "price_extras"."low_stock_at" >= 0));--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_vat_number" CHECK ("shops"."vat_number" is null or "shops"."vat_number" ~ '^GB([0-9]{9}|[0-9]{12})$');