CREATE TABLE "answer_group_merges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"from_group" text NOT NULL,
	"to_group" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "answer_group_pins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"answer_id" uuid NOT NULL,
	"group_id" text NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "answer_group_merges" ADD CONSTRAINT "answer_group_merges_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_group_merges" ADD CONSTRAINT "answer_group_merges_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_group_merges" ADD CONSTRAINT "answer_group_merges_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_group_merges" ADD CONSTRAINT "answer_group_merges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_group_pins" ADD CONSTRAINT "answer_group_pins_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_group_pins" ADD CONSTRAINT "answer_group_pins_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_group_pins" ADD CONSTRAINT "answer_group_pins_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_group_pins" ADD CONSTRAINT "answer_group_pins_answer_id_submission_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."submission_answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_group_pins" ADD CONSTRAINT "answer_group_pins_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "answer_group_merges_from_unique" ON "answer_group_merges" USING btree ("class_id","question_id","from_group");--> statement-breakpoint
CREATE INDEX "answer_group_merges_school_idx" ON "answer_group_merges" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "answer_group_merges_question_idx" ON "answer_group_merges" USING btree ("question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "answer_group_pins_answer_unique" ON "answer_group_pins" USING btree ("class_id","question_id","answer_id");--> statement-breakpoint
CREATE INDEX "answer_group_pins_school_idx" ON "answer_group_pins" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "answer_group_pins_question_idx" ON "answer_group_pins" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "answer_group_pins_answer_idx" ON "answer_group_pins" USING btree ("answer_id");