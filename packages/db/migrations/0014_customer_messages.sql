-- Messages to customers (docs/product.md §4.14): each sent once per key with the provider's id and its delivery status;
-- booking texts a customer may turn off (STOP); the reminder's lead time a shop setting; a card refund owed recorded with
-- the cancellation and retried by a job until made, or kept as failed for the salon.
CREATE TABLE "customer_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"shop_id" text NOT NULL,
	"sub" uuid,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"provider_ref" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_messages_channel" CHECK ("customer_messages"."channel" in ('sms', 'email')),
	CONSTRAINT "customer_messages_status" CHECK ("customer_messages"."status" in ('sending', 'sent', 'delivered', 'failed', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "booking_rules" DROP CONSTRAINT "booking_rules_values";--> statement-breakpoint
ALTER TABLE "booking_rules" ADD COLUMN "reminder_hours_before" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "booking_texts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "booking_texts_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_owed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_error" text;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_messages_key" ON "customer_messages" USING btree ("key");--> statement-breakpoint
CREATE INDEX "customer_messages_provider" ON "customer_messages" USING btree ("provider_ref");--> statement-breakpoint
CREATE INDEX "customer_messages_customer" ON "customer_messages" USING btree ("shop_id","sub");--> statement-breakpoint
ALTER TABLE "booking_rules" ADD CONSTRAINT "booking_rules_values" CHECK ("booking_rules"."slot_step_minutes" between 1 and 240 and "booking_rules"."lead_time_minutes" >= 0 and "booking_rules"."horizon_days" between 0 and 366
        and "booking_rules"."cancellation_cutoff_minutes" >= 0 and "booking_rules"."first_session_max_minutes" > 0 and "booking_rules"."min_hours_between_sessions" >= 0
        and "booking_rules"."reminder_hours_before" between 0 and 168);