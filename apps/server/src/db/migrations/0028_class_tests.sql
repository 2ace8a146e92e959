CREATE TABLE "class_test_questions" (
	"test_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "class_test_questions_test_id_question_id_pk" PRIMARY KEY("test_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "class_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"title" text NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "classroom_course_works" DROP CONSTRAINT "classroom_course_works_class_id_question_id_course_id_pk";--> statement-breakpoint
ALTER TABLE "classroom_course_works" ALTER COLUMN "question_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lti_line_items" ALTER COLUMN "question_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "answer_booklets" ADD COLUMN "test_id" uuid;--> statement-breakpoint
ALTER TABLE "answer_booklets" ADD COLUMN "layout_hash" text;--> statement-breakpoint
ALTER TABLE "classroom_course_works" ADD COLUMN "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "classroom_course_works" ADD COLUMN "test_id" uuid;--> statement-breakpoint
ALTER TABLE "lti_launches" ADD COLUMN "test_id" uuid;--> statement-breakpoint
ALTER TABLE "lti_line_items" ADD COLUMN "test_id" uuid;--> statement-breakpoint
ALTER TABLE "class_test_questions" ADD CONSTRAINT "class_test_questions_test_id_class_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."class_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_test_questions" ADD CONSTRAINT "class_test_questions_class_question_fk" FOREIGN KEY ("class_id","question_id") REFERENCES "public"."class_questions"("class_id","question_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_tests" ADD CONSTRAINT "class_tests_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_tests" ADD CONSTRAINT "class_tests_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_tests" ADD CONSTRAINT "class_tests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_tests" ADD CONSTRAINT "class_tests_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "class_test_questions_class_question_idx" ON "class_test_questions" USING btree ("class_id","question_id");--> statement-breakpoint
CREATE INDEX "class_tests_class_idx" ON "class_tests" USING btree ("class_id","created_at");--> statement-breakpoint
CREATE INDEX "class_tests_school_idx" ON "class_tests" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "class_tests_created_by_idx" ON "class_tests" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "class_tests_updated_by_idx" ON "class_tests" USING btree ("updated_by");--> statement-breakpoint
ALTER TABLE "answer_booklets" ADD CONSTRAINT "answer_booklets_test_id_class_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."class_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_course_works" ADD CONSTRAINT "classroom_course_works_test_id_class_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."class_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_launches" ADD CONSTRAINT "lti_launches_test_id_class_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."class_tests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_line_items" ADD CONSTRAINT "lti_line_items_test_id_class_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."class_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "answer_booklets_test_layout_unique" ON "answer_booklets" USING btree ("test_id","layout_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "answer_booklets_class_layout_unique" ON "answer_booklets" USING btree ("class_id","layout_hash") WHERE test_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "classroom_course_works_question_unique" ON "classroom_course_works" USING btree ("class_id","question_id","course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "classroom_course_works_test_unique" ON "classroom_course_works" USING btree ("class_id","test_id","course_id");--> statement-breakpoint
CREATE INDEX "classroom_course_works_test_idx" ON "classroom_course_works" USING btree ("test_id");--> statement-breakpoint
CREATE INDEX "lti_launches_test_idx" ON "lti_launches" USING btree ("test_id");--> statement-breakpoint
CREATE INDEX "lti_line_items_class_test_idx" ON "lti_line_items" USING btree ("class_id","test_id");--> statement-breakpoint
CREATE INDEX "lti_line_items_test_idx" ON "lti_line_items" USING btree ("test_id");--> statement-breakpoint
ALTER TABLE "classroom_course_works" ADD CONSTRAINT "classroom_course_works_one_target" CHECK ((question_id is null) <> (test_id is null));--> statement-breakpoint
ALTER TABLE "lti_line_items" ADD CONSTRAINT "lti_line_items_one_target" CHECK ((question_id is null) <> (test_id is null));