ALTER TABLE "scan_pages" ADD COLUMN "question_number" integer;--> statement-breakpoint
ALTER TABLE "submission_answers" ADD COLUMN "question_number" integer;