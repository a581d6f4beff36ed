-- Sunbed safety (docs/product.md §4.15, docs/decisions/031-sunbed-law-by-nation.md): the nation whose sunbed law the
-- salon follows, its pause after a skin reaction and its yearly limit of sessions; the health questions a customer
-- answers before their first session and a member of staff's clearance of a "yes"; skin reactions reported after a
-- session and their clearance.
ALTER TABLE "shops" ADD COLUMN "nation" text DEFAULT 'england' NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "reaction_pause_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "yearly_session_limit" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "health_questions_revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_nation" CHECK ("nation" in ('england', 'wales', 'scotland', 'northern-ireland'));--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_sunbed_settings" CHECK ("reaction_pause_days" between 1 and 90 and "yearly_session_limit" between 1 and 366 and "health_questions_revision" >= 1);--> statement-breakpoint
CREATE TABLE "health_answers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"sub" uuid NOT NULL,
	"version" text NOT NULL,
	"answers" jsonb NOT NULL,
	"any_yes" boolean NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	"recorded_by" uuid,
	"cleared_by" uuid,
	"cleared_by_name" text,
	"cleared_at" timestamp with time zone,
	"cleared_reason" text,
	CONSTRAINT "health_answers_customer_fk" FOREIGN KEY ("shop_id", "sub") REFERENCES "customers"("shop_id", "sub") ON DELETE CASCADE,
	CONSTRAINT "health_answers_cleared" CHECK (("cleared_at" is null) = ("cleared_by" is null) and ("cleared_at" is null) = ("cleared_reason" is null) and ("cleared_at" is null or "any_yes"))
);--> statement-breakpoint
CREATE INDEX "health_answers_customer" ON "health_answers" USING btree ("shop_id", "sub", "answered_at");--> statement-breakpoint
CREATE TABLE "skin_reactions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"sub" uuid NOT NULL,
	"booking_id" uuid NOT NULL REFERENCES "bookings"("id") ON DELETE CASCADE,
	"kinds" text[] NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"reported_by" uuid,
	"after_first_session" boolean NOT NULL,
	"needs_clearance" boolean NOT NULL,
	"cleared_by" uuid,
	"cleared_by_name" text,
	"cleared_at" timestamp with time zone,
	"cleared_reason" text,
	CONSTRAINT "skin_reactions_customer_fk" FOREIGN KEY ("shop_id", "sub") REFERENCES "customers"("shop_id", "sub") ON DELETE CASCADE,
	CONSTRAINT "skin_reactions_kinds" CHECK (cardinality("kinds") between 1 and 3 and "kinds" <@ array['redness', 'itching', 'soreness']::text[]),
	CONSTRAINT "skin_reactions_note" CHECK (length("note") <= 500),
	CONSTRAINT "skin_reactions_cleared" CHECK (("cleared_at" is null) = ("cleared_by" is null) and ("cleared_at" is null) = ("cleared_reason" is null) and ("cleared_at" is null or "needs_clearance"))
);--> statement-breakpoint
CREATE INDEX "skin_reactions_customer" ON "skin_reactions" USING btree ("shop_id", "sub", "reported_at");--> statement-breakpoint
CREATE INDEX "skin_reactions_shop_time" ON "skin_reactions" USING btree ("shop_id", "reported_at");--> statement-breakpoint
-- Health answers and reactions are health data: erasing a customer's record removes them with the rest of what is personal.
CREATE FUNCTION "sunbed_safety_erase"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "health_answers" WHERE "shop_id" = NEW."shop_id" AND "sub" = NEW."sub";
	DELETE FROM "skin_reactions" WHERE "shop_id" = NEW."shop_id" AND "sub" = NEW."sub";
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "customers_sunbed_safety_erase" AFTER UPDATE OF "erased_at" ON "customers" FOR EACH ROW WHEN (NEW."erased_at" IS NOT NULL AND OLD."erased_at" IS NULL) EXECUTE FUNCTION "sunbed_safety_erase"();
