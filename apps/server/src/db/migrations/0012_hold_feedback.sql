ALTER TABLE "questions" ADD COLUMN "hold_feedback" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "submission_answers" ADD COLUMN "feedback_held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "feedback_held" boolean DEFAULT false NOT NULL;