-- The salon's staff (docs/product.md §10): members in the Cognito groups owner and staff, one shop per account,
-- invitations by text message, and an append-only audit log of every change they make. Bookings may be marked
-- no_show and record who booked them at the salon and why a sunbed rule was overridden; counter sales are payments
-- by cash or card terminal recorded by a member; staff corrections of a balance carry their reason; a customer may
-- be blocked.
CREATE TABLE "staff_audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"actor_sub" uuid NOT NULL,
	"actor_name" text NOT NULL,
	"actor_role" text NOT NULL,
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text,
	"before" jsonb,
	"after" jsonb,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_invitations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"phone" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"invited_by" uuid NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_sub" uuid,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_invitations_role" CHECK ("staff_invitations"."role" in ('owner', 'staff')),
	CONSTRAINT "staff_invitations_accepted" CHECK (("staff_invitations"."accepted_at" is null) = ("staff_invitations"."accepted_sub" is null))
);
--> statement-breakpoint
CREATE TABLE "staff_members" (
	"shop_id" text NOT NULL,
	"sub" uuid NOT NULL,
	"role" text NOT NULL,
	"name" text NOT NULL,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "staff_members_shop_id_sub_pk" PRIMARY KEY("shop_id","sub"),
	CONSTRAINT "staff_members_role" CHECK ("staff_members"."role" in ('owner', 'staff'))
);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_status";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_provider";--> statement-breakpoint
ALTER TABLE "balance_ledger" ADD COLUMN "recorded_by" uuid;--> statement-breakpoint
ALTER TABLE "balance_ledger" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "booked_by" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "override_reason" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "blocked_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "recorded_by" uuid;--> statement-breakpoint
ALTER TABLE "staff_audit_log" ADD CONSTRAINT "staff_audit_log_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_sub_identity_users_sub_fk" FOREIGN KEY ("sub") REFERENCES "public"."identity_users"("sub") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_audit_log_shop_time" ON "staff_audit_log" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "staff_audit_log_subject" ON "staff_audit_log" USING btree ("shop_id","subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "staff_invitations_phone" ON "staff_invitations" USING btree ("shop_id","phone");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_members_one_shop" ON "staff_members" USING btree ("sub") WHERE removed_at is null;--> statement-breakpoint
ALTER TABLE "balance_ledger" ADD CONSTRAINT "balance_ledger_staff_reason" CHECK ("balance_ledger"."recorded_by" is null or "balance_ledger"."kind" <> 'adjustment' or length(trim("balance_ledger"."reason")) > 0);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status" CHECK ("bookings"."status" in ('pending', 'booked', 'attended', 'no_show', 'cancelled'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_counter" CHECK (("payments"."provider" in ('cash', 'card_terminal')) = ("payments"."recorded_by" is not null));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_provider" CHECK ("payments"."provider" in ('offline', 'stripe', 'cash', 'card_terminal'));--> statement-breakpoint
CREATE FUNCTION "staff_audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'staff_audit_log is append-only';
END $$;--> statement-breakpoint
CREATE TRIGGER "staff_audit_log_append_only" BEFORE UPDATE OR DELETE ON "staff_audit_log" FOR EACH ROW EXECUTE FUNCTION "staff_audit_log_append_only"();