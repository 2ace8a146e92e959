-- Where an answer's text came from (OCR confidence of photo and upload text) and the teacher's own
-- feedback on an answer, which the marker reuses for similar answers to the same question.
ALTER TABLE "submission_answers" ADD COLUMN "ocr_confidence" real;--> statement-breakpoint
ALTER TABLE "submission_answers" ADD COLUMN "teacher_feedback" text;
