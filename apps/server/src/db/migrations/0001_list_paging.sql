-- Lists at a school's real size (issue 14): each submission carries what its lists sort, filter and
-- search on (its teacher, its student's name, its questions' text), kept true by triggers, and the
-- per-teacher and per-student totals live in a small table the triggers keep, so no count grows with
-- the number of submissions.
ALTER TABLE "submissions" ADD COLUMN "teacher_id" uuid;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "student_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
UPDATE "submissions" s SET
  "teacher_id" = coalesce(
    (SELECT u."id" FROM "users" u WHERE u."id" = s."uploaded_by" AND u."school_id" = s."school_id"),
    (SELECT c."teacher_id" FROM "classes" c WHERE c."id" = s."class_id" AND c."school_id" = s."school_id")),
  "class_name" = coalesce((SELECT c."name" FROM "classes" c WHERE c."id" = s."class_id"), s."class_name"),
  "student_name" = coalesce((SELECT u."name" FROM "users" u WHERE u."id" = s."student_id"), ''),
  "search_text" = coalesce((SELECT lower(string_agg(a."question_text", ' ' ORDER BY a."position")) FROM "submission_answers" a WHERE a."submission_id" = s."id"), '');--> statement-breakpoint
CREATE TABLE "submission_tallies" (
	"user_id" uuid NOT NULL,
	"kind" char(1) NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"flagged" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "submission_tallies_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);--> statement-breakpoint
INSERT INTO "submission_tallies" ("user_id", "kind", "total", "flagged")
SELECT "user_id", "kind", count(*), count(*) FILTER (WHERE "is_flagged") FROM (
  SELECT "teacher_id" AS "user_id", 't' AS "kind", "is_flagged" FROM "submissions" WHERE "teacher_id" IS NOT NULL
  UNION ALL
  SELECT "student_id", 's', "is_flagged" FROM "submissions"
) d GROUP BY "user_id", "kind";--> statement-breakpoint
DROP INDEX IF EXISTS "submissions_student_submitted_idx";--> statement-breakpoint
CREATE INDEX "submissions_student_submitted_idx" ON "submissions" USING btree ("student_id","submitted_at","id");--> statement-breakpoint
CREATE INDEX "submissions_student_class_idx" ON "submissions" USING btree ("student_id",(lower(coalesce("class_name", '')) COLLATE "C"),"submitted_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "submissions_student_score_idx" ON "submissions" USING btree ("student_id",(CASE WHEN "status" = 'marked' THEN "total_score" ELSE -1 END),"submitted_at","id");--> statement-breakpoint
CREATE INDEX "submissions_student_flagged_idx" ON "submissions" USING btree ("student_id","submitted_at","id") WHERE "is_flagged";--> statement-breakpoint
CREATE INDEX "submissions_teacher_submitted_idx" ON "submissions" USING btree ("teacher_id","submitted_at","id");--> statement-breakpoint
CREATE INDEX "submissions_teacher_student_idx" ON "submissions" USING btree ("teacher_id",(lower("student_name") COLLATE "C"),"submitted_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "submissions_teacher_class_idx" ON "submissions" USING btree ("teacher_id",(lower(coalesce("class_name", '')) COLLATE "C"),"submitted_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "submissions_teacher_score_idx" ON "submissions" USING btree ("teacher_id",(CASE WHEN "status" = 'marked' THEN "total_score" ELSE -1 END),"submitted_at","id");--> statement-breakpoint
CREATE INDEX "submissions_teacher_flagged_idx" ON "submissions" USING btree ("teacher_id","submitted_at","id") WHERE "is_flagged";--> statement-breakpoint
CREATE INDEX "questions_teacher_marks_idx" ON "questions" USING btree ("teacher_id","marks","created_at","id");--> statement-breakpoint
CREATE INDEX "classes_teacher_created_idx" ON "classes" USING btree ("teacher_id","created_at","id");--> statement-breakpoint
CREATE FUNCTION "submissions_fill_owner"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."teacher_id" IS NULL THEN
    NEW."teacher_id" := coalesce(
      (SELECT u."id" FROM "users" u WHERE u."id" = NEW."uploaded_by" AND u."school_id" = NEW."school_id"),
      (SELECT c."teacher_id" FROM "classes" c WHERE c."id" = NEW."class_id" AND c."school_id" = NEW."school_id"));
  END IF;
  IF NEW."student_name" = '' THEN
    NEW."student_name" := coalesce((SELECT u."name" FROM "users" u WHERE u."id" = NEW."student_id"), '');
  END IF;
  IF NEW."class_name" IS NULL AND NEW."class_id" IS NOT NULL THEN
    NEW."class_name" := (SELECT c."name" FROM "classes" c WHERE c."id" = NEW."class_id");
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "submissions_fill_owner" BEFORE INSERT ON "submissions" FOR EACH ROW EXECUTE FUNCTION "submissions_fill_owner"();--> statement-breakpoint
CREATE FUNCTION "submission_answers_fill_search"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  -- One primary-key update per submission (a join with the transition table could scan them all);
  -- rows written with their search text already (bulk inserts) are left as they are.
  FOR r IN SELECT "submission_id", string_agg("question_text", ' ' ORDER BY "position") AS "texts" FROM new_rows GROUP BY "submission_id" LOOP
    UPDATE "submissions" SET "search_text" = lower(r."texts") WHERE "id" = r."submission_id" AND "search_text" = '';
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "submission_answers_fill_search" AFTER INSERT ON "submission_answers" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "submission_answers_fill_search"();--> statement-breakpoint
CREATE FUNCTION "users_rename_submissions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "submissions" SET "student_name" = NEW."name" WHERE "student_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_rename_submissions" AFTER UPDATE OF "name" ON "users" FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "users_rename_submissions"();--> statement-breakpoint
CREATE FUNCTION "classes_change_submissions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."name" IS DISTINCT FROM NEW."name" THEN
    UPDATE "submissions" SET "class_name" = NEW."name" WHERE "class_id" = NEW."id";
  END IF;
  IF OLD."teacher_id" IS DISTINCT FROM NEW."teacher_id" THEN
    UPDATE "submissions" SET "teacher_id" = NEW."teacher_id" WHERE "class_id" = NEW."id" AND "uploaded_by" IS NULL;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "classes_change_submissions" AFTER UPDATE OF "name", "teacher_id" ON "classes" FOR EACH ROW EXECUTE FUNCTION "classes_change_submissions"();--> statement-breakpoint
CREATE FUNCTION "submission_tallies_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "submission_tallies" ("user_id", "kind", "total", "flagged")
    SELECT "user_id", "kind", sum("dt"), sum("df") FROM (
      SELECT "teacher_id" AS "user_id", 't' AS "kind", 1 AS "dt", CASE WHEN "is_flagged" THEN 1 ELSE 0 END AS "df" FROM new_rows WHERE "teacher_id" IS NOT NULL
      UNION ALL SELECT "student_id", 's', 1, CASE WHEN "is_flagged" THEN 1 ELSE 0 END FROM new_rows
    ) d GROUP BY "user_id", "kind" ORDER BY "user_id", "kind"
    ON CONFLICT ("user_id", "kind") DO UPDATE SET "total" = "submission_tallies"."total" + EXCLUDED."total", "flagged" = "submission_tallies"."flagged" + EXCLUDED."flagged";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "submission_tallies" ("user_id", "kind", "total", "flagged")
    SELECT "user_id", "kind", sum("dt"), sum("df") FROM (
      SELECT "teacher_id" AS "user_id", 't' AS "kind", -1 AS "dt", CASE WHEN "is_flagged" THEN -1 ELSE 0 END AS "df" FROM old_rows WHERE "teacher_id" IS NOT NULL
      UNION ALL SELECT "student_id", 's', -1, CASE WHEN "is_flagged" THEN -1 ELSE 0 END FROM old_rows
    ) d GROUP BY "user_id", "kind" ORDER BY "user_id", "kind"
    ON CONFLICT ("user_id", "kind") DO UPDATE SET "total" = "submission_tallies"."total" + EXCLUDED."total", "flagged" = "submission_tallies"."flagged" + EXCLUDED."flagged";
  ELSE
    INSERT INTO "submission_tallies" ("user_id", "kind", "total", "flagged")
    SELECT "user_id", "kind", sum("dt"), sum("df") FROM (
      SELECT "teacher_id" AS "user_id", 't' AS "kind", 1 AS "dt", CASE WHEN "is_flagged" THEN 1 ELSE 0 END AS "df" FROM new_rows WHERE "teacher_id" IS NOT NULL
      UNION ALL SELECT "student_id", 's', 1, CASE WHEN "is_flagged" THEN 1 ELSE 0 END FROM new_rows
      UNION ALL SELECT "teacher_id", 't', -1, CASE WHEN "is_flagged" THEN -1 ELSE 0 END FROM old_rows WHERE "teacher_id" IS NOT NULL
      UNION ALL SELECT "student_id", 's', -1, CASE WHEN "is_flagged" THEN -1 ELSE 0 END FROM old_rows
    ) d GROUP BY "user_id", "kind" HAVING sum("dt") <> 0 OR sum("df") <> 0 ORDER BY "user_id", "kind"
    ON CONFLICT ("user_id", "kind") DO UPDATE SET "total" = "submission_tallies"."total" + EXCLUDED."total", "flagged" = "submission_tallies"."flagged" + EXCLUDED."flagged";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "submission_tallies_insert" AFTER INSERT ON "submissions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "submission_tallies_apply"();--> statement-breakpoint
CREATE TRIGGER "submission_tallies_delete" AFTER DELETE ON "submissions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "submission_tallies_apply"();--> statement-breakpoint
CREATE TRIGGER "submission_tallies_update" AFTER UPDATE ON "submissions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "submission_tallies_apply"();
