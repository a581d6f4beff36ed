-- Sunbeds out of service (docs/product.md §10.4): a period in which no session may use a bed. Free times leave the
-- bed out meanwhile; a booking and the period's insert both lock the bed's row, so whichever comes second sees the
-- first. The GiST index on (bed, range) finds a bed's periods that meet a session, as bookings_no_overlap's does.
CREATE TABLE "bed_out_of_service" (
	"id" uuid PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"bed_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bed_out_of_service_times" CHECK ("bed_out_of_service"."ends_at" > "bed_out_of_service"."starts_at"),
	CONSTRAINT "bed_out_of_service_reason" CHECK (char_length("bed_out_of_service"."reason") between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "bed_out_of_service" ADD CONSTRAINT "bed_out_of_service_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bed_out_of_service" ADD CONSTRAINT "bed_out_of_service_bed_id_beds_id_fk" FOREIGN KEY ("bed_id") REFERENCES "public"."beds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bed_out_of_service_bed_range" ON "bed_out_of_service" USING gist ("bed_id", tstzrange("starts_at", "ends_at"));--> statement-breakpoint
-- Written by hand: drizzle cannot declare triggers (docs/decisions/005). A period changes free times, so every
-- process drops the shop's kept answers when one is added or removed, as for beds and closures (0004).
CREATE TRIGGER "bed_out_of_service_availability_insert" AFTER INSERT ON "bed_out_of_service" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "availability_changed"();--> statement-breakpoint
CREATE TRIGGER "bed_out_of_service_availability_update" AFTER UPDATE ON "bed_out_of_service" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "availability_changed"();--> statement-breakpoint
CREATE TRIGGER "bed_out_of_service_availability_delete" AFTER DELETE ON "bed_out_of_service" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "availability_changed"();--> statement-breakpoint
CREATE TRIGGER "bed_out_of_service_availability_truncate" AFTER TRUNCATE ON "bed_out_of_service" FOR EACH STATEMENT EXECUTE FUNCTION "availability_truncated"();
