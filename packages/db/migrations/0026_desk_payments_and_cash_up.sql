-- Taking payment at the desk (docs/product.md §10.2, §10.3): a session to be paid in the salon is paid once, by cash,
-- on the card terminal (a payments row, unique per session while it stands) or from the customer's minutes (paid_with
-- becomes balance), with when and who; the owner may undo it. A day's cash-up keeps the float, what was counted and
-- what the takings said should be there, and who closed the day, once per salon and date.
CREATE TABLE "cash_ups" (
	"shop_id" text NOT NULL,
	"local_date" date NOT NULL,
	"float_pence" integer NOT NULL,
	"counted_cash_pence" integer NOT NULL,
	"counted_card_pence" integer NOT NULL,
	"expected_cash_pence" integer NOT NULL,
	"expected_card_pence" integer NOT NULL,
	"note" text,
	"closed_at" timestamp with time zone NOT NULL,
	"closed_by" uuid NOT NULL,
	"closed_by_name" text NOT NULL,
	CONSTRAINT "cash_ups_shop_id_local_date_pk" PRIMARY KEY("shop_id","local_date"),
	CONSTRAINT "cash_ups_amounts" CHECK ("cash_ups"."float_pence" >= 0 and "cash_ups"."counted_cash_pence" >= 0 and "cash_ups"."counted_card_pence" >= 0)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "desk_payment" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "desk_paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "desk_paid_by" uuid;--> statement-breakpoint
ALTER TABLE "cash_ups" ADD CONSTRAINT "cash_ups_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_desk_session_once" ON "payments" USING btree ("booking_id") WHERE provider in ('cash', 'card_terminal') and status = 'succeeded' and booking_id is not null;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_desk_payment" CHECK (("bookings"."desk_payment" is null and "bookings"."desk_paid_at" is null and "bookings"."desk_paid_by" is null)
      or ("bookings"."desk_payment" in ('cash', 'card_terminal') and "bookings"."paid_with" = 'in_salon' and "bookings"."desk_paid_at" is not null and "bookings"."desk_paid_by" is not null)
      or ("bookings"."desk_payment" = 'balance' and "bookings"."paid_with" = 'balance' and "bookings"."desk_paid_at" is not null and "bookings"."desk_paid_by" is not null));