CREATE TABLE "regrade_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"answer_id" uuid NOT NULL,
	"submission_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"teacher_id" uuid,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"score_before" integer,
	"score_after" integer,
	"reply" text,
	"answered_by" uuid,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "class_questions" ADD COLUMN "release_mode" text DEFAULT 'instant' NOT NULL;--> statement-breakpoint
ALTER TABLE "class_questions" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "class_questions" ADD COLUMN "regrade_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "submission_answers" ADD COLUMN "review_held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "submission_answers" ADD COLUMN "release_held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "release_held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "regrade_requests" ADD CONSTRAINT "regrade_requests_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regrade_requests" ADD CONSTRAINT "regrade_requests_answer_id_submission_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."submission_answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regrade_requests" ADD CONSTRAINT "regrade_requests_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regrade_requests" ADD CONSTRAINT "regrade_requests_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regrade_requests" ADD CONSTRAINT "regrade_requests_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regrade_requests" ADD CONSTRAINT "regrade_requests_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "regrade_requests_answer_unique" ON "regrade_requests" USING btree ("answer_id");--> statement-breakpoint
CREATE INDEX "regrade_requests_teacher_status_idx" ON "regrade_requests" USING btree ("teacher_id","status","created_at");--> statement-breakpoint
CREATE INDEX "regrade_requests_submission_idx" ON "regrade_requests" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "regrade_requests_school_idx" ON "regrade_requests" USING btree ("school_id");--> statement-breakpoint
-- Every mark held before issue 27 was held until review.
UPDATE "submission_answers" SET "review_held" = true WHERE "feedback_held";--> statement-breakpoint
-- Replies kept in memory (migration 0014) forget a school's data when its re-mark requests change.
CREATE TRIGGER "regrade_requests_notify" AFTER INSERT OR UPDATE OR DELETE ON "regrade_requests" FOR EACH ROW EXECUTE FUNCTION "stem_notify_school_id"();
