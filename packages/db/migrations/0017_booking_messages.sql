-- A booking asks for its messages and its refund in the transaction that changes it, whichever path changes it
-- (the customer, the salon's staff, a card payment succeeding): jobs on the shared queue (docs/decisions/029,
-- docs/product.md §4.14), due at once, each made once by its key.
-- - booked (made booked, or its card payment succeeded): the confirmation, whose handler also asks for the reminder;
-- - moved while booked: a reminder for the new time (the one for the old time finds the booking moved, and sends nothing);
-- - cancelled once booked: the cancellation message and, for a card-paid session, the refund, recorded as owed.
-- cancelled_by names the member of staff who cancelled on the customer's behalf.
ALTER TABLE "bookings" ADD COLUMN "cancelled_by" uuid;--> statement-breakpoint
CREATE FUNCTION "bookings_ask_for_messages"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owed uuid;
BEGIN
  IF NEW."status" = 'booked' AND (TG_OP = 'INSERT' OR OLD."status" = 'pending') THEN
    INSERT INTO "jobs" ("id", "kind", "payload", "key", "run_at")
    VALUES (gen_random_uuid(), 'booking.confirmed', jsonb_build_object('bookingId', NEW."id"), 'confirmation:' || NEW."id", '-infinity')
    ON CONFLICT ("key") DO NOTHING;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    IF NEW."status" = 'booked' AND OLD."status" = 'booked' AND NEW."starts_at" <> OLD."starts_at" THEN
      INSERT INTO "jobs" ("id", "kind", "payload", "key", "run_at")
      VALUES (gen_random_uuid(), 'booking.moved', jsonb_build_object('bookingId', NEW."id"),
        'moved:' || NEW."id" || ':' || floor(extract(epoch from NEW."starts_at"))::bigint, '-infinity')
      ON CONFLICT ("key") DO NOTHING;
    END IF;
    IF NEW."status" = 'cancelled' AND OLD."status" = 'booked' THEN
      INSERT INTO "jobs" ("id", "kind", "payload", "key", "run_at")
      VALUES (gen_random_uuid(), 'booking.cancelled', jsonb_build_object('bookingId', NEW."id"), 'cancellation:' || NEW."id", '-infinity')
      ON CONFLICT ("key") DO NOTHING;
      IF NEW."paid_with" = 'card' THEN
        UPDATE "payments" SET "refund_owed_at" = now()
          WHERE "booking_id" = NEW."id" AND "purpose" = 'session' AND "status" = 'succeeded' AND "refund_owed_at" IS NULL
          RETURNING "id" INTO owed;
        IF owed IS NOT NULL THEN
          INSERT INTO "jobs" ("id", "kind", "payload", "key", "run_at", "max_attempts")
          VALUES (gen_random_uuid(), 'payment.refund', jsonb_build_object('paymentId', owed), 'refund:' || owed, '-infinity', 12)
          ON CONFLICT ("key") DO NOTHING;
        END IF;
      END IF;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "bookings_ask_for_messages" AFTER INSERT OR UPDATE OF "status", "starts_at" ON "bookings" FOR EACH ROW EXECUTE FUNCTION "bookings_ask_for_messages"();
