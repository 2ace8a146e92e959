ALTER TABLE "scan_batches" ADD COLUMN "hold_marks" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "scan_batches" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scan_pages" ADD COLUMN "read_name" text;--> statement-breakpoint
ALTER TABLE "scan_pages" ADD COLUMN "class_id" uuid;--> statement-breakpoint
ALTER TABLE "scan_pages" ADD COLUMN "question_number" integer;--> statement-breakpoint
ALTER TABLE "submission_answers" ADD COLUMN "question_number" integer;--> statement-breakpoint
ALTER TABLE "scan_pages" ADD CONSTRAINT "scan_pages_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE set null ON UPDATE no action;