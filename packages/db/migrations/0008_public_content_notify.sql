-- Written by hand: drizzle cannot declare triggers (docs/decisions/005).
-- Each server process keeps a salon's public content in memory for a short while (its details, opening hours, beds
-- and prices, packages, posts and reviews), and the pages made from it (docs/decisions/024). Every change to it,
-- whichever process or person makes it, sends NOTIFY salon_content with the shop's id when its transaction commits,
-- so every process drops what it kept of that shop at once. Statement triggers: one notification per shop a
-- statement touches, however many rows. TRUNCATE names no shop: '*' drops every shop's content.
CREATE FUNCTION "content_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('salon_content', shop_id) FROM (SELECT DISTINCT shop_id FROM new_rows) AS changed;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('salon_content', shop_id) FROM (SELECT DISTINCT shop_id FROM old_rows) AS changed;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "content_shop_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('salon_content', id) FROM (SELECT DISTINCT id FROM old_rows) AS changed;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "content_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('salon_content', '*');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "opening_hours_content_insert" AFTER INSERT ON "opening_hours" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "opening_hours_content_update" AFTER UPDATE ON "opening_hours" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "opening_hours_content_delete" AFTER DELETE ON "opening_hours" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "opening_hours_content_truncate" AFTER TRUNCATE ON "opening_hours" FOR EACH STATEMENT EXECUTE FUNCTION "content_truncated"();--> statement-breakpoint
CREATE TRIGGER "bed_types_content_insert" AFTER INSERT ON "bed_types" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "bed_types_content_update" AFTER UPDATE ON "bed_types" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "bed_types_content_delete" AFTER DELETE ON "bed_types" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "bed_types_content_truncate" AFTER TRUNCATE ON "bed_types" FOR EACH STATEMENT EXECUTE FUNCTION "content_truncated"();--> statement-breakpoint
CREATE TRIGGER "beds_content_insert" AFTER INSERT ON "beds" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "beds_content_update" AFTER UPDATE ON "beds" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "beds_content_delete" AFTER DELETE ON "beds" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "beds_content_truncate" AFTER TRUNCATE ON "beds" FOR EACH STATEMENT EXECUTE FUNCTION "content_truncated"();--> statement-breakpoint
CREATE TRIGGER "price_extras_content_insert" AFTER INSERT ON "price_extras" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "price_extras_content_update" AFTER UPDATE ON "price_extras" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "price_extras_content_delete" AFTER DELETE ON "price_extras" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "price_extras_content_truncate" AFTER TRUNCATE ON "price_extras" FOR EACH STATEMENT EXECUTE FUNCTION "content_truncated"();--> statement-breakpoint
CREATE TRIGGER "closures_content_insert" AFTER INSERT ON "closures" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "closures_content_update" AFTER UPDATE ON "closures" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "closures_content_delete" AFTER DELETE ON "closures" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "closures_content_truncate" AFTER TRUNCATE ON "closures" FOR EACH STATEMENT EXECUTE FUNCTION "content_truncated"();--> statement-breakpoint
CREATE TRIGGER "packages_content_insert" AFTER INSERT ON "packages" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "packages_content_update" AFTER UPDATE ON "packages" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "packages_content_delete" AFTER DELETE ON "packages" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "packages_content_truncate" AFTER TRUNCATE ON "packages" FOR EACH STATEMENT EXECUTE FUNCTION "content_truncated"();--> statement-breakpoint
CREATE TRIGGER "blog_posts_content_insert" AFTER INSERT ON "blog_posts" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "blog_posts_content_update" AFTER UPDATE ON "blog_posts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "blog_posts_content_delete" AFTER DELETE ON "blog_posts" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "blog_posts_content_truncate" AFTER TRUNCATE ON "blog_posts" FOR EACH STATEMENT EXECUTE FUNCTION "content_truncated"();--> statement-breakpoint
CREATE TRIGGER "reviews_content_insert" AFTER INSERT ON "reviews" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "reviews_content_update" AFTER UPDATE ON "reviews" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "reviews_content_delete" AFTER DELETE ON "reviews" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "reviews_content_truncate" AFTER TRUNCATE ON "reviews" FOR EACH STATEMENT EXECUTE FUNCTION "content_truncated"();--> statement-breakpoint
CREATE TRIGGER "reviews_cache_content_insert" AFTER INSERT ON "reviews_cache" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "reviews_cache_content_update" AFTER UPDATE ON "reviews_cache" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "reviews_cache_content_delete" AFTER DELETE ON "reviews_cache" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "reviews_cache_content_truncate" AFTER TRUNCATE ON "reviews_cache" FOR EACH STATEMENT EXECUTE FUNCTION "content_truncated"();--> statement-breakpoint
-- The shop's own row: its name, address, contact details and time zone are on every public page.
CREATE TRIGGER "shops_content_update" AFTER UPDATE ON "shops" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "content_shop_changed"();--> statement-breakpoint
CREATE TRIGGER "shops_content_delete" AFTER DELETE ON "shops" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "content_shop_changed"();
