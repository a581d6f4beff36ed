-- Sessions paid with a membership (docs/product.md "Memberships"): bookings may be paid_with membership, and each
-- such booking records the month it came out of (membership_uses), taken under the membership's row lock.
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
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_paid_with";--> statement-breakpoint
ALTER TABLE "membership_uses" ADD CONSTRAINT "membership_uses_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_uses" ADD CONSTRAINT "membership_uses_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "membership_uses_month" ON "membership_uses" USING btree ("membership_id","period");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_paid_with" CHECK ("bookings"."paid_with" in ('balance', 'in_salon', 'card', 'membership'));