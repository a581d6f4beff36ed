-- A new card for a membership with nothing owed is a card payment of £0 (docs/product.md "Memberships": "Changing the card"):
-- it pays for no month, so the one succeeded payment a month (membership_payments_once) counts payments of money only;
-- before, the £0 payment collided with the month's own and the card could not be changed.
DROP INDEX "membership_payments_once";--> statement-breakpoint
CREATE UNIQUE INDEX "membership_payments_once" ON "membership_payments" USING btree ("membership_id","period") WHERE status = 'succeeded' and amount_pence > 0;