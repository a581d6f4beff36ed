-- Customers brought in from a salon's previous system (docs/product.md §10.5, "Importing customers"): their minutes
-- are lots of their own source, `import`, each with its expiry; each customer record an import wrote to is noted
-- once, so running an import again (or two at once) brings no one's minutes twice: the primary key decides.
ALTER TABLE "minute_lots" DROP CONSTRAINT "minute_lots_source";--> statement-breakpoint
ALTER TABLE "minute_lots" ADD CONSTRAINT "minute_lots_source" CHECK ("minute_lots"."source" in ('purchase', 'referral', 'adjustment', 'import'));--> statement-breakpoint
-- The salon's own note about a customer, as its previous system kept it; blanked when the customer is erased.
ALTER TABLE "customers" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_note" CHECK (length("customers"."note") <= 1000);--> statement-breakpoint
CREATE TABLE "customer_imports" (
	"shop_id" text NOT NULL,
	"sub" uuid NOT NULL,
	"import_id" uuid NOT NULL,
	"imported_at" timestamp with time zone NOT NULL,
	CONSTRAINT "customer_imports_shop_id_sub_pk" PRIMARY KEY("shop_id","sub"),
	CONSTRAINT "customer_imports_customer_fk" FOREIGN KEY ("shop_id","sub") REFERENCES "public"."customers"("shop_id","sub") ON DELETE cascade ON UPDATE no action
);--> statement-breakpoint
CREATE INDEX "customer_imports_import" ON "customer_imports" USING btree ("shop_id","import_id");
