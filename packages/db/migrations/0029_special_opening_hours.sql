-- Special opening hours for one date (docs/decisions/039, docs/product.md §10.4): a row of closures is the date's
-- exception to the weekly hours, closed when opens_at and closes_at are null, otherwise open at those hours instead.
-- One row per date (the primary key), so a date is closed or has special hours, never both. The closures triggers
-- (availability_changed, 0004; content_changed, 0008) already drop cached free times and pages when a row changes.
ALTER TABLE "closures" ADD COLUMN "opens_at" text;--> statement-breakpoint
ALTER TABLE "closures" ADD COLUMN "closes_at" text;--> statement-breakpoint
ALTER TABLE "closures" ADD CONSTRAINT "closures_special_hours" CHECK (("closures"."opens_at" is null and "closures"."closes_at" is null) or ("closures"."opens_at" is not null and "closures"."closes_at" is not null and "closures"."opens_at" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "closures"."closes_at" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "closures"."opens_at" < "closures"."closes_at"));--> statement-breakpoint
-- Written by hand, kept at the end: the statements above are generated and may be generated again.
-- booking_bed_open (0016) also holds a session to the date's special hours: it must start at or after opens_at and
-- end by closes_at, in the shop's time zone. Sessions already on the date when the hours change stay; the owner is
-- shown them to move, and a move of one is checked again here.
CREATE OR REPLACE FUNCTION "booking_bed_open"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  in_use boolean;
  day_row record;
  zone text;
BEGIN
  SELECT active INTO in_use FROM beds WHERE id = NEW.bed_id FOR SHARE;
  IF in_use IS DISTINCT FROM true THEN
    RAISE EXCEPTION 'sunbed % is retired', NEW.bed_id USING ERRCODE = '23514', CONSTRAINT = 'bookings_bed_in_use';
  END IF;
  PERFORM 1 FROM bed_out_of_service o
    WHERE o.bed_id = NEW.bed_id AND tstzrange(o.starts_at, o.ends_at) && tstzrange(NEW.starts_at, NEW.blocked_until);
  IF FOUND THEN
    RAISE EXCEPTION 'sunbed % is out of service then', NEW.bed_id USING ERRCODE = '23514', CONSTRAINT = 'bookings_bed_in_service';
  END IF;
  SELECT c.opens_at, c.closes_at INTO day_row FROM closures c WHERE c.shop_id = NEW.shop_id AND c.date = NEW.local_date;
  IF FOUND THEN
    IF day_row.opens_at IS NULL THEN
      RAISE EXCEPTION 'the salon is closed on %', NEW.local_date USING ERRCODE = '23514', CONSTRAINT = 'bookings_salon_open';
    END IF;
    SELECT s.time_zone INTO zone FROM shops s WHERE s.id = NEW.shop_id;
    IF NEW.starts_at < ((NEW.local_date + day_row.opens_at::time) AT TIME ZONE zone)
       OR NEW.ends_at > ((NEW.local_date + day_row.closes_at::time) AT TIME ZONE zone) THEN
      RAISE EXCEPTION 'the salon is open from % to % on %', day_row.opens_at, day_row.closes_at, NEW.local_date
        USING ERRCODE = '23514', CONSTRAINT = 'bookings_salon_hours';
    END IF;
  END IF;
  RETURN NEW;
END;
$$;
