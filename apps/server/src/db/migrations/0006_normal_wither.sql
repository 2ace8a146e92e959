DROP INDEX "questions_teacher_created_idx";--> statement-breakpoint
CREATE INDEX "questions_teacher_created_id_idx" ON "questions" USING btree ("teacher_id","created_at","id");--> statement-breakpoint
CREATE INDEX "questions_teacher_marks_low_idx" ON "questions" USING btree ("teacher_id","marks","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);