-- Gift vouchers (docs/decisions/042): the owner's voucher settings, vouchers (their codes kept as a SHA-256 only),
-- what was spent of each, and customers' credit in pounds from redeemed vouchers with what was spent of it. Payments
-- may now buy a voucher (online by a visitor with no account too), and a package may be paid for from credit.
CREATE TABLE "credit_lots" (
	"id" uuid PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"sub" uuid NOT NULL,
	"voucher_id" uuid NOT NULL,
	"amount_pence" integer NOT NULL,
	"remaining_pence" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_lots_remaining" CHECK ("credit_lots"."remaining_pence" >= 0 and "credit_lots"."remaining_pence" <= "credit_lots"."amount_pence")
);
--> statement-breakpoint
CREATE TABLE "credit_spends" (
	"id" uuid PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"sub" uuid NOT NULL,
	"credit_lot_id" uuid NOT NULL,
	"payment_id" uuid,
	"amount_pence" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "credit_spends_amount" CHECK ("credit_spends"."amount_pence" > 0)
);
--> statement-breakpoint
CREATE TABLE "gift_vouchers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"code_hash" text NOT NULL,
	"code_end" text NOT NULL,
	"pending_code" text,
	"status" text NOT NULL,
	"value_pence" integer NOT NULL,
	"remaining_pence" integer NOT NULL,
	"package_id" text,
	"payment_id" uuid,
	"buyer_sub" uuid,
	"from_name" text NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_phone" text,
	"recipient_email" text,
	"message" text,
	"send_on" date,
	"sold_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	CONSTRAINT "gift_vouchers_status" CHECK ("gift_vouchers"."status" in ('awaiting_payment', 'issued', 'void')),
	CONSTRAINT "gift_vouchers_remaining" CHECK ("gift_vouchers"."remaining_pence" >= 0 and "gift_vouchers"."remaining_pence" <= "gift_vouchers"."value_pence"),
	CONSTRAINT "gift_vouchers_value" CHECK ("gift_vouchers"."value_pence" >= 100 and "gift_vouchers"."value_pence" <= 100000),
	CONSTRAINT "gift_vouchers_issued" CHECK ("gift_vouchers"."status" = 'awaiting_payment' or ("gift_vouchers"."issued_at" is not null and "gift_vouchers"."expires_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "voucher_redemptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"voucher_id" uuid NOT NULL,
	"amount_pence" integer NOT NULL,
	"sub" uuid,
	"recorded_by" uuid,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "voucher_redemptions_amount" CHECK ("voucher_redemptions"."amount_pence" > 0)
);
--> statement-breakpoint
CREATE TABLE "voucher_settings" (
	"shop_id" text PRIMARY KEY NOT NULL,
	"amounts_pence" integer[] NOT NULL,
	"packages_as_gifts" boolean NOT NULL,
	"expiry_months" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "voucher_settings_expiry" CHECK ("voucher_settings"."expiry_months" >= 12 and "voucher_settings"."expiry_months" <= 60)
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_provider";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_purpose";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_customer";--> statement-breakpoint
ALTER TABLE "credit_lots" ADD CONSTRAINT "credit_lots_voucher_id_gift_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."gift_vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_lots" ADD CONSTRAINT "credit_lots_customer_fk" FOREIGN KEY ("shop_id","sub") REFERENCES "public"."customers"("shop_id","sub") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_spends" ADD CONSTRAINT "credit_spends_credit_lot_id_credit_lots_id_fk" FOREIGN KEY ("credit_lot_id") REFERENCES "public"."credit_lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_spends" ADD CONSTRAINT "credit_spends_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_vouchers" ADD CONSTRAINT "gift_vouchers_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_voucher_id_gift_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."gift_vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_lots_customer" ON "credit_lots" USING btree ("shop_id","sub");--> statement-breakpoint
CREATE INDEX "credit_spends_customer" ON "credit_spends" USING btree ("shop_id","sub");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_vouchers_code" ON "gift_vouchers" USING btree ("shop_id","code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_vouchers_payment" ON "gift_vouchers" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "gift_vouchers_shop_issued" ON "gift_vouchers" USING btree ("shop_id","issued_at");--> statement-breakpoint
CREATE INDEX "voucher_redemptions_voucher" ON "voucher_redemptions" USING btree ("voucher_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_provider" CHECK ("payments"."provider" in ('offline', 'stripe', 'cash', 'card_terminal', 'credit'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_purpose" CHECK (("payments"."purpose" = 'package' and "payments"."package_id" is not null and "payments"."lot_minutes" > 0 and "payments"."lot_validity_days" > 0 and "payments"."lot_bed_types" is not null)
      or ("payments"."purpose" = 'session' and "payments"."booking_id" is not null)
      or ("payments"."purpose" = 'minutes' and "payments"."package_id" is null and "payments"."booking_id" is null and "payments"."lot_minutes" > 0 and "payments"."lot_validity_days" > 0 and "payments"."lot_bed_types" is not null and "payments"."provider" in ('cash', 'card_terminal'))
      or ("payments"."purpose" = 'retail' and "payments"."package_id" is null and "payments"."booking_id" is null and "payments"."lot_minutes" is null and "payments"."provider" in ('cash', 'card_terminal'))
      or ("payments"."purpose" = 'voucher' and "payments"."booking_id" is null and "payments"."lot_minutes" is null));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_customer" CHECK ("payments"."sub" is not null or "payments"."purpose" in ('retail', 'voucher'));