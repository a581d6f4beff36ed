-- A card-paid session's refund is owed from the moment the booking was cancelled, as the app's clock wrote it in
-- cancelled_at, not from the database's own clock beside it (docs/architecture.md, "Time"). The function is the
-- one of migration 0017 with that one change (every cancellation writes cancelled_at; the database's clock stays
-- only as a guard, so a refund is never owed without a time).
CREATE OR REPLACE FUNCTION "bookings_ask_for_messages"() RETURNS trigger LANGUAGE plpgsql AS $$
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
        UPDATE "payments" SET "refund_owed_at" = coalesce(NEW."cancelled_at", now())
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
$$;
