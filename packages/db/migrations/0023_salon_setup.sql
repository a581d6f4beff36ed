-- The salon this installation serves (docs/product.md §11): made once, by the set-up page or `npm run salon -- create`.
-- One row at most: the key is always true, so of two set-ups at once the second finds the first and changes nothing.
-- The web app's key is kept as it is, not hashed: it is a client key every visitor's browser is sent.
CREATE TABLE "site_salon" (
	"one" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"shop_id" text NOT NULL,
	"web_api_key" text NOT NULL,
	"set_up_at" timestamp with time zone NOT NULL,
	CONSTRAINT "site_salon_one" CHECK ("site_salon"."one")
);
--> statement-breakpoint
ALTER TABLE "site_salon" ADD CONSTRAINT "site_salon_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
-- The codes that confirm the first owner's mobile number during set-up: hashed, counted, short-lived.
CREATE TABLE "salon_setup_codes" (
	"phone" text PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL
);
