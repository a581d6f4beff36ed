-- Leads and messages (docs/product.md §10.6): staff mark an offer-popup lead or a contact message handled, and the
-- row keeps who and when (both or neither). Indexes for the staff lists (newest first per shop) and for the owner's
-- reports and exports (docs/product.md §10.7): bookings by local date, payments by when they succeeded.
ALTER TABLE "contact_messages" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "handled_by" uuid;--> statement-breakpoint
ALTER TABLE "popup_leads" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "popup_leads" ADD COLUMN "handled_by" uuid;--> statement-breakpoint
CREATE INDEX "bookings_shop_date" ON "bookings" USING btree ("shop_id","local_date");--> statement-breakpoint
CREATE INDEX "contact_messages_shop_time" ON "contact_messages" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_shop_succeeded" ON "payments" USING btree ("shop_id","succeeded_at");--> statement-breakpoint
CREATE INDEX "popup_leads_shop_time" ON "popup_leads" USING btree ("shop_id","created_at");--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_handled" CHECK (("contact_messages"."handled_at" is null) = ("contact_messages"."handled_by" is null));--> statement-breakpoint
ALTER TABLE "popup_leads" ADD CONSTRAINT "popup_leads_handled" CHECK (("popup_leads"."handled_at" is null) = ("popup_leads"."handled_by" is null));
