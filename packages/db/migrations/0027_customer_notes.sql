-- Notes the salon's staff keep about a customer (docs/product.md §10.5), with who wrote each and when; erased with the
-- customer's details (the erasure deletes them).
CREATE TABLE "customer_notes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"sub" uuid NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" uuid NOT NULL,
	"created_by_name" text NOT NULL,
	CONSTRAINT "customer_notes_text" CHECK (length("customer_notes"."text") between 1 and 1000)
);
--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_customer_fk" FOREIGN KEY ("shop_id","sub") REFERENCES "public"."customers"("shop_id","sub") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_notes_customer" ON "customer_notes" USING btree ("shop_id","sub","created_at");