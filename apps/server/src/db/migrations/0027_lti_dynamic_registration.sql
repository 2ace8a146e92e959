CREATE TABLE "lti_registration_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"platform_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lti_launch_states" ADD COLUMN "storage_target" text;--> statement-breakpoint
ALTER TABLE "lti_launch_states" ADD COLUMN "login_params" jsonb;--> statement-breakpoint
ALTER TABLE "lti_launch_states" ADD COLUMN "relaunch_hash" text;--> statement-breakpoint
ALTER TABLE "lti_launch_states" ADD COLUMN "relaunch_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lti_launch_states" ADD COLUMN "relaunch_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lti_platforms" ADD COLUMN "frame_origins" text[] DEFAULT ARRAY[]::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "lti_platforms" ADD COLUMN "registered_by_lms" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lti_registration_links" ADD CONSTRAINT "lti_registration_links_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_registration_links" ADD CONSTRAINT "lti_registration_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_registration_links" ADD CONSTRAINT "lti_registration_links_platform_id_lti_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platforms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lti_registration_links_token_unique" ON "lti_registration_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "lti_registration_links_school_idx" ON "lti_registration_links" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "lti_registration_links_created_by_idx" ON "lti_registration_links" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "lti_registration_links_platform_idx" ON "lti_registration_links" USING btree ("platform_id");--> statement-breakpoint
CREATE INDEX "lti_registration_links_expires_idx" ON "lti_registration_links" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lti_launch_states_relaunch_unique" ON "lti_launch_states" USING btree ("relaunch_hash");