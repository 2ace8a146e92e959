import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TSubmissionFlagFilter, TSubmissionSort } from '@stem/contract/submissions';
import type { TDb } from '../../db/client';
import {
  afterCursor,
  cursorColumns,
  decodeCursor,
  orderByKeys,
  takePage,
  type TSortSpec,
} from '../../lib/keyset';
import {
  classes,
  submissionAnswers,
  submissions,
  submissionTallies,
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
  /** The teacher whose list holds it (lists and counts are by this id). */
  teacherId: string | null;
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
      teacherId: submissions.teacherId,
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

/** Whose list: a teacher's (by the submission's teacher) or a student's own. */
export type TListOwner = { kind: 'teacher' | 'student'; schoolId: string; userId: string };

const studentNameKey = sql`(lower(${submissions.studentName}) COLLATE "C")`;
const classNameKey = sql`(lower(coalesce(${submissions.className}, '')) COLLATE "C")`;
const scoreKey = sql`(CASE WHEN ${submissions.status} = 'marked' THEN ${submissions.totalScore} ELSE -1 END)`;
const newest = [
  { expr: submissions.submittedAt, dir: 'desc', type: 'timestamptz' },
  { expr: submissions.id, dir: 'desc', type: 'uuid' },
] as const;

/**
 * The five orders of the shared list (spec 02 §2), each served by an index of migration 0001: newest
 * first, oldest first, student name A-Z, class name A-Z, score high to low with unmarked work last
 * (key -1). Ties are newest first; names compare lower-cased, by code point.
 */
export const SUBMISSION_SORT_SPECS: Record<TSubmissionSort, TSortSpec> = {
  recent: { name: 'recent', keys: newest },
  oldest: {
    name: 'oldest',
    keys: [
      { expr: submissions.submittedAt, dir: 'asc', type: 'timestamptz' },
      { expr: submissions.id, dir: 'asc', type: 'uuid' },
    ],
  },
  student: {
    name: 'student',
    keys: [{ expr: studentNameKey, dir: 'asc', type: 'text' }, ...newest],
  },
  class: { name: 'class', keys: [{ expr: classNameKey, dir: 'asc', type: 'text' }, ...newest] },
  score: { name: 'score', keys: [{ expr: scoreKey, dir: 'desc', type: 'int' }, ...newest] },
};

export type TListFilter = {
  sort: TSubmissionSort;
  flag: TSubmissionFlagFilter;
  /** Lower-cased search term, or '' for none. */
  q: string;
};

function ownerCondition(owner: TListOwner): SQL | undefined {
  return and(
    owner.kind === 'teacher'
      ? eq(submissions.teacherId, owner.userId)
      : eq(submissions.studentId, owner.userId),
    eq(submissions.schoolId, owner.schoolId),
  );
}

function filterCondition(filter: TListFilter): SQL | undefined {
  const flag =
    filter.flag === 'flagged'
      ? eq(submissions.isFlagged, true)
      : filter.flag === 'unflagged'
        ? eq(submissions.isFlagged, false)
        : undefined;
  const search = filter.q
    ? sql`(strpos(lower(${submissions.studentName}), ${filter.q}) > 0 or strpos(lower(coalesce(${submissions.className}, '')), ${filter.q}) > 0 or strpos(${submissions.searchText}, ${filter.q}) > 0)`
    : undefined;
  return and(flag, search);
}

export type TSubmissionSummaryRow = {
  id: string;
  classId: string | null;
  className: string | null;
  studentId: string;
  studentName: string;
  source: TSource;
  status: TSubmissionStatus;
  totalScore: number | null;
  totalMarks: number;
  isFlagged: boolean;
  failureReason: string | null;
  submittedAt: Date;
  markedAt: Date | null;
};

/**
 * One page of a teacher's or a student's submissions: a single index range scan of submissions
 * alone (names are kept on the row), limit + 1 rows, the next cursor from the last row.
 */
export async function selectSubmissionPage(
  db: TDb,
  owner: TListOwner,
  filter: TListFilter,
  page: { cursor: string | undefined; limit: number },
): Promise<{ rows: TSubmissionSummaryRow[]; nextCursor: string | null }> {
  const spec = SUBMISSION_SORT_SPECS[filter.sort];
  const after = page.cursor ? afterCursor(spec, decodeCursor(spec, page.cursor)) : undefined;
  const fetched = await db
    .select({
      id: submissions.id,
      classId: submissions.classId,
      className: submissions.className,
      studentId: submissions.studentId,
      studentName: submissions.studentName,
      source: submissions.source,
      status: submissions.status,
      totalScore: submissions.totalScore,
      totalMarks: submissions.totalMarks,
      isFlagged: submissions.isFlagged,
      failureReason: submissions.failureReason,
      submittedAt: submissions.submittedAt,
      markedAt: submissions.markedAt,
      ...cursorColumns(spec),
    })
    .from(submissions)
    .where(and(ownerCondition(owner), filterCondition(filter), after))
    .orderBy(...orderByKeys(spec))
    .limit(page.limit + 1);
  return takePage(spec, fetched, page.limit);
}

/** A teacher's or student's whole count and flagged count, from the tallies the triggers keep. */
export async function selectTally(
  db: TDb,
  owner: Pick<TListOwner, 'kind' | 'userId'>,
): Promise<{ total: number; flagged: number }> {
  const [row] = await db
    .select({ total: submissionTallies.total, flagged: submissionTallies.flagged })
    .from(submissionTallies)
    .where(
      and(
        eq(submissionTallies.userId, owner.userId),
        eq(submissionTallies.kind, owner.kind === 'teacher' ? 't' : 's'),
      ),
    );
  return row ?? { total: 0, flagged: 0 };
}

/** How many of the owner's submissions a search (with the flag filter) keeps. */
export async function countMatching(
  db: TDb,
  owner: TListOwner,
  filter: TListFilter,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(submissions)
    .where(and(ownerCondition(owner), filterCondition(filter)));
  return Number(row?.n ?? 0);
}

/** The status of each of these submissions of a school. */
export async function selectStatuses(db: TDb, schoolId: string, ids: string[]) {
  return db
    .select({ id: submissions.id, status: submissions.status })
    .from(submissions)
    .where(and(eq(submissions.schoolId, schoolId), inArray(submissions.id, ids)));
}
