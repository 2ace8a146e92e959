CREATE INDEX "submissions_student_name_trgm_idx" ON "submissions" USING gin (lower("student_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "submissions_class_name_trgm_idx" ON "submissions" USING gin (lower(coalesce("class_name", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "submissions_search_text_trgm_idx" ON "submissions" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- Issue 14: the API processes keep recent replies (dashboards, lists, details) in memory and must
-- forget them as soon as the data under them changes, whoever changes it (a request, the marking
-- worker, housekeeping, another process, a hand-made fix). Every change to a table those replies
-- read announces its school's id on the channel stem_data ('*' when the school is unknown); every
-- process listens (lib/data-versions.ts). pg_notify sends one notice per distinct payload per
-- transaction, so a bulk insert into one school sends one.
CREATE FUNCTION "stem_notify_school_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('stem_data', coalesce(OLD.school_id::text, '*'));
  ELSE
    PERFORM pg_notify('stem_data', coalesce(NEW.school_id::text, '*'));
    IF TG_OP = 'UPDATE' AND OLD.school_id IS DISTINCT FROM NEW.school_id THEN
      PERFORM pg_notify('stem_data', coalesce(OLD.school_id::text, '*'));
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "stem_notify_school_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('stem_data', (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END)::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "stem_notify_class_child"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  school uuid;
BEGIN
  SELECT c.school_id INTO school FROM classes c
    WHERE c.id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.class_id ELSE NEW.class_id END);
  PERFORM pg_notify('stem_data', coalesce(school::text, '*'));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "stem_notify_submission_child"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  school uuid;
BEGIN
  SELECT s.school_id INTO school FROM submissions s
    WHERE s.id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.submission_id ELSE NEW.submission_id END);
  PERFORM pg_notify('stem_data', coalesce(school::text, '*'));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "stem_notify_all"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('stem_data', '*');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "schools_notify" AFTER INSERT OR UPDATE OR DELETE ON "schools" FOR EACH ROW EXECUTE FUNCTION "stem_notify_school_row"();--> statement-breakpoint
CREATE TRIGGER "school_logos_notify" AFTER INSERT OR UPDATE OR DELETE ON "school_logos" FOR EACH ROW EXECUTE FUNCTION "stem_notify_school_id"();--> statement-breakpoint
CREATE TRIGGER "users_notify" AFTER INSERT OR UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "stem_notify_school_id"();--> statement-breakpoint
CREATE TRIGGER "classes_notify" AFTER INSERT OR UPDATE OR DELETE ON "classes" FOR EACH ROW EXECUTE FUNCTION "stem_notify_school_id"();--> statement-breakpoint
CREATE TRIGGER "class_students_notify" AFTER INSERT OR UPDATE OR DELETE ON "class_students" FOR EACH ROW EXECUTE FUNCTION "stem_notify_class_child"();--> statement-breakpoint
CREATE TRIGGER "questions_notify" AFTER INSERT OR UPDATE OR DELETE ON "questions" FOR EACH ROW EXECUTE FUNCTION "stem_notify_school_id"();--> statement-breakpoint
CREATE TRIGGER "class_questions_notify" AFTER INSERT OR UPDATE OR DELETE ON "class_questions" FOR EACH ROW EXECUTE FUNCTION "stem_notify_class_child"();--> statement-breakpoint
CREATE TRIGGER "submissions_notify" AFTER INSERT OR UPDATE OR DELETE ON "submissions" FOR EACH ROW EXECUTE FUNCTION "stem_notify_school_id"();--> statement-breakpoint
CREATE TRIGGER "submission_answers_notify" AFTER INSERT OR UPDATE OR DELETE ON "submission_answers" FOR EACH ROW EXECUTE FUNCTION "stem_notify_submission_child"();--> statement-breakpoint
CREATE TRIGGER "answer_reviews_notify" AFTER INSERT OR UPDATE OR DELETE ON "answer_reviews" FOR EACH ROW EXECUTE FUNCTION "stem_notify_school_id"();--> statement-breakpoint
CREATE TRIGGER "schools_truncate_notify" AFTER TRUNCATE ON "schools" FOR EACH STATEMENT EXECUTE FUNCTION "stem_notify_all"();--> statement-breakpoint
CREATE TRIGGER "users_truncate_notify" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "stem_notify_all"();--> statement-breakpoint
CREATE TRIGGER "classes_truncate_notify" AFTER TRUNCATE ON "classes" FOR EACH STATEMENT EXECUTE FUNCTION "stem_notify_all"();--> statement-breakpoint
CREATE TRIGGER "class_students_truncate_notify" AFTER TRUNCATE ON "class_students" FOR EACH STATEMENT EXECUTE FUNCTION "stem_notify_all"();--> statement-breakpoint
CREATE TRIGGER "questions_truncate_notify" AFTER TRUNCATE ON "questions" FOR EACH STATEMENT EXECUTE FUNCTION "stem_notify_all"();--> statement-breakpoint
CREATE TRIGGER "class_questions_truncate_notify" AFTER TRUNCATE ON "class_questions" FOR EACH STATEMENT EXECUTE FUNCTION "stem_notify_all"();--> statement-breakpoint
CREATE TRIGGER "submissions_truncate_notify" AFTER TRUNCATE ON "submissions" FOR EACH STATEMENT EXECUTE FUNCTION "stem_notify_all"();--> statement-breakpoint
CREATE TRIGGER "submission_answers_truncate_notify" AFTER TRUNCATE ON "submission_answers" FOR EACH STATEMENT EXECUTE FUNCTION "stem_notify_all"();--> statement-breakpoint
CREATE TRIGGER "answer_reviews_truncate_notify" AFTER TRUNCATE ON "answer_reviews" FOR EACH STATEMENT EXECUTE FUNCTION "stem_notify_all"();
