CREATE TABLE "trial_hosted_grants" (
	"submission_id" uuid PRIMARY KEY NOT NULL,
	"school_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "questions_teacher_created_idx";--> statement-breakpoint
ALTER TABLE "trial_hosted_grants" ADD CONSTRAINT "trial_hosted_grants_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trial_hosted_grants_school_idx" ON "trial_hosted_grants" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "questions_teacher_created_id_idx" ON "questions" USING btree ("teacher_id","created_at","id");--> statement-breakpoint
CREATE INDEX "questions_teacher_marks_low_idx" ON "questions" USING btree ("teacher_id","marks","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);