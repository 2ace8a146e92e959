CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "logo_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uploaded_by" uuid,
	"data" text NOT NULL,
	"etag" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "logo_uploads" ADD CONSTRAINT "logo_uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "logo_uploads_created_idx" ON "logo_uploads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "schools_created_id_idx" ON "schools" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_created_id_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_name_key_idx" ON "users" USING btree ((lower("name") COLLATE "C"),"id");--> statement-breakpoint
CREATE INDEX "users_email_key_idx" ON "users" USING btree (("email" COLLATE "C"),"id");--> statement-breakpoint
CREATE INDEX "users_role_created_id_idx" ON "users" USING btree ("role","created_at","id");--> statement-breakpoint
CREATE INDEX "users_school_created_id_idx" ON "users" USING btree ("school_id","created_at","id");--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);