-- Written by hand: drizzle cannot declare triggers (docs/decisions/005).
-- A session is written only on a bed in use, outside its times out of service, on a day the salon is open
-- (docs/product.md §10.4), whichever code writes it (the customer's booking, the desk's, a move). The trigger first
-- locks the bed's row (FOR SHARE); the owner's retiring a bed, putting it out of service or closing the salon lock
-- the same rows FOR UPDATE before they list the sessions they hit. So of a booking and such a change racing, the one
-- that commits second sees the first: the booking is refused here, or the change lists it. Each check is a query of
-- its own, taken after the lock, so it sees what the change committed.
CREATE FUNCTION "booking_bed_open"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  in_use boolean;
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
  PERFORM 1 FROM closures c WHERE c.shop_id = NEW.shop_id AND c.date = NEW.local_date;
  IF FOUND THEN
    RAISE EXCEPTION 'the salon is closed on %', NEW.local_date USING ERRCODE = '23514', CONSTRAINT = 'bookings_salon_open';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "bookings_bed_open_insert" BEFORE INSERT ON "bookings" FOR EACH ROW WHEN (NEW.status <> 'cancelled') EXECUTE FUNCTION "booking_bed_open"();--> statement-breakpoint
CREATE TRIGGER "bookings_bed_open_move" BEFORE UPDATE OF "bed_id", "starts_at", "blocked_until", "local_date" ON "bookings" FOR EACH ROW WHEN (NEW.status <> 'cancelled') EXECUTE FUNCTION "booking_bed_open"();
