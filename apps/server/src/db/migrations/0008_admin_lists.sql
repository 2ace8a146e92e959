CREATE INDEX "classes_school_created_id_idx" ON "classes" USING btree ("school_id","created_at","id");--> statement-breakpoint
CREATE INDEX "submissions_school_recent_idx" ON "submissions" USING btree ("school_id","submitted_at","id");--> statement-breakpoint
CREATE INDEX "submissions_school_student_idx" ON "submissions" USING btree ("school_id",(lower("student_name") COLLATE "C"),"submitted_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "submissions_school_class_idx" ON "submissions" USING btree ("school_id",(lower(coalesce("class_name", '')) COLLATE "C"),"submitted_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "submissions_school_score_idx" ON "submissions" USING btree ("school_id",(CASE WHEN "status" = 'marked' THEN "total_score" ELSE -1 END),"submitted_at","id");--> statement-breakpoint
CREATE INDEX "submissions_school_flagged_idx" ON "submissions" USING btree ("school_id","submitted_at","id") WHERE "submissions"."is_flagged";--> statement-breakpoint
CREATE INDEX "users_school_name_idx" ON "users" USING btree ("school_id",(lower("name") COLLATE "C"),"id");--> statement-breakpoint
CREATE INDEX "users_school_email_idx" ON "users" USING btree ("school_id","email","id");--> statement-breakpoint
CREATE INDEX "users_school_created_idx" ON "users" USING btree ("school_id","created_at","id");--> statement-breakpoint
CREATE INDEX "users_school_role_name_idx" ON "users" USING btree ("school_id","role",(lower("name") COLLATE "C"),"id");