-- A message is never sent blind (docs/decisions/034-messages-never-sent-blind.md): the start of the send under way is
-- written before the provider is asked, so a row still `sending` with it set is looked for at the provider instead of
-- being sent again; lookups counts how often it was asked, so a message it cannot answer for is given up, not resent.
ALTER TABLE "customer_messages" ADD COLUMN "attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_messages" ADD COLUMN "lookups" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A row left `sending` before this change may have reached the provider: it is looked for, not sent again.
UPDATE "customer_messages" SET "attempt_at" = "updated_at" WHERE "status" = 'sending';
