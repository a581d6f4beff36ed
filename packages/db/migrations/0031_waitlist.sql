-- The waitlist for full times (docs/decisions/044-waitlist.md, docs/product.md "Waitlist"): customers waiting for a
-- time on a day, and the offers of freed times, each held for them by a pending booking of their own, which the
-- bookings' exclusion constraint and one-a-day index protect as any booking.
-- A time comes free when a live booking is cancelled (by the customer, the salon, or a hold lapsing) or moved, or
-- when a bed's time out of service is ended or shortened: the database asks for a `waitlist.freed` job in that
-- transaction, keyed by the row and its time, so whichever path frees it, the offer is looked for once.
CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"sub" uuid NOT NULL,
	"local_date" date NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone NOT NULL,
	"minutes" integer NOT NULL,
	"bed_type" text,
	"status" text DEFAULT 'waiting' NOT NULL,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "waitlist_entries_status" CHECK ("waitlist_entries"."status" in ('waiting', 'offered', 'booked', 'left', 'lapsed', 'missed')),
	CONSTRAINT "waitlist_entries_range" CHECK ("waitlist_entries"."to_at" > "waitlist_entries"."from_at" and "waitlist_entries"."to_at" <= "waitlist_entries"."from_at" + interval '1 day'),
	CONSTRAINT "waitlist_entries_minutes" CHECK ("waitlist_entries"."minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "waitlist_offers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"entry_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_customer_fk" FOREIGN KEY ("shop_id","sub") REFERENCES "public"."customers"("shop_id","sub") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_one_per_day" ON "waitlist_entries" USING btree ("shop_id","sub","local_date") WHERE status in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waitlist_entries_day" ON "waitlist_entries" USING btree ("shop_id","local_date","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_entry" ON "waitlist_offers" USING btree ("entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_booking" ON "waitlist_offers" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_token" ON "waitlist_offers" USING btree ("token_hash");--> statement-breakpoint
CREATE FUNCTION "bookings_free_for_waitlist"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."status" <> 'cancelled'
    AND (NEW."status" = 'cancelled' OR NEW."starts_at" <> OLD."starts_at" OR NEW."bed_id" <> OLD."bed_id")
    AND EXISTS (SELECT 1 FROM "waitlist_entries" w
      WHERE w."shop_id" = OLD."shop_id" AND w."local_date" = OLD."local_date" AND w."status" = 'waiting') THEN
    INSERT INTO "jobs" ("id", "kind", "payload", "key", "run_at")
    VALUES (gen_random_uuid(), 'waitlist.freed',
      jsonb_build_object('shopId', OLD."shop_id", 'bedId', OLD."bed_id", 'from', OLD."starts_at", 'to', OLD."blocked_until"),
      'waitlist.freed:' || OLD."id" || ':' || floor(extract(epoch from OLD."starts_at"))::bigint, '-infinity')
    ON CONFLICT ("key") DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "bookings_free_for_waitlist" AFTER UPDATE OF "status", "starts_at", "bed_id" ON "bookings" FOR EACH ROW EXECUTE FUNCTION "bookings_free_for_waitlist"();--> statement-breakpoint
CREATE FUNCTION "bed_back_for_waitlist"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP = 'DELETE' OR NEW."starts_at" > OLD."starts_at" OR NEW."ends_at" < OLD."ends_at")
    AND EXISTS (SELECT 1 FROM "waitlist_entries" w
      WHERE w."shop_id" = OLD."shop_id" AND w."status" = 'waiting' AND w."to_at" >= OLD."starts_at" AND w."from_at" < OLD."ends_at") THEN
    INSERT INTO "jobs" ("id", "kind", "payload", "key", "run_at")
    VALUES (gen_random_uuid(), 'waitlist.freed',
      jsonb_build_object('shopId', OLD."shop_id", 'bedId', OLD."bed_id", 'from', OLD."starts_at", 'to', OLD."ends_at"),
      'waitlist.freed:' || OLD."id" || ':' || floor(extract(epoch from OLD."starts_at"))::bigint || ':'
        || floor(extract(epoch from OLD."ends_at"))::bigint, '-infinity')
    ON CONFLICT ("key") DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "bed_back_for_waitlist" AFTER UPDATE OR DELETE ON "bed_out_of_service" FOR EACH ROW EXECUTE FUNCTION "bed_back_for_waitlist"();
