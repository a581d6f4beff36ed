-- What the salon's owner manages from the back office (docs/product.md §10.4): blog posts may be drafts, which the
-- public blog, its feed and the sitemap never show (every existing post stays published); pictures uploaded for
-- posts' covers are kept in the database; the offers popup's wording and where reviews come from become a shop's
-- settings (content_settings); a salon may hide one of its own reviews.
CREATE TABLE "content_settings" (
	"shop_id" text PRIMARY KEY NOT NULL,
	"popup_enabled" boolean DEFAULT true NOT NULL,
	"popup_label" text NOT NULL,
	"popup_headline" text NOT NULL,
	"popup_text" text NOT NULL,
	"popup_offer" text DEFAULT '' NOT NULL,
	"reviews_source" text DEFAULT 'salon' NOT NULL,
	"google_place_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_settings_reviews_source" CHECK ("content_settings"."reviews_source" in ('salon', 'google')),
	CONSTRAINT "content_settings_google" CHECK ("content_settings"."reviews_source" <> 'google' or "content_settings"."google_place_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_content_type" CHECK ("uploads"."content_type" in ('image/jpeg', 'image/png', 'image/webp')),
	CONSTRAINT "uploads_size" CHECK (octet_length("uploads"."bytes") between 1 and 2097152)
);
--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_settings" ADD CONSTRAINT "content_settings_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_shop" ON "uploads" USING btree ("shop_id");--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_status" CHECK ("blog_posts"."status" in ('draft', 'published'));--> statement-breakpoint
-- The popup and the reviews' source are public content: a change is announced on salon_content as migration 0008's
-- tables are, so every process drops what it kept of the shop at once.
CREATE TRIGGER "content_settings_content_insert" AFTER INSERT ON "content_settings" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "content_settings_content_update" AFTER UPDATE ON "content_settings" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "content_settings_content_delete" AFTER DELETE ON "content_settings" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "content_settings_content_truncate" AFTER TRUNCATE ON "content_settings" FOR EACH STATEMENT EXECUTE FUNCTION "content_truncated"();
