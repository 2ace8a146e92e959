CREATE TABLE "classroom_course_works" (
	"class_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"course_id" text NOT NULL,
	"course_work_id" text NOT NULL,
	"pushed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classroom_course_works_class_id_question_id_course_id_pk" PRIMARY KEY("class_id","question_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "classroom_grants" (
	"teacher_id" uuid PRIMARY KEY NOT NULL,
	"refresh_token_sealed" text NOT NULL,
	"scope" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "classroom_links" (
	"class_id" uuid PRIMARY KEY NOT NULL,
	"course_id" text NOT NULL,
	"course_name" text NOT NULL,
	"linked_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "classroom_oauth_states" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state_hash" text NOT NULL,
	"teacher_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"code_verifier" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "classroom_course_works" ADD CONSTRAINT "classroom_course_works_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_course_works" ADD CONSTRAINT "classroom_course_works_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_grants" ADD CONSTRAINT "classroom_grants_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_links" ADD CONSTRAINT "classroom_links_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_links" ADD CONSTRAINT "classroom_links_linked_by_users_id_fk" FOREIGN KEY ("linked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_oauth_states" ADD CONSTRAINT "classroom_oauth_states_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_oauth_states" ADD CONSTRAINT "classroom_oauth_states_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "classroom_course_works_question_idx" ON "classroom_course_works" USING btree ("question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "classroom_oauth_states_state_unique" ON "classroom_oauth_states" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "classroom_oauth_states_expires_idx" ON "classroom_oauth_states" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "classroom_oauth_states_teacher_idx" ON "classroom_oauth_states" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "classroom_oauth_states_class_idx" ON "classroom_oauth_states" USING btree ("class_id");