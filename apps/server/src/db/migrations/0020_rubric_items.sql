CREATE TABLE "answer_rubric_items" (
	"answer_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"school_id" uuid NOT NULL,
	"applied_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "answer_rubric_items_answer_id_item_id_pk" PRIMARY KEY("answer_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "rubric_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"label" text NOT NULL,
	"points" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"teacher_id" uuid NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "submission_answers" ADD COLUMN "rubric_version" text;--> statement-breakpoint
ALTER TABLE "answer_rubric_items" ADD CONSTRAINT "answer_rubric_items_answer_id_submission_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."submission_answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_rubric_items" ADD CONSTRAINT "answer_rubric_items_item_id_rubric_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."rubric_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_rubric_items" ADD CONSTRAINT "answer_rubric_items_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_rubric_items" ADD CONSTRAINT "answer_rubric_items_applied_by_users_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rubric_items" ADD CONSTRAINT "rubric_items_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rubric_items" ADD CONSTRAINT "rubric_items_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_comments" ADD CONSTRAINT "saved_comments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_comments" ADD CONSTRAINT "saved_comments_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_comments" ADD CONSTRAINT "saved_comments_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answer_rubric_items_item_idx" ON "answer_rubric_items" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "rubric_items_question_idx" ON "rubric_items" USING btree ("question_id","position");--> statement-breakpoint
CREATE INDEX "saved_comments_question_teacher_idx" ON "saved_comments" USING btree ("question_id","teacher_id","created_at");--> statement-breakpoint
CREATE INDEX "saved_comments_teacher_idx" ON "saved_comments" USING btree ("teacher_id");--> statement-breakpoint
-- Answers marked before this migration were marked under their own snapshot's rubric (rubricVersionOf).
UPDATE "submission_answers" SET "rubric_version" = md5("marks"::text || chr(31) || "low_mark_range" || chr(31) || "high_mark_range" || chr(31) || "rubric") WHERE "score" IS NOT NULL;
