-- Memberships paid by Stripe subscriptions (docs/decisions/047): a membership names the Stripe Subscription that
-- charges its months, so Stripe's invoice and subscription events find it; one membership per subscription.
ALTER TABLE "memberships" ADD COLUMN "subscription_ref" text;--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_subscription" ON "memberships" USING btree ("subscription_ref");