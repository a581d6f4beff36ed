-- Gift voucher credit pays for sessions (docs/product.md "Gift vouchers"): a booking may be paid with credit, online
-- when booked or at the desk, spent on one payments row per session while it stands.
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_paid_with";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_desk_payment";--> statement-breakpoint
CREATE UNIQUE INDEX "payments_credit_session_once" ON "payments" USING btree ("booking_id") WHERE provider = 'credit' and status = 'succeeded' and booking_id is not null;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_paid_with" CHECK ("bookings"."paid_with" in ('balance', 'in_salon', 'card', 'membership', 'credit'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_desk_payment" CHECK (("bookings"."desk_payment" is null and "bookings"."desk_paid_at" is null and "bookings"."desk_paid_by" is null)
      or ("bookings"."desk_payment" in ('cash', 'card_terminal') and "bookings"."paid_with" = 'in_salon' and "bookings"."desk_paid_at" is not null and "bookings"."desk_paid_by" is not null)
      or ("bookings"."desk_payment" = 'balance' and "bookings"."paid_with" = 'balance' and "bookings"."desk_paid_at" is not null and "bookings"."desk_paid_by" is not null)
      or ("bookings"."desk_payment" = 'credit' and "bookings"."paid_with" = 'credit' and "bookings"."desk_paid_at" is not null and "bookings"."desk_paid_by" is not null));