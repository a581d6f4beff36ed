CREATE TABLE "identity_devices" (
	"device_key" text PRIMARY KEY NOT NULL,
	"sub" uuid NOT NULL,
	"group_key" text NOT NULL,
	"name" text NOT NULL,
	"srp_salt" text NOT NULL,
	"srp_verifier" text NOT NULL,
	"remembered" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_authenticated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_devices_name" CHECK (char_length("identity_devices"."name") between 1 and 1024),
	CONSTRAINT "identity_devices_key" CHECK (char_length("identity_devices"."device_key") between 1 and 55)
);
--> statement-breakpoint
CREATE TABLE "identity_srp_challenges" (
	"secret_hash" text PRIMARY KEY NOT NULL,
	"sub" uuid NOT NULL,
	"kind" text NOT NULL,
	"device_key" text,
	"key" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_srp_challenges_kind" CHECK ("identity_srp_challenges"."kind" in ('password', 'device') and ("identity_srp_challenges"."kind" = 'password' or "identity_srp_challenges"."device_key" is not null))
);
--> statement-breakpoint
ALTER TABLE "identity_sessions" ADD COLUMN "device_key" text;--> statement-breakpoint
ALTER TABLE "identity_users" ADD COLUMN "srp_salt" text;--> statement-breakpoint
ALTER TABLE "identity_users" ADD COLUMN "srp_verifier" text;--> statement-breakpoint
ALTER TABLE "identity_devices" ADD CONSTRAINT "identity_devices_sub_identity_users_sub_fk" FOREIGN KEY ("sub") REFERENCES "public"."identity_users"("sub") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_srp_challenges" ADD CONSTRAINT "identity_srp_challenges_sub_identity_users_sub_fk" FOREIGN KEY ("sub") REFERENCES "public"."identity_users"("sub") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_devices_user" ON "identity_devices" USING btree ("sub","created_at","device_key");--> statement-breakpoint
CREATE INDEX "identity_srp_challenges_expiry" ON "identity_srp_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "identity_sessions_device" ON "identity_sessions" USING btree ("device_key") WHERE "identity_sessions"."device_key" is not null;--> statement-breakpoint
ALTER TABLE "identity_users" ADD CONSTRAINT "identity_users_srp" CHECK (("identity_users"."srp_salt" is null) = ("identity_users"."srp_verifier" is null));