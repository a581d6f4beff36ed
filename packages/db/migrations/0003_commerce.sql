CREATE TABLE "commerce_settings" (
	"shop_id" text PRIMARY KEY NOT NULL,
	"referral_reward_minutes" integer DEFAULT 10 NOT NULL,
	"referral_reward_validity_days" integer DEFAULT 90 NOT NULL,
	CONSTRAINT "commerce_settings_values" CHECK ("commerce_settings"."referral_reward_minutes" >= 0 and "commerce_settings"."referral_reward_validity_days" > 0)
);
--> statement-breakpoint
CREATE TABLE "minute_lots" (
	"id" uuid PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"sub" uuid NOT NULL,
	"source" text NOT NULL,
	"label" text NOT NULL,
	"minutes" integer NOT NULL,
	"remaining" integer DEFAULT 0 NOT NULL,
	"bed_types" text[] NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"payment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "minute_lots_source" CHECK ("minute_lots"."source" in ('purchase', 'referral', 'adjustment')),
	CONSTRAINT "minute_lots_remaining" CHECK ("minute_lots"."minutes" > 0 and "minute_lots"."remaining" between 0 and "minute_lots"."minutes"),
	CONSTRAINT "minute_lots_purchase" CHECK (("minute_lots"."source" = 'purchase') = ("minute_lots"."payment_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"sub" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"client_secret" text,
	"status" text DEFAULT 'creating' NOT NULL,
	"purpose" text NOT NULL,
	"package_id" text,
	"booking_id" uuid,
	"description" text NOT NULL,
	"price_pence" integer NOT NULL,
	"discount_pence" integer DEFAULT 0 NOT NULL,
	"amount_pence" integer NOT NULL,
	"currency" text DEFAULT 'gbp' NOT NULL,
	"promo_code_id" uuid,
	"lot_minutes" integer,
	"lot_bed_types" text[],
	"lot_validity_days" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"succeeded_at" timestamp with time zone,
	"card_last4" text,
	CONSTRAINT "payments_provider" CHECK ("payments"."provider" in ('offline', 'stripe')),
	CONSTRAINT "payments_status" CHECK ("payments"."status" in ('creating', 'pending', 'succeeded', 'refunded', 'failed', 'cancelled')),
	CONSTRAINT "payments_purpose" CHECK (("payments"."purpose" = 'package' and "payments"."package_id" is not null and "payments"."lot_minutes" > 0 and "payments"."lot_validity_days" > 0 and "payments"."lot_bed_types" is not null)
      or ("payments"."purpose" = 'session' and "payments"."booking_id" is not null)),
	CONSTRAINT "payments_amount" CHECK ("payments"."discount_pence" >= 0 and "payments"."amount_pence" = "payments"."price_pence" - "payments"."discount_pence" and "payments"."amount_pence" >= 30),
	CONSTRAINT "payments_currency" CHECK ("payments"."currency" = 'gbp')
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"max_uses" integer,
	"max_uses_per_customer" integer DEFAULT 1 NOT NULL,
	"package_ids" text[],
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_code_format" CHECK ("promo_codes"."code" ~ '^[A-Z0-9-]{3,32}$'),
	CONSTRAINT "promo_codes_kind" CHECK ("promo_codes"."kind" in ('percent', 'fixed')),
	CONSTRAINT "promo_codes_amount" CHECK ("promo_codes"."amount" > 0 and ("promo_codes"."kind" <> 'percent' or "promo_codes"."amount" <= 100)),
	CONSTRAINT "promo_codes_dates" CHECK ("promo_codes"."valid_from" < "promo_codes"."valid_until"),
	CONSTRAINT "promo_codes_limits" CHECK (("promo_codes"."max_uses" is null or "promo_codes"."max_uses" > 0) and "promo_codes"."max_uses_per_customer" > 0)
);
--> statement-breakpoint
CREATE TABLE "promo_redemptions" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"promo_code_id" uuid NOT NULL,
	"shop_id" text NOT NULL,
	"sub" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_codes" (
	"shop_id" text NOT NULL,
	"sub" uuid NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_codes_shop_id_sub_pk" PRIMARY KEY("shop_id","sub"),
	CONSTRAINT "referral_codes_format" CHECK ("referral_codes"."code" ~ '^[A-Z0-9]{6,12}$')
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"shop_id" text NOT NULL,
	"friend_sub" uuid NOT NULL,
	"referrer_sub" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rewarded_payment_id" uuid,
	"rewarded_at" timestamp with time zone,
	CONSTRAINT "referrals_shop_id_friend_sub_pk" PRIMARY KEY("shop_id","friend_sub"),
	CONSTRAINT "referrals_not_self" CHECK ("referrals"."friend_sub" <> "referrals"."referrer_sub"),
	CONSTRAINT "referrals_reward" CHECK (("referrals"."rewarded_payment_id" is null) = ("referrals"."rewarded_at" is null))
);
--> statement-breakpoint
CREATE TABLE "test_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"currency" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'requires_payment_method' NOT NULL,
	"last_error" text,
	"card_last4" text,
	"metadata" jsonb NOT NULL,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_payment_intents_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "test_payment_intents_status" CHECK ("test_payment_intents"."status" in ('requires_payment_method', 'requires_action', 'succeeded', 'canceled'))
);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_status";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_paid_with";--> statement-breakpoint
DROP INDEX "balance_ledger_booking_once";--> statement-breakpoint
ALTER TABLE "balance_ledger" ADD COLUMN "lot_id" uuid;--> statement-breakpoint
ALTER TABLE "booking_rules" ADD COLUMN "pay_up_front" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "hold_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "commerce_settings" ADD CONSTRAINT "commerce_settings_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "minute_lots" ADD CONSTRAINT "minute_lots_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "minute_lots" ADD CONSTRAINT "minute_lots_shop_id_sub_customers_shop_id_sub_fk" FOREIGN KEY ("shop_id","sub") REFERENCES "public"."customers"("shop_id","sub") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_shop_id_sub_customers_shop_id_sub_fk" FOREIGN KEY ("shop_id","sub") REFERENCES "public"."customers"("shop_id","sub") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_shop_id_sub_customers_shop_id_sub_fk" FOREIGN KEY ("shop_id","sub") REFERENCES "public"."customers"("shop_id","sub") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_rewarded_payment_id_payments_id_fk" FOREIGN KEY ("rewarded_payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_shop_id_friend_sub_customers_shop_id_sub_fk" FOREIGN KEY ("shop_id","friend_sub") REFERENCES "public"."customers"("shop_id","sub") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_shop_id_referrer_sub_customers_shop_id_sub_fk" FOREIGN KEY ("shop_id","referrer_sub") REFERENCES "public"."customers"("shop_id","sub") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "minute_lots_owner" ON "minute_lots" USING btree ("id","shop_id","sub");--> statement-breakpoint
CREATE UNIQUE INDEX "minute_lots_one_per_payment" ON "minute_lots" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "minute_lots_customer" ON "minute_lots" USING btree ("shop_id","sub","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency" ON "payments" USING btree ("shop_id","sub","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref" ON "payments" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "payments_promo_code" ON "payments" USING btree ("promo_code_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code" ON "promo_codes" USING btree ("shop_id","code");--> statement-breakpoint
CREATE INDEX "promo_redemptions_code" ON "promo_redemptions" USING btree ("promo_code_id","sub");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_codes_code" ON "referral_codes" USING btree ("shop_id","code");--> statement-breakpoint
CREATE INDEX "referrals_referrer" ON "referrals" USING btree ("shop_id","referrer_sub");--> statement-breakpoint
ALTER TABLE "balance_ledger" ADD CONSTRAINT "balance_ledger_lot_id_shop_id_sub_minute_lots_id_shop_id_sub_fk" FOREIGN KEY ("lot_id","shop_id","sub") REFERENCES "public"."minute_lots"("id","shop_id","sub") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_ledger_lot" ON "balance_ledger" USING btree ("lot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "balance_ledger_expiry_once" ON "balance_ledger" USING btree ("lot_id") WHERE kind = 'expiry';--> statement-breakpoint
CREATE UNIQUE INDEX "balance_ledger_booking_once" ON "balance_ledger" USING btree ("booking_id","kind","lot_id") WHERE booking_id is not null;--> statement-breakpoint
ALTER TABLE "balance_ledger" ADD CONSTRAINT "balance_ledger_expiry" CHECK ("balance_ledger"."kind" <> 'expiry' or "balance_ledger"."minutes" < 0);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_hold" CHECK (("bookings"."status" = 'pending') = ("bookings"."hold_until" is not null) or "bookings"."status" = 'cancelled');--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status" CHECK ("bookings"."status" in ('pending', 'booked', 'attended', 'cancelled'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_paid_with" CHECK ("bookings"."paid_with" in ('balance', 'in_salon', 'card'));--> statement-breakpoint
-- Written by hand (docs/decisions/014): a lot's remaining minutes follow its ledger rows, kept by the database alone.
-- The check constraint minute_lots_remaining (0 <= remaining <= minutes) is what refuses spending past a lot, and the
-- row lock the UPDATE takes settles two spenders of one lot one after the other, whatever the concurrency.
CREATE FUNCTION "minute_lots_follow_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "minute_lots" SET "remaining" = "remaining" + NEW."minutes" WHERE "id" = NEW."lot_id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "minute_lots_follow_ledger" AFTER INSERT ON "balance_ledger" FOR EACH ROW WHEN (NEW."lot_id" IS NOT NULL) EXECUTE FUNCTION "minute_lots_follow_ledger"();--> statement-breakpoint
-- A lot never changes but through its ledger: an update from anywhere but the trigger above is refused, and so is a delete.
CREATE FUNCTION "minute_lots_only_through_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR pg_trigger_depth() < 2
    OR (NEW."id", NEW."shop_id", NEW."sub", NEW."source", NEW."label", NEW."minutes", NEW."bed_types", NEW."expires_at", NEW."payment_id", NEW."created_at")
      IS DISTINCT FROM (OLD."id", OLD."shop_id", OLD."sub", OLD."source", OLD."label", OLD."minutes", OLD."bed_types", OLD."expires_at", OLD."payment_id", OLD."created_at") THEN
    RAISE EXCEPTION 'minute_lots change only through balance_ledger: add a ledger row instead';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "minute_lots_only_through_ledger" BEFORE UPDATE OR DELETE ON "minute_lots" FOR EACH ROW EXECUTE FUNCTION "minute_lots_only_through_ledger"();--> statement-breakpoint
-- Minutes held before lots existed become one lot per customer, for every bed type of the shop, for a year:
-- a row without a lot takes them out and the lot's first row puts them back, so every balance stays the same sum.
CREATE TEMPORARY TABLE "carried_over" AS
  SELECT gen_random_uuid() AS "lot_id", l."shop_id", l."sub", sum(l."minutes")::int AS "minutes"
  FROM "balance_ledger" l GROUP BY l."shop_id", l."sub" HAVING sum(l."minutes") > 0;--> statement-breakpoint
INSERT INTO "minute_lots" ("id", "shop_id", "sub", "source", "label", "minutes", "bed_types", "expires_at")
  SELECT c."lot_id", c."shop_id", c."sub", 'adjustment', 'Balance carried over', c."minutes",
    coalesce((SELECT array_agg(t."code" ORDER BY t."sort_order") FROM "bed_types" t WHERE t."shop_id" = c."shop_id"), '{}'),
    now() + interval '365 days'
  FROM "carried_over" c;--> statement-breakpoint
INSERT INTO "balance_ledger" ("shop_id", "sub", "minutes", "kind")
  SELECT c."shop_id", c."sub", -c."minutes", 'adjustment' FROM "carried_over" c;--> statement-breakpoint
INSERT INTO "balance_ledger" ("shop_id", "sub", "minutes", "kind", "lot_id")
  SELECT c."shop_id", c."sub", c."minutes", 'adjustment', c."lot_id" FROM "carried_over" c;--> statement-breakpoint
DROP TABLE "carried_over";--> statement-breakpoint
-- From now on every row names its lot; the rows written before lots existed keep none (NOT VALID leaves them be).
ALTER TABLE "balance_ledger" ADD CONSTRAINT "balance_ledger_lot" CHECK ("lot_id" IS NOT NULL) NOT VALID;
