-- A payment that took money is checked against its promo code's limits again when it succeeds; one over them is
-- refused and refunded (status refused, then refunded, with refused_reason). A phone number earns a referral reward
-- once per shop, ever: referral_rewarded_phones keeps one-way fingerprints only, salted per shop; gen_random_uuid()
-- is evaluated for each existing row, so every shop gets a salt of its own (docs/decisions/021).
CREATE TABLE "referral_rewarded_phones" (
	"shop_id" text NOT NULL,
	"phone_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_rewarded_phones_shop_id_phone_hash_pk" PRIMARY KEY("shop_id","phone_hash"),
	CONSTRAINT "referral_rewarded_phones_hash" CHECK ("referral_rewarded_phones"."phone_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_status";--> statement-breakpoint
ALTER TABLE "commerce_settings" ADD COLUMN "referral_phone_salt" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refused_reason" text;--> statement-breakpoint
ALTER TABLE "referral_rewarded_phones" ADD CONSTRAINT "referral_rewarded_phones_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refused" CHECK (("payments"."refused_reason" is null and "payments"."status" <> 'refused') or ("payments"."refused_reason" in ('already_used', 'used_up') and "payments"."status" in ('refused', 'refunded')));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status" CHECK ("payments"."status" in ('creating', 'pending', 'succeeded', 'refused', 'refunded', 'failed', 'cancelled'));