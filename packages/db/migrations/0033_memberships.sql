-- Monthly memberships (docs/product.md "Memberships", docs/decisions/043): the owner's plans, each customer's
-- membership with its plan's terms copied in, every payment for it (one succeeded payment per month), and the
-- offline test processor's kept cards. Sessions may be paid with a membership: bookings may be paid_with membership,
-- and each such booking records the month it came out of (membership_uses), taken under the membership's row lock.
CREATE TABLE "membership_payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"sub" uuid NOT NULL,
	"membership_id" uuid NOT NULL,
	"period" integer NOT NULL,
	"attempt" text NOT NULL,
	"kind" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_ref" text,
	"client_secret" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "membership_payments_status" CHECK ("membership_payments"."status" in ('pending', 'succeeded', 'failed')),
	CONSTRAINT "membership_payments_kind" CHECK ("membership_payments"."kind" in ('join', 'renewal', 'card_change')),
	CONSTRAINT "membership_payments_amount" CHECK ("membership_payments"."amount_pence" >= 0)
);
--> statement-breakpoint
CREATE TABLE "membership_plans" (
	"id" uuid PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"name" text NOT NULL,
	"price_pence" integer NOT NULL,
	"period" text DEFAULT 'month' NOT NULL,
	"allowance_kind" text NOT NULL,
	"allowance" integer,
	"bed_types" text[] NOT NULL,
	"minimum_periods" integer DEFAULT 0 NOT NULL,
	"max_pause_periods" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_plans_price" CHECK ("membership_plans"."price_pence" >= 30),
	CONSTRAINT "membership_plans_period" CHECK ("membership_plans"."period" = 'month'),
	CONSTRAINT "membership_plans_allowance" CHECK (("membership_plans"."allowance_kind" = 'unlimited' and "membership_plans"."allowance" is null) or ("membership_plans"."allowance_kind" in ('minutes', 'sessions') and "membership_plans"."allowance" > 0)),
	CONSTRAINT "membership_plans_terms" CHECK ("membership_plans"."minimum_periods" between 0 and 24 and "membership_plans"."max_pause_periods" between 0 and 12 and cardinality("membership_plans"."bed_types") > 0)
);
--> statement-breakpoint
CREATE TABLE "membership_uses" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"membership_id" uuid NOT NULL,
	"period" integer NOT NULL,
	"minutes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_uses_minutes" CHECK ("membership_uses"."minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" uuid PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"sub" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"plan_name" text NOT NULL,
	"price_pence" integer NOT NULL,
	"allowance_kind" text NOT NULL,
	"allowance" integer,
	"bed_types" text[] NOT NULL,
	"minimum_periods" integer NOT NULL,
	"max_pause_periods" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"paused_reason" text,
	"provider" text NOT NULL,
	"card_ref" text,
	"card_last4" text,
	"period" integer DEFAULT 0 NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"renewing_period" integer,
	"pause_requested" integer DEFAULT 0 NOT NULL,
	"paused_periods" integer DEFAULT 0 NOT NULL,
	"joined_at" timestamp with time zone,
	"cancel_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_status" CHECK ("memberships"."status" in ('pending', 'active', 'past_due', 'paused', 'cancelled')),
	CONSTRAINT "memberships_paused" CHECK (("memberships"."status" = 'paused') = ("memberships"."paused_reason" is not null) and "memberships"."paused_reason" in ('payment_failed', 'customer')),
	CONSTRAINT "memberships_provider" CHECK ("memberships"."provider" in ('offline', 'stripe')),
	CONSTRAINT "memberships_started" CHECK ("memberships"."status" in ('pending', 'cancelled') or ("memberships"."period_start" is not null and "memberships"."period_end" > "memberships"."period_start" and "memberships"."card_ref" is not null)),
	CONSTRAINT "memberships_cancelled" CHECK (("memberships"."status" = 'cancelled') = ("memberships"."cancelled_at" is not null)),
	CONSTRAINT "memberships_pause" CHECK ("memberships"."pause_requested" >= 0 and "memberships"."paused_periods" >= 0 and "memberships"."pause_requested" + "memberships"."paused_periods" <= "memberships"."max_pause_periods")
);
--> statement-breakpoint
CREATE TABLE "test_kept_cards" (
	"id" text PRIMARY KEY NOT NULL,
	"intent_id" text NOT NULL,
	"outcome" text NOT NULL,
	"last4" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_kept_cards_intent_id_unique" UNIQUE("intent_id"),
	CONSTRAINT "test_kept_cards_outcome" CHECK ("test_kept_cards"."outcome" in ('succeeds', 'declined', 'insufficient_funds'))
);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_paid_with";--> statement-breakpoint
ALTER TABLE "membership_payments" ADD CONSTRAINT "membership_payments_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_payments" ADD CONSTRAINT "membership_payments_customer_fk" FOREIGN KEY ("shop_id","sub") REFERENCES "public"."customers"("shop_id","sub") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_plans" ADD CONSTRAINT "membership_plans_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_uses" ADD CONSTRAINT "membership_uses_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_uses" ADD CONSTRAINT "membership_uses_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_plan_id_membership_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."membership_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_customer_fk" FOREIGN KEY ("shop_id","sub") REFERENCES "public"."customers"("shop_id","sub") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "membership_payments_try" ON "membership_payments" USING btree ("membership_id","period","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_payments_once" ON "membership_payments" USING btree ("membership_id","period") WHERE status = 'succeeded';--> statement-breakpoint
CREATE INDEX "membership_payments_shop_settled" ON "membership_payments" USING btree ("shop_id","settled_at");--> statement-breakpoint
CREATE INDEX "membership_plans_shop" ON "membership_plans" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "membership_uses_month" ON "membership_uses" USING btree ("membership_id","period");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_one_live" ON "memberships" USING btree ("shop_id","sub") WHERE status <> 'cancelled';--> statement-breakpoint
CREATE INDEX "memberships_plan" ON "memberships" USING btree ("plan_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_paid_with" CHECK ("bookings"."paid_with" in ('balance', 'in_salon', 'card', 'membership'));