-- Gift voucher credit pays part of a package bought by card (docs/decisions/053-credit-and-card-together.md): what
-- the credit pays, held while the card payment is pending and given back if it is never paid; the card pays the rest.
ALTER TABLE "payments" DROP CONSTRAINT "payments_amount";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "credit_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "payments_credit_held" ON "payments" USING btree ("created_at") WHERE credit_pence > 0 and status in ('creating', 'pending');--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_credit_part" CHECK ("payments"."credit_pence" = 0 or ("payments"."credit_pence" > 0 and "payments"."provider" in ('offline', 'stripe') and "payments"."purpose" = 'package'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_amount" CHECK ("payments"."discount_pence" >= 0 and "payments"."amount_pence" = "payments"."price_pence" - "payments"."discount_pence" - "payments"."credit_pence" and "payments"."amount_pence" >= 30);