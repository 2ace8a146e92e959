CREATE TABLE "scan_crops" (
	"id" uuid PRIMARY KEY NOT NULL,
	"batch_id" uuid NOT NULL,
	"school_id" uuid NOT NULL,
	"page_id" uuid NOT NULL,
	"question_id" uuid,
	"submission_id" uuid,
	"student_id" uuid,
	"content_type" text NOT NULL,
	"iv" "bytea" NOT NULL,
	"tag" "bytea" NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scan_batches" ADD COLUMN "images_deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scan_crops" ADD CONSTRAINT "scan_crops_batch_id_scan_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."scan_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_crops" ADD CONSTRAINT "scan_crops_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_crops" ADD CONSTRAINT "scan_crops_page_id_scan_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."scan_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_crops" ADD CONSTRAINT "scan_crops_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_crops" ADD CONSTRAINT "scan_crops_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_crops" ADD CONSTRAINT "scan_crops_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scan_crops_batch_idx" ON "scan_crops" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "scan_crops_page_idx" ON "scan_crops" USING btree ("page_id");--> statement-breakpoint
CREATE INDEX "scan_crops_submission_idx" ON "scan_crops" USING btree ("submission_id");--> statement-breakpoint
-- A submission's details name their answers' scan images (issue 28): kept replies are dropped when one is kept or deleted.
CREATE TRIGGER "scan_crops_notify" AFTER INSERT OR UPDATE OR DELETE ON "scan_crops" FOR EACH ROW EXECUTE FUNCTION "stem_notify_school_id"();
