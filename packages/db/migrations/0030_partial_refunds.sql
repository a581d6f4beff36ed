-- A refund of part of a payment (docs/product.md §10.3): the owner gives back only the unused minutes' share of a
-- package or of minutes sold, at the counter or to the card. refunded_pence holds it; null is the whole amount.
ALTER TABLE "payments" ADD COLUMN "refunded_pence" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunded_pence" CHECK ("payments"."refunded_pence" is null or ("payments"."refunded_pence" > 0 and "payments"."refunded_pence" <= "payments"."amount_pence"));