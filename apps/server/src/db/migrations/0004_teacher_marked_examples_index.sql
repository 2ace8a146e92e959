CREATE INDEX "submission_answers_teacher_marked_idx" ON "submission_answers" USING btree ("question_id","overridden_at" DESC NULLS FIRST) WHERE "submission_answers"."overridden_by" is not null;
