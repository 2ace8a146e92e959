import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { TReleaseMode } from '@stem/contract/regrades';
import type { TDb } from '../../db/client';
import { classQuestions, questions, type TFeedback, type TReviewReason } from '../../db/schema';

/**
 * The marking screen's reads (issue 27). Like the release module's, they read the submissions
 * module's tables together with the class's: one statement for the question, one for every student
 * with their latest answer, whatever the class's size (no query per student).
 */

async function rowsOf<T>(db: TDb, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  // node-postgres and PGlite both return { rows }.
  return (result as unknown as { rows: T[] }).rows;
}

export type TClassQuestionRow = {
  questionId: string;
  question: string;
  marks: number;
  lowMarkRange: string;
  highMarkRange: string;
  rubric: string;
  referenceAnswer: string | null;
  releaseMode: TReleaseMode;
};

/** The question as it is now, if it is in the class and of the school; else null. */
export async function findClassQuestion(
  db: TDb,
  schoolId: string,
  classId: string,
  questionId: string,
): Promise<TClassQuestionRow | null> {
  const [row] = await db
    .select({
      questionId: questions.id,
      question: questions.question,
      marks: questions.marks,
      lowMarkRange: questions.lowMarkRange,
      highMarkRange: questions.highMarkRange,
      rubric: questions.rubric,
      referenceAnswer: questions.referenceAnswer,
      releaseMode: classQuestions.releaseMode,
    })
    .from(classQuestions)
    .innerJoin(questions, eq(questions.id, classQuestions.questionId))
    .where(
      and(
        eq(classQuestions.classId, classId),
        eq(classQuestions.questionId, questionId),
        eq(questions.schoolId, schoolId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** A student of the class, with their latest answer to the question (all answer columns null if none). */
export type TStudentAnswerRow = {
  studentId: string;
  studentName: string;
  answerId: string | null;
  submissionId: string | null;
  submittedAt: Date | string | null;
  status: 'pending' | 'marked' | 'failed' | null;
  submissionSource: 'student' | 'teacher_upload' | 'bulk_scan' | null;
  answer: string | null;
  answerSource: 'typed' | 'photo' | 'upload' | 'scan' | null;
  ocrConfidence: number | null;
  marks: number | null;
  score: number | null;
  aiScore: number | null;
  feedback: TFeedback | string | null;
  teacherFeedback: string | null;
  reviewDoubt: number | null;
  reviewReasons: TReviewReason[] | string | null;
  doubtNote: string | null;
  doubtAbout: string | null;
  isFlagged: boolean | null;
  overriddenBy: string | null;
  reviewedAt: Date | string | null;
  reviewerName: string | null;
  reviewHeld: boolean | null;
  releaseHeld: boolean | null;
  /** The rubric the marker marked it under (issue 27). */
  rubricVersion: string | null;
};

/**
 * Every student of the class by name, each with their latest answer to the question in this class
 * (the newest submission holding one; within it the last such answer). The lateral join reads each
 * student's submissions through submissions_student_submitted_idx, newest first, and their answers
 * through submission_answers_submission_idx; one statement for the whole class.
 */
export async function selectStudentAnswers(
  db: TDb,
  schoolId: string,
  classId: string,
  questionId: string,
): Promise<TStudentAnswerRow[]> {
  return rowsOf<TStudentAnswerRow>(
    db,
    sql`
    select cs.student_id as "studentId", u.name as "studentName",
      la.id as "answerId", la.submission_id as "submissionId", la.submitted_at as "submittedAt",
      la.status, la.submission_source as "submissionSource", la.answer,
      la.answer_source as "answerSource", la.ocr_confidence as "ocrConfidence", la.marks,
      la.score, la.ai_score as "aiScore", la.feedback, la.teacher_feedback as "teacherFeedback",
      la.review_doubt as "reviewDoubt", la.review_reasons as "reviewReasons",
      la.doubt_note as "doubtNote", la.doubt_about as "doubtAbout",
      la.is_flagged as "isFlagged", la.overridden_by as "overriddenBy",
      la.reviewed_at as "reviewedAt", reviewer.name as "reviewerName",
      la.review_held as "reviewHeld", la.release_held as "releaseHeld",
      la.rubric_version as "rubricVersion"
    from class_students cs
    join users u on u.id = cs.student_id and u.school_id = ${schoolId}
    left join lateral (
      select a.id, a.submission_id, s.submitted_at, s.status, s.source as submission_source,
        a.answer, a.answer_source, a.ocr_confidence, a.marks, a.score, a.ai_score, a.feedback,
        a.teacher_feedback, a.review_doubt, a.review_reasons, a.doubt_note, a.doubt_about, a.is_flagged, a.overridden_by,
        a.reviewed_at, a.reviewed_by, a.review_held, a.release_held, a.rubric_version
      from submissions s
      join submission_answers a on a.submission_id = s.id and a.question_id = ${questionId}
      where s.student_id = cs.student_id and s.class_id = ${classId} and s.school_id = ${schoolId}
      order by s.submitted_at desc, s.id desc, a.position desc
      limit 1
    ) la on true
    left join users reviewer on reviewer.id = la.reviewed_by
    where cs.class_id = ${classId}
    order by lower(u.name) collate "C", u.id`,
  );
}
