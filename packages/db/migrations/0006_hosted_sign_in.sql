CREATE TABLE "hosted_sign_in_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"browser_hash" text NOT NULL,
	"client_id" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"state" text,
	"code_challenge" text NOT NULL,
	"nonce" text,
	"scope" text NOT NULL,
	"provider" text,
	"provider_state" text,
	"provider_nonce" text,
	"provider_verifier" text,
	"social" jsonb,
	"pending" jsonb,
	"phone_code_hash" text,
	"phone_code_expires_at" timestamp with time zone,
	"phone_code_attempts" integer DEFAULT 0 NOT NULL,
	"sub" uuid,
	"session_id" uuid,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_used_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hosted_sign_in_requests_provider" CHECK ("hosted_sign_in_requests"."provider" is null or "hosted_sign_in_requests"."provider" in ('Google', 'SignInWithApple'))
);
--> statement-breakpoint
CREATE TABLE "identity_social_links" (
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"sub" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_social_links_provider_subject_pk" PRIMARY KEY("provider","subject"),
	CONSTRAINT "identity_social_links_provider" CHECK ("identity_social_links"."provider" in ('Google', 'SignInWithApple'))
);
--> statement-breakpoint
ALTER TABLE "identity_social_links" ADD CONSTRAINT "identity_social_links_sub_identity_users_sub_fk" FOREIGN KEY ("sub") REFERENCES "public"."identity_users"("sub") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hosted_sign_in_requests_provider_state" ON "hosted_sign_in_requests" USING btree ("provider_state");--> statement-breakpoint
CREATE UNIQUE INDEX "hosted_sign_in_requests_code" ON "hosted_sign_in_requests" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "hosted_sign_in_requests_expiry" ON "hosted_sign_in_requests" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_social_links_user" ON "identity_social_links" USING btree ("sub","provider");