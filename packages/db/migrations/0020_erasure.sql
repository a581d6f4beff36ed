-- Written by hand: drizzle cannot declare triggers (docs/decisions/005).
-- Erasing a customer (docs/product.md §4.12, §10.5) removes what names them from every table, not only their record.
--
-- The audit log stays append-only but for one change: an erasure redacts, once, each entry about the erased customer.
-- The staff's note (reason) goes and before/after may only lose keys; who did what, to what and when stays, and
-- redacted_at says the entry was redacted. Any other column changed is refused, so is a second redaction.
ALTER TABLE "staff_audit_log" ADD COLUMN "redacted_at" timestamp with time zone;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "staff_audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unchanged "staff_audit_log"%ROWTYPE;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."redacted_at" IS NULL AND NEW."redacted_at" IS NOT NULL AND NEW."reason" IS NULL
    AND (NEW."before" IS NULL OR OLD."before" @> NEW."before") AND (NEW."after" IS NULL OR OLD."after" @> NEW."after") THEN
    unchanged := NEW;
    unchanged."reason" := OLD."reason";
    unchanged."before" := OLD."before";
    unchanged."after" := OLD."after";
    unchanged."redacted_at" := OLD."redacted_at";
    IF unchanged IS NOT DISTINCT FROM OLD THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'staff_audit_log is append-only';
END $$;--> statement-breakpoint
-- A message about a customer is never written once their record is erased. The customer's row is read FOR SHARE:
-- an erasure under way holds it FOR UPDATE and is waited for, one that committed is seen. So a job that read the
-- booking before the erasure and claims its message after it writes nothing (the claim finds no row and sends
-- nothing), and a claim made first commits before the erasure removes it with the rest.
CREATE FUNCTION "customer_messages_not_for_erased"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  erased timestamptz;
BEGIN
  SELECT c."erased_at" INTO erased FROM "customers" c WHERE c."shop_id" = NEW."shop_id" AND c."sub" = NEW."sub" FOR SHARE;
  IF erased IS NOT NULL THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "customer_messages_not_for_erased" BEFORE INSERT ON "customer_messages" FOR EACH ROW WHEN (NEW."sub" IS NOT NULL) EXECUTE FUNCTION "customer_messages_not_for_erased"();--> statement-breakpoint
-- Customers erased before this migration: what erasure now removes of them and can still be found by their sub (their
-- number and address are gone from their record, so their contact messages and offer requests cannot be found).
DELETE FROM "outbox" o USING "customer_messages" m, "customers" c
  WHERE m."provider_ref" = 'outbox:' || o."id" AND c."shop_id" = m."shop_id" AND c."sub" = m."sub" AND c."erased_at" IS NOT NULL;--> statement-breakpoint
DELETE FROM "customer_messages" m USING "customers" c WHERE c."shop_id" = m."shop_id" AND c."sub" = m."sub" AND c."erased_at" IS NOT NULL;--> statement-breakpoint
DELETE FROM "referral_codes" r USING "customers" c WHERE c."shop_id" = r."shop_id" AND c."sub" = r."sub" AND c."erased_at" IS NOT NULL;--> statement-breakpoint
UPDATE "bookings" b SET "override_reason" = NULL FROM "customers" c
  WHERE c."shop_id" = b."shop_id" AND c."sub" = b."sub" AND c."erased_at" IS NOT NULL AND b."override_reason" IS NOT NULL;--> statement-breakpoint
UPDATE "staff_audit_log" a SET
    "reason" = NULL,
    "before" = CASE WHEN jsonb_typeof(a."before") = 'object' THEN a."before" - 'blockedReason' ELSE a."before" END,
    "after" = CASE WHEN jsonb_typeof(a."after") = 'object' THEN a."after" - 'blockedReason' ELSE a."after" END,
    "redacted_at" = c."erased_at"
  FROM "customers" c
  WHERE c."erased_at" IS NOT NULL AND a."shop_id" = c."shop_id" AND a."redacted_at" IS NULL AND a."action" <> 'customer.erased'
    AND ((a."subject_type" = 'customer' AND a."subject_id" = c."sub"::text)
      OR (a."subject_type" = 'booking' AND EXISTS (SELECT 1 FROM "bookings" b WHERE b."id"::text = a."subject_id" AND b."shop_id" = c."shop_id" AND b."sub" = c."sub"))
      OR (a."subject_type" = 'payment' AND EXISTS (SELECT 1 FROM "payments" p WHERE p."id"::text = a."subject_id" AND p."shop_id" = c."shop_id" AND p."sub" = c."sub")));--> statement-breakpoint
UPDATE "jobs" j SET "last_error" = NULL
  WHERE j."last_error" IS NOT NULL AND (
    EXISTS (SELECT 1 FROM "bookings" b JOIN "customers" c ON c."shop_id" = b."shop_id" AND c."sub" = b."sub"
      WHERE c."erased_at" IS NOT NULL AND b."id"::text = j."payload"->>'bookingId')
    OR EXISTS (SELECT 1 FROM "payments" p JOIN "customers" c ON c."shop_id" = p."shop_id" AND c."sub" = p."sub"
      WHERE c."erased_at" IS NOT NULL AND p."id"::text = j."payload"->>'paymentId')
    OR EXISTS (SELECT 1 FROM "minute_lots" l JOIN "customers" c ON c."shop_id" = l."shop_id" AND c."sub" = l."sub"
      WHERE c."erased_at" IS NOT NULL AND l."id"::text = j."payload"->>'lotId'));
