CREATE TABLE "answer_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"answer_id" uuid NOT NULL,
	"school_id" uuid NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"score_before" integer,
	"score_after" integer,
	"comment_before" text,
	"comment_after" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "submission_answers" ADD COLUMN "review_doubt" integer;--> statement-breakpoint
ALTER TABLE "submission_answers" ADD COLUMN "review_reasons" jsonb;--> statement-breakpoint
ALTER TABLE "submission_answers" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "submission_answers" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "review_doubt" integer;--> statement-breakpoint
ALTER TABLE "answer_reviews" ADD CONSTRAINT "answer_reviews_answer_id_submission_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."submission_answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_reviews" ADD CONSTRAINT "answer_reviews_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_reviews" ADD CONSTRAINT "answer_reviews_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answer_reviews_answer_idx" ON "answer_reviews" USING btree ("answer_id","created_at");--> statement-breakpoint
ALTER TABLE "submission_answers" ADD CONSTRAINT "submission_answers_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submission_answers_reviewed_idx" ON "submission_answers" USING btree ("question_id") WHERE "submission_answers"."reviewed_at" is not null;--> statement-breakpoint
CREATE INDEX "submissions_teacher_review_idx" ON "submissions" USING btree ("teacher_id","review_doubt" DESC,"submitted_at" DESC,"id" DESC) WHERE "submissions"."review_doubt" is not null;