import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/client';
import {
  classes,
  submissionAnswers,
  submissions,
  users,
  type TFeedback,
  type TModeration,
} from '../../db/schema';

/** Every table access of the submissions module. Callers pass `db` or a transaction. */

type TSource = (typeof submissions.$inferSelect)['source'];
type TAnswerSource = (typeof submissionAnswers.$inferSelect)['answerSource'];
export type TSubmissionStatus = (typeof submissions.$inferSelect)['status'];

/** Namespace of the per-student advisory lock taken while counting attempts. */
const ATTEMPTS_LOCK_NAMESPACE = 727_275;

/**
 * Serialises submission creates of one student until the transaction ends, so two parallel creates
 * cannot both count 2 earlier attempts and both insert a third and a fourth. An advisory lock keyed
 * on the student id: it needs no row, and it leaves the users table to its own module.
 */
export async function lockStudentAttempts(tx: TDb, studentId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${ATTEMPTS_LOCK_NAMESPACE}, hashtext(${studentId}))`,
  );
}

/** How many answers the student has already given to each of these questions (every submission). */
export async function countStudentAnswers(
  db: TDb,
  schoolId: string,
  studentId: string,
  questionIds: string[],
): Promise<Map<string, number>> {
  if (questionIds.length === 0) return new Map();
  const rows = await db
    .select({ questionId: submissionAnswers.questionId, n: count() })
    .from(submissionAnswers)
    .innerJoin(submissions, eq(submissions.id, submissionAnswers.submissionId))
    .where(
      and(
        eq(submissions.schoolId, schoolId),
        eq(submissions.studentId, studentId),
        inArray(submissionAnswers.questionId, questionIds),
      ),
    )
    .groupBy(submissionAnswers.questionId);
  return new Map(rows.flatMap((r) => (r.questionId ? [[r.questionId, Number(r.n)]] : [])));
}

export type TNewAnswer = {
  questionId: string;
  questionText: string;
  marks: number;
  lowMarkRange: string;
  highMarkRange: string;
  rubric: string;
  answer: string;
  answerSource: TAnswerSource;
  /** Mean OCR confidence (0..100) for text read from a photo or upload; null for typed text. */
  ocrConfidence?: number | null | undefined;
};

/** Inserts a pending submission and its answers (with their question snapshots); returns its id. */
export async function insertSubmission(
  tx: TDb,
  values: {
    schoolId: string;
    classId: string;
    className: string;
    studentId: string;
    uploadedBy: string | null;
    source: TSource;
    answers: TNewAnswer[];
    now: Date;
  },
): Promise<string> {
  const totalMarks = values.answers.reduce((sum, a) => sum + a.marks, 0);
  const [row] = await tx
    .insert(submissions)
    .values({
      schoolId: values.schoolId,
      classId: values.classId,
      className: values.className,
      studentId: values.studentId,
      uploadedBy: values.uploadedBy,
      source: values.source,
      status: 'pending',
      totalMarks,
      submittedAt: values.now,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning({ id: submissions.id });
  if (!row) throw new Error('submission not inserted');
  await tx.insert(submissionAnswers).values(
    values.answers.map((a, position) => ({
      submissionId: row.id,
      questionId: a.questionId,
      position,
      questionText: a.questionText,
      marks: a.marks,
      lowMarkRange: a.lowMarkRange,
      highMarkRange: a.highMarkRange,
      rubric: a.rubric,
      answer: a.answer,
      answerSource: a.answerSource,
      ocrConfidence: a.answerSource === 'typed' ? null : (a.ocrConfidence ?? null),
      createdAt: values.now,
      updatedAt: values.now,
    })),
  );
  return row.id;
}

export type TSubmissionRow = {
  id: string;
  schoolId: string;
  classId: string | null;
  /** The class's current name, else the name it had when the work was submitted. */
  className: string | null;
  classTeacherId: string | null;
  studentId: string;
  studentName: string | null;
  uploadedBy: string | null;
  source: TSource;
  status: TSubmissionStatus;
  totalScore: number | null;
  totalMarks: number;
  failureReason: string | null;
  markingAttempts: number;
  markingStartedAt: Date | null;
  submittedAt: Date;
  markedAt: Date | null;
  updatedAt: Date;
};

function selectSubmissionRows(db: TDb, where: SQL | undefined) {
  const student = alias(users, 'student');
  return db
    .select({
      id: submissions.id,
      schoolId: submissions.schoolId,
      classId: submissions.classId,
      className: sql<string | null>`coalesce(${classes.name}, ${submissions.className})`,
      classTeacherId: classes.teacherId,
      studentId: submissions.studentId,
      studentName: student.name,
      uploadedBy: submissions.uploadedBy,
      source: submissions.source,
      status: submissions.status,
      totalScore: submissions.totalScore,
      totalMarks: submissions.totalMarks,
      failureReason: submissions.failureReason,
      markingAttempts: submissions.markingAttempts,
      markingStartedAt: submissions.markingStartedAt,
      submittedAt: submissions.submittedAt,
      markedAt: submissions.markedAt,
      updatedAt: submissions.updatedAt,
    })
    .from(submissions)
    .leftJoin(classes, eq(classes.id, submissions.classId))
    .leftJoin(student, eq(student.id, submissions.studentId))
    .where(where)
    .orderBy(desc(submissions.submittedAt), desc(submissions.id));
}

/** The student's submissions, newest first. */
export function selectStudentSubmissions(
  db: TDb,
  schoolId: string,
  studentId: string,
): Promise<TSubmissionRow[]> {
  return selectSubmissionRows(
    db,
    and(eq(submissions.schoolId, schoolId), eq(submissions.studentId, studentId)),
  );
}

/** Submissions in these classes, or uploaded by this teacher, newest first. */
export function selectTeacherSubmissions(
  db: TDb,
  schoolId: string,
  teacherId: string,
  classIds: string[],
): Promise<TSubmissionRow[]> {
  const byUpload = eq(submissions.uploadedBy, teacherId);
  return selectSubmissionRows(
    db,
    and(
      eq(submissions.schoolId, schoolId),
      classIds.length > 0 ? or(inArray(submissions.classId, classIds), byUpload) : byUpload,
    ),
  );
}

/** One submission of the school, or null (another school's is null too). */
export async function findSubmission(
  db: TDb,
  schoolId: string,
  submissionId: string,
): Promise<TSubmissionRow | null> {
  const rows = await selectSubmissionRows(
    db,
    and(eq(submissions.schoolId, schoolId), eq(submissions.id, submissionId)),
  ).limit(1);
  return rows[0] ?? null;
}

/** Whether the school has a class with this id (a deleted class is not one). */
export async function classExists(db: TDb, schoolId: string, classId: string): Promise<boolean> {
  const rows = await db
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), eq(classes.id, classId)))
    .limit(1);
  return rows.length > 0;
}

export type TAnswerRow = {
  id: string;
  submissionId: string;
  questionId: string | null;
  questionText: string;
  marks: number;
  answer: string;
  score: number | null;
  feedback: TFeedback | null;
  contentModeration: TModeration | null;
  markedBy: string | null;
};

/** The answers of all these submissions in one query, in answering order. */
export async function selectAnswersOf(
  db: TDb,
  schoolId: string,
  submissionIds: string[],
): Promise<TAnswerRow[]> {
  if (submissionIds.length === 0) return [];
  return db
    .select({
      id: submissionAnswers.id,
      submissionId: submissionAnswers.submissionId,
      questionId: submissionAnswers.questionId,
      questionText: submissionAnswers.questionText,
      marks: submissionAnswers.marks,
      answer: submissionAnswers.answer,
      score: submissionAnswers.score,
      feedback: submissionAnswers.feedback,
      contentModeration: submissionAnswers.contentModeration,
      markedBy: submissionAnswers.markedBy,
    })
    .from(submissionAnswers)
    .innerJoin(submissions, eq(submissions.id, submissionAnswers.submissionId))
    .where(
      and(
        inArray(submissionAnswers.submissionId, submissionIds),
        eq(submissions.schoolId, schoolId),
      ),
    )
    .orderBy(
      asc(submissionAnswers.submissionId),
      asc(submissionAnswers.position),
      asc(submissionAnswers.id),
    );
}

/**
 * A failed submission back to pending for another marking (the attempt count is kept, the reason
 * cleared). Null when it is not, or no longer, failed: two retries at once reopen it only once.
 */
export async function reopenFailedSubmission(
  db: TDb,
  schoolId: string,
  submissionId: string,
  now: Date,
): Promise<{ id: string; markingAttempts: number } | null> {
  const rows = await db
    .update(submissions)
    .set({ status: 'pending', markingStartedAt: null, failureReason: null, updatedAt: now })
    .where(
      and(
        eq(submissions.id, submissionId),
        eq(submissions.schoolId, schoolId),
        eq(submissions.status, 'failed'),
      ),
    )
    .returning({ id: submissions.id, markingAttempts: submissions.markingAttempts });
  return rows[0] ?? null;
}
