-- Retention (docs/product.md §4.16): the last time each account signed in (by password, SRP or the hosted sign-in
-- page: each sign-in starts a session), which with bookings and purchases says whether a customer is still active.
-- Filled from the sessions kept so far.
ALTER TABLE "identity_users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
UPDATE "identity_users" SET "last_sign_in_at" = "signed_in"."at"
	FROM (SELECT "sub", max("auth_time") AS "at" FROM "identity_sessions" GROUP BY "sub") AS "signed_in"
	WHERE "signed_in"."sub" = "identity_users"."sub";--> statement-breakpoint
-- The photo ID a member of staff checked at the desk before booking or selling for a customer (docs/product.md §10.2,
-- §10.3): the kind of document, when and who; never its number or a copy. One per customer and salon: a customer
-- checked once is not asked again, however many desks record it at once. Erasing the customer clears the kind of
-- document and keeps the fact of the check (the age check is part of the session history the salon must keep).
CREATE TABLE "photo_id_checks" (
	"shop_id" text NOT NULL,
	"sub" uuid NOT NULL,
	"document" text,
	"checked_at" timestamp with time zone NOT NULL,
	"checked_by" uuid NOT NULL,
	"checked_by_name" text NOT NULL,
	"erased_at" timestamp with time zone,
	CONSTRAINT "photo_id_checks_shop_id_sub_pk" PRIMARY KEY("shop_id","sub"),
	CONSTRAINT "photo_id_checks_customer_fk" FOREIGN KEY ("shop_id","sub") REFERENCES "customers"("shop_id","sub") ON DELETE CASCADE,
	CONSTRAINT "photo_id_checks_document" CHECK ("document" in ('passport', 'driving_licence', 'pass_card', 'other')),
	CONSTRAINT "photo_id_checks_erased" CHECK (("document" is null) = ("erased_at" is not null))
);
