-- Written by hand: drizzle cannot declare triggers (docs/decisions/005).
-- Each server process keeps availability answers in memory (docs/decisions/015). Every change to what they are
-- worked out from (bookings, beds, opening hours, closures, booking rules, the shop itself), whichever process or
-- person makes it, sends NOTIFY salon_availability with the shop's id when its transaction commits, so every
-- process drops that shop's answers. Statement triggers: one notification per shop a statement touches, however
-- many rows. TRUNCATE names no shop: '*' drops every shop's answers.
CREATE FUNCTION "availability_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('salon_availability', shop_id) FROM (SELECT DISTINCT shop_id FROM new_rows) AS changed;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('salon_availability', shop_id) FROM (SELECT DISTINCT shop_id FROM old_rows) AS changed;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "availability_shop_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('salon_availability', id) FROM (SELECT DISTINCT id FROM old_rows) AS changed;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "availability_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('salon_availability', '*');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "bookings_availability_insert" AFTER INSERT ON "bookings" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "availability_changed"();--> statement-breakpoint
CREATE TRIGGER "bookings_availability_update" AFTER UPDATE ON "bookings" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "availability_changed"();--> statement-breakpoint
CREATE TRIGGER "bookings_availability_delete" AFTER DELETE ON "bookings" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "availability_changed"();--> statement-breakpoint
CREATE TRIGGER "bookings_availability_truncate" AFTER TRUNCATE ON "bookings" FOR EACH STATEMENT EXECUTE FUNCTION "availability_truncated"();--> statement-breakpoint
CREATE TRIGGER "beds_availability_insert" AFTER INSERT ON "beds" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "availability_changed"();--> statement-breakpoint
CREATE TRIGGER "beds_availability_update" AFTER UPDATE ON "beds" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "availability_changed"();--> statement-breakpoint
CREATE TRIGGER "beds_availability_delete" AFTER DELETE ON "beds" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "availability_changed"();--> statement-breakpoint
CREATE TRIGGER "beds_availability_truncate" AFTER TRUNCATE ON "beds" FOR EACH STATEMENT EXECUTE FUNCTION "availability_truncated"();--> statement-breakpoint
CREATE TRIGGER "opening_hours_availability_insert" AFTER INSERT ON "opening_hours" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "availability_changed"();--> statement-breakpoint
CREATE TRIGGER "opening_hours_availability_update" AFTER UPDATE ON "opening_hours" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "availability_changed"();--> statement-breakpoint
CREATE TRIGGER "opening_hours_availability_delete" AFTER DELETE ON "opening_hours" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "availability_changed"();--> statement-breakpoint
CREATE TRIGGER "opening_hours_availability_truncate" AFTER TRUNCATE ON "opening_hours" FOR EACH STATEMENT EXECUTE FUNCTION "availability_truncated"();--> statement-breakpoint
CREATE TRIGGER "closures_availability_insert" AFTER INSERT ON "closures" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "availability_changed"();--> statement-breakpoint
CREATE TRIGGER "closures_availability_update" AFTER UPDATE ON "closures" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "availability_changed"();--> statement-breakpoint
CREATE TRIGGER "closures_availability_delete" AFTER DELETE ON "closures" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "availability_changed"();--> statement-breakpoint
CREATE TRIGGER "closures_availability_truncate" AFTER TRUNCATE ON "closures" FOR EACH STATEMENT EXECUTE FUNCTION "availability_truncated"();--> statement-breakpoint
CREATE TRIGGER "booking_rules_availability_insert" AFTER INSERT ON "booking_rules" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "availability_changed"();--> statement-breakpoint
CREATE TRIGGER "booking_rules_availability_update" AFTER UPDATE ON "booking_rules" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "availability_changed"();--> statement-breakpoint
CREATE TRIGGER "booking_rules_availability_delete" AFTER DELETE ON "booking_rules" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "availability_changed"();--> statement-breakpoint
CREATE TRIGGER "booking_rules_availability_truncate" AFTER TRUNCATE ON "booking_rules" FOR EACH STATEMENT EXECUTE FUNCTION "availability_truncated"();--> statement-breakpoint
-- A shop's time zone decides which instants its slots are; deleting it drops its answers.
CREATE TRIGGER "shops_availability_update" AFTER UPDATE ON "shops" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "availability_shop_changed"();--> statement-breakpoint
CREATE TRIGGER "shops_availability_delete" AFTER DELETE ON "shops" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "availability_shop_changed"();
