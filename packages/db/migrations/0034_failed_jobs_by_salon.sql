-- Failed jobs shown to the salon they were for (docs/operations.md "Work that failed", docs/decisions/048): each job
-- names its salon. The database sets it from what the job's payload names (a payment, booking, membership, gift
-- voucher, skin reaction, minute lot or the salon itself), for the jobs the app adds and those its triggers add,
-- and fills it in for the jobs already there. The installation's own work (sweeps, backups) names none.
-- And the membership plans on sale, shown on the packages page the server keeps, drop it when they change.
ALTER TABLE "jobs" ADD COLUMN "shop_id" text;--> statement-breakpoint
CREATE INDEX "jobs_failed_by_shop" ON "jobs" USING btree ("shop_id","finished_at") WHERE status = 'failed';--> statement-breakpoint
CREATE FUNCTION "job_shop"(p jsonb) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    p->>'shopId',
    (SELECT "shop_id" FROM "payments" WHERE p->>'paymentId' ~ '^[0-9a-f-]{36}$' AND "id" = (p->>'paymentId')::uuid),
    (SELECT "shop_id" FROM "bookings" WHERE p->>'bookingId' ~ '^[0-9a-f-]{36}$' AND "id" = (p->>'bookingId')::uuid),
    (SELECT "shop_id" FROM "memberships" WHERE p->>'membershipId' ~ '^[0-9a-f-]{36}$' AND "id" = (p->>'membershipId')::uuid),
    (SELECT "shop_id" FROM "gift_vouchers" WHERE p->>'voucherId' ~ '^[0-9a-f-]{36}$' AND "id" = (p->>'voucherId')::uuid),
    (SELECT "shop_id" FROM "skin_reactions" WHERE p->>'reactionId' ~ '^[0-9a-f-]{36}$' AND "id" = (p->>'reactionId')::uuid),
    (SELECT "shop_id" FROM "minute_lots" WHERE p->>'lotId' ~ '^[0-9a-f-]{36}$' AND "id" = (p->>'lotId')::uuid)
  )
$$;--> statement-breakpoint
CREATE FUNCTION "jobs_shop"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."shop_id" IS NULL THEN
    NEW."shop_id" := "job_shop"(NEW."payload");
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "jobs_shop" BEFORE INSERT ON "jobs" FOR EACH ROW EXECUTE FUNCTION "jobs_shop"();--> statement-breakpoint
UPDATE "jobs" SET "shop_id" = "job_shop"("payload") WHERE "shop_id" IS NULL;
--> statement-breakpoint
-- The membership plans on sale are on the packages page, which the server keeps (decision 024): a change to them drops it, as a package's does.
CREATE TRIGGER "membership_plans_content_insert" AFTER INSERT ON "membership_plans" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "membership_plans_content_update" AFTER UPDATE ON "membership_plans" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "membership_plans_content_delete" AFTER DELETE ON "membership_plans" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "membership_plans_content_truncate" AFTER TRUNCATE ON "membership_plans" FOR EACH STATEMENT EXECUTE FUNCTION "content_truncated"();
