import type { TMarkDoubtKey } from '@stem/contract/marking';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  TSubmissionFlagFilter,
  TSubmissionReviewFilter,
  TSubmissionSort,
} from '@stem/contract/submissions';
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
  answerReviews,
  classes,
  submissionAnswers,
  submissions,
  submissionTallies,
  users,
  type TFeedback,
  type TModeration,
  type TReviewReason,
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

/**
 * For each of the student's given submissions, the attempt numbers of its answers: each answer is one
 * attempt at its question (as countStudentAnswers counts them), numbered in the order submitted. One
 * statement over the student's answers to the page's questions (at most 3 each).
 */
export async function selectAttemptNumbers(
  db: TDb,
  schoolId: string,
  studentId: string,
  submissionIds: string[],
): Promise<Map<string, { from: number; to: number }>> {
  if (submissionIds.length === 0) return new Map();
  const ids = sql.join(
    submissionIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await db.execute(sql`
    with asked as (
      select distinct a.question_id from submission_answers a
      where a.submission_id in (${ids}) and a.question_id is not null
    ), numbered as (
      select a.submission_id,
        row_number() over (
          partition by a.question_id order by s.submitted_at, s.id, a.position
        ) as n
      from submission_answers a
      join submissions s on s.id = a.submission_id
      where s.school_id = ${schoolId} and s.student_id = ${studentId}
        and a.question_id in (select question_id from asked)
    )
    select submission_id as id, min(n)::int as "from", max(n)::int as "to"
    from numbered where submission_id in (${ids})
    group by submission_id`);
  // node-postgres and PGlite both return { rows }.
  const rows = (result as unknown as { rows: { id: string; from: number; to: number }[] }).rows;
  return new Map(rows.map((r) => [r.id, { from: Number(r.from), to: Number(r.to) }]));
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
  /** The question holds feedback until the teacher reviews it (issue 18). */
  reviewHeld?: boolean;
  /** The class releases this question's marks only when the teacher says so (issue 27). */
  releaseHeld?: boolean;
  /** The number printed on the paper sheet (bulk scans); undefined: the answer's place. */
  questionNumber?: number | undefined;
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
      feedbackHeld: values.answers.some((a) => a.reviewHeld === true || a.releaseHeld === true),
      releaseHeld: values.answers.some((a) => a.releaseHeld === true),
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
      questionNumber: a.questionNumber ?? null,
      answerSource: a.answerSource,
      ocrConfidence: a.answerSource === 'typed' ? null : (a.ocrConfidence ?? null),
      feedbackHeld: a.reviewHeld === true || a.releaseHeld === true,
      reviewHeld: a.reviewHeld ?? false,
      releaseHeld: a.releaseHeld ?? false,
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
  reviewDoubt: number | null;
  feedbackHeld: boolean;
  releaseHeld: boolean;
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
      reviewDoubt: submissions.reviewDoubt,
      feedbackHeld: submissions.feedbackHeld,
      releaseHeld: submissions.releaseHeld,
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

/** Submissions of the school by id, in one statement (another school's are left out). */
export async function findSubmissions(
  db: TDb,
  schoolId: string,
  submissionIds: readonly string[],
): Promise<TSubmissionRow[]> {
  if (submissionIds.length === 0) return [];
  return selectSubmissionRows(
    db,
    and(eq(submissions.schoolId, schoolId), inArray(submissions.id, [...submissionIds])),
  );
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
  aiScore: number | null;
  teacherFeedback: string | null;
  overriddenById: string | null;
  overriddenByName: string | null;
  overriddenAt: Date | null;
  reviewedAt: Date | null;
  reviewDoubt: number | null;
  reviewReasons: TReviewReason[] | null;
  doubtNote: TMarkDoubtKey | null;
  doubtAbout: string | null;
  feedbackHeld: boolean;
  releaseHeld: boolean;
  questionNumber: number | null;
  answerSource: TAnswerSource;
};

/** The answers of all these submissions in one query, in answering order. */
export async function selectAnswersOf(
  db: TDb,
  schoolId: string,
  submissionIds: string[],
): Promise<TAnswerRow[]> {
  if (submissionIds.length === 0) return [];
  const overrider = alias(users, 'overrider');
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
      aiScore: submissionAnswers.aiScore,
      teacherFeedback: submissionAnswers.teacherFeedback,
      overriddenById: submissionAnswers.overriddenBy,
      overriddenByName: overrider.name,
      overriddenAt: submissionAnswers.overriddenAt,
      reviewedAt: submissionAnswers.reviewedAt,
      reviewDoubt: submissionAnswers.reviewDoubt,
      reviewReasons: submissionAnswers.reviewReasons,
      doubtNote: submissionAnswers.doubtNote,
      doubtAbout: submissionAnswers.doubtAbout,
      feedbackHeld: submissionAnswers.feedbackHeld,
      releaseHeld: submissionAnswers.releaseHeld,
      questionNumber: submissionAnswers.questionNumber,
      answerSource: submissionAnswers.answerSource,
    })
    .from(submissionAnswers)
    .innerJoin(submissions, eq(submissions.id, submissionAnswers.submissionId))
    .leftJoin(overrider, eq(overrider.id, submissionAnswers.overriddenBy))
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
    .set({
      status: 'pending',
      markingStartedAt: null,
      failureReason: null,
      reviewDoubt: null,
      updatedAt: now,
    })
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

/**
 * Whose list: a teacher's (by the submission's teacher), a student's own, or the whole school's (the
 * admin's; `userId` is then unused).
 */
export type TListOwner = {
  kind: 'teacher' | 'student' | 'school';
  schoolId: string;
  userId: string;
};

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

/**
 * A student's own score order: work whose marks their teacher has not released yet (issue 18) sorts
 * with the unmarked work, so its place in the list gives nothing away. A student's list is small
 * (their submissions' index range), so no index of its own.
 */
const STUDENT_SCORE_SPEC: TSortSpec = {
  name: 'score',
  keys: [
    {
      expr: sql`(CASE WHEN ${submissions.status} = 'marked' AND NOT ${submissions.feedbackHeld} THEN ${submissions.totalScore} ELSE -1 END)`,
      dir: 'desc',
      type: 'int',
    },
    ...newest,
  ],
};

/** The review queue's order: most doubtful first, then newest (index submissions_teacher_review_idx). */
export const REVIEW_QUEUE_SPEC: TSortSpec = {
  name: 'review',
  keys: [{ expr: submissions.reviewDoubt, dir: 'desc', type: 'int' }, ...newest],
};

export type TListFilter = {
  sort: TSubmissionSort;
  flag: TSubmissionFlagFilter;
  /** 'needed': only work waiting for review, in the queue's order (the sort is ignored). */
  review: TSubmissionReviewFilter;
  /** Lower-cased search term, or '' for none. */
  q: string;
  /** Only the work of this class (one student's work in a class). */
  classId?: string | null;
};

function ownerCondition(owner: TListOwner): SQL | undefined {
  return and(
    owner.kind === 'teacher'
      ? eq(submissions.teacherId, owner.userId)
      : owner.kind === 'student'
        ? eq(submissions.studentId, owner.userId)
        : undefined,
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
  // LIKE with the term's own %, _ and \ escaped: the trigram indexes of migration 0012 serve it
  // (strpos, which means the same, reads every row of the owner's).
  const pattern = filter.q ? `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : '';
  const search = filter.q
    ? sql`(lower(${submissions.studentName}) like ${pattern} or lower(coalesce(${submissions.className}, '')) like ${pattern} or ${submissions.searchText} like ${pattern})`
    : undefined;
  const review = filter.review === 'needed' ? isNotNull(submissions.reviewDoubt) : undefined;
  return and(
    flag,
    search,
    review,
    filter.classId ? eq(submissions.classId, filter.classId) : undefined,
  );
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
  reviewDoubt: number | null;
  feedbackHeld: boolean;
  releaseHeld: boolean;
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
  const spec =
    filter.review === 'needed'
      ? REVIEW_QUEUE_SPEC
      : owner.kind === 'student' && filter.sort === 'score'
        ? STUDENT_SCORE_SPEC
        : SUBMISSION_SORT_SPECS[filter.sort];
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
      reviewDoubt: submissions.reviewDoubt,
      feedbackHeld: submissions.feedbackHeld,
      releaseHeld: submissions.releaseHeld,
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

export type TExportAnswerRow = {
  submissionId: string;
  questionText: string;
  score: number | null;
  marks: number;
  aiScore: number | null;
  markedBy: string | null;
  overriddenBy: string | null;
  overriddenByName: string | null;
  teacherFeedback: string | null;
  feedback: TFeedback | null;
};

/** The e-mails of these students of the school (the CSV exports' Student e-mail column). */
export async function selectStudentEmails(
  db: TDb,
  schoolId: string,
  studentIds: string[],
): Promise<Map<string, string>> {
  if (studentIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(inArray(users.id, studentIds), eq(users.schoolId, schoolId)));
  return new Map(rows.map((r) => [r.id, r.email]));
}

/** The answers of these submissions as the CSV export writes them (marker, override, comment). */
export async function selectAnswersForExport(
  db: TDb,
  schoolId: string,
  submissionIds: string[],
): Promise<TExportAnswerRow[]> {
  if (submissionIds.length === 0) return [];
  const overrider = alias(users, 'overrider');
  return db
    .select({
      submissionId: submissionAnswers.submissionId,
      questionText: submissionAnswers.questionText,
      score: submissionAnswers.score,
      marks: submissionAnswers.marks,
      aiScore: submissionAnswers.aiScore,
      markedBy: submissionAnswers.markedBy,
      overriddenBy: submissionAnswers.overriddenBy,
      overriddenByName: overrider.name,
      teacherFeedback: submissionAnswers.teacherFeedback,
      feedback: submissionAnswers.feedback,
    })
    .from(submissionAnswers)
    .innerJoin(submissions, eq(submissions.id, submissionAnswers.submissionId))
    .leftJoin(overrider, eq(overrider.id, submissionAnswers.overriddenBy))
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

/** How many of the teacher's submissions wait for review (the partial queue index counts them). */
export async function countNeedingReview(db: TDb, owner: TListOwner): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(submissions)
    .where(and(ownerCondition(owner), isNotNull(submissions.reviewDoubt)));
  return Number(row?.n ?? 0);
}

export type TReviewTarget = {
  id: string;
  submissionId: string;
  marks: number;
  score: number | null;
  teacherFeedback: string | null;
  /** When a teacher last reviewed the answer; null while it waits. */
  reviewedAt: Date | null;
  status: TSubmissionStatus;
};

/**
 * The answer of this submission of the school, locked (with its submission) until the transaction
 * ends, so two reviews of one submission at once recompute its total one after the other.
 */
export async function lockAnswerForReview(
  tx: TDb,
  schoolId: string,
  submissionId: string,
  answerId: string,
): Promise<TReviewTarget | null> {
  const rows = await tx
    .select({
      id: submissionAnswers.id,
      submissionId: submissionAnswers.submissionId,
      marks: submissionAnswers.marks,
      score: submissionAnswers.score,
      teacherFeedback: submissionAnswers.teacherFeedback,
      reviewedAt: submissionAnswers.reviewedAt,
      status: submissions.status,
    })
    .from(submissionAnswers)
    .innerJoin(submissions, eq(submissions.id, submissionAnswers.submissionId))
    .where(
      and(
        eq(submissions.schoolId, schoolId),
        eq(submissions.id, submissionId),
        eq(submissionAnswers.id, answerId),
      ),
    )
    .for('update')
    .limit(1);
  return rows[0] ?? null;
}

/** Writes a teacher's review of one answer and keeps its history row. */
export async function writeAnswerReview(
  tx: TDb,
  values: {
    schoolId: string;
    target: TReviewTarget;
    actorId: string;
    now: Date;
    action: 'override' | 'accept';
    score: number | null;
    comment: string | null;
  },
): Promise<void> {
  const { target, now } = values;
  await tx
    .update(submissionAnswers)
    .set({
      reviewedBy: values.actorId,
      reviewedAt: now,
      // Reviewed: the student sees the mark now (issue 18), unless it waits for the class's release
      // of the question's marks (issue 27), which only "Release marks" ends.
      reviewHeld: false,
      feedbackHeld: submissionAnswers.releaseHeld,
      updatedAt: now,
      ...(values.action === 'override'
        ? {
            score: values.score,
            teacherFeedback: values.comment,
            overriddenBy: values.actorId,
            overriddenAt: now,
          }
        : {}),
    })
    .where(eq(submissionAnswers.id, target.id));
  await tx.insert(answerReviews).values({
    answerId: target.id,
    schoolId: values.schoolId,
    actorId: values.actorId,
    action: values.action,
    scoreBefore: target.score,
    scoreAfter: values.action === 'override' ? values.score : target.score,
    commentBefore: target.teacherFeedback,
    commentAfter: values.action === 'override' ? values.comment : target.teacherFeedback,
    createdAt: now,
  });
}

/**
 * A submission's two hold flags from its answers' (issues 18 and 27), for an UPDATE of submissions:
 * some answer is hidden from the student, and some answer waits for its class's release.
 */
export function submissionHoldFlags() {
  return {
    feedbackHeld: sql<boolean>`exists (select 1 from ${submissionAnswers} where ${submissionAnswers.submissionId} = ${submissions.id} and ${submissionAnswers.feedbackHeld})`,
    releaseHeld: sql<boolean>`exists (select 1 from ${submissionAnswers} where ${submissionAnswers.submissionId} = ${submissions.id} and ${submissionAnswers.releaseHeld})`,
  };
}

/**
 * The submission's total from its answers' scores, and its doubt from the answers nobody has
 * reviewed yet (null once every doubtful answer was reviewed). Returns both.
 */
export async function recomputeSubmission(
  tx: TDb,
  submissionId: string,
  now: Date,
): Promise<{ totalScore: number | null; reviewDoubt: number | null }> {
  const [row] = await tx
    .update(submissions)
    .set({
      totalScore: sql`(select sum(${submissionAnswers.score})::int from ${submissionAnswers} where ${submissionAnswers.submissionId} = ${submissionId})`,
      reviewDoubt: sql`(select max(${submissionAnswers.reviewDoubt}) from ${submissionAnswers} where ${submissionAnswers.submissionId} = ${submissionId} and ${submissionAnswers.reviewedAt} is null)`,
      ...submissionHoldFlags(),
      updatedAt: now,
    })
    .where(eq(submissions.id, submissionId))
    .returning({ totalScore: submissions.totalScore, reviewDoubt: submissions.reviewDoubt });
  return row ?? { totalScore: null, reviewDoubt: null };
}

export type THistoryRow = {
  answerId: string;
  action: 'override' | 'accept' | 'rescan';
  actorName: string | null;
  createdAt: Date;
  scoreBefore: number | null;
  scoreAfter: number | null;
  commentBefore: string | null;
  commentAfter: string | null;
  textBefore: string | null;
  textAfter: string | null;
};

/** The review history of these answers, newest first. */
export async function selectReviewHistory(
  db: TDb,
  schoolId: string,
  answerIds: string[],
): Promise<THistoryRow[]> {
  if (answerIds.length === 0) return [];
  const actor = alias(users, 'actor');
  return db
    .select({
      answerId: answerReviews.answerId,
      action: answerReviews.action,
      actorName: actor.name,
      createdAt: answerReviews.createdAt,
      scoreBefore: answerReviews.scoreBefore,
      scoreAfter: answerReviews.scoreAfter,
      commentBefore: answerReviews.commentBefore,
      commentAfter: answerReviews.commentAfter,
      textBefore: answerReviews.textBefore,
      textAfter: answerReviews.textAfter,
    })
    .from(answerReviews)
    .leftJoin(actor, eq(actor.id, answerReviews.actorId))
    .where(and(eq(answerReviews.schoolId, schoolId), inArray(answerReviews.answerId, answerIds)))
    .orderBy(desc(answerReviews.createdAt), desc(answerReviews.id));
}

export type TAgreementRow = {
  questionId: string;
  reviewed: number;
  agreed: number;
  withinOne: number;
};

/**
 * Per question: the answers a teacher reviewed that carry an AI mark, how many kept it and how many
 * stayed within one mark of it. `teacherId` narrows to that teacher's list; `classId` to one class.
 */
export async function selectAgreement(
  db: TDb,
  scope: { schoolId: string; teacherId: string | null; classId: string | null },
): Promise<TAgreementRow[]> {
  const rows = await db
    .select({
      questionId: sql<string>`${submissionAnswers.questionId}`,
      reviewed: count(),
      agreed: sql<number>`count(*) filter (where ${submissionAnswers.score} = ${submissionAnswers.aiScore})::int`,
      withinOne: sql<number>`count(*) filter (where abs(${submissionAnswers.score} - ${submissionAnswers.aiScore}) <= 1)::int`,
    })
    .from(submissionAnswers)
    .innerJoin(submissions, eq(submissions.id, submissionAnswers.submissionId))
    .where(
      and(
        eq(submissions.schoolId, scope.schoolId),
        scope.teacherId ? eq(submissions.teacherId, scope.teacherId) : undefined,
        scope.classId ? eq(submissions.classId, scope.classId) : undefined,
        isNotNull(submissionAnswers.reviewedAt),
        isNotNull(submissionAnswers.questionId),
        isNotNull(submissionAnswers.aiScore),
        isNotNull(submissionAnswers.score),
      ),
    )
    .groupBy(submissionAnswers.questionId)
    .orderBy(submissionAnswers.questionId);
  return rows.map((r) => ({
    questionId: r.questionId,
    reviewed: Number(r.reviewed),
    agreed: Number(r.agreed),
    withinOne: Number(r.withinOne),
  }));
}

/**
 * The whole school's count and flagged count (the admin's list). One index-only count each, over the
 * school's rows of submissions_school_recent_idx and the partial flagged index.
 */
export async function selectSchoolTally(
  db: TDb,
  schoolId: string,
): Promise<{ total: number; flagged: number }> {
  // Two counts, each answered from its index alone (no table rows are read).
  const [[all], [flagged]] = await Promise.all([
    db.select({ n: count() }).from(submissions).where(eq(submissions.schoolId, schoolId)),
    db
      .select({ n: count() })
      .from(submissions)
      .where(and(eq(submissions.schoolId, schoolId), eq(submissions.isFlagged, true))),
  ]);
  return { total: Number(all?.n ?? 0), flagged: Number(flagged?.n ?? 0) };
}

/** A student's submissions: how many, the mean percentage of the marked ones, the newest date. */
export async function selectStudentSubmissionStats(
  db: TDb,
  schoolId: string,
  studentId: string,
): Promise<{ total: number; averagePercent: number | null; last: Date | null }> {
  const [row] = await db
    .select({
      total: count(),
      average: sql<
        number | null
      >`avg(${submissions.totalScore} * 100.0 / nullif(${submissions.totalMarks}, 0)) filter (where ${submissions.status} = 'marked')`,
      last: sql<Date | null>`max(${submissions.submittedAt})`,
    })
    .from(submissions)
    .where(and(eq(submissions.schoolId, schoolId), eq(submissions.studentId, studentId)));
  const average = row?.average == null ? null : Math.round(Number(row.average) * 10) / 10;
  const last = row?.last ? new Date(row.last) : null;
  return { total: Number(row?.total ?? 0), averagePercent: average, last };
}

/** How many of a teacher's submissions have been marked. */
export async function countTeacherMarked(
  db: TDb,
  schoolId: string,
  teacherId: string,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(submissions)
    .where(
      and(
        eq(submissions.schoolId, schoolId),
        eq(submissions.teacherId, teacherId),
        eq(submissions.status, 'marked'),
      ),
    );
  return Number(row?.n ?? 0);
}

/** How many submissions these students of the school have made (what deleting them removes). */
export async function countSubmissionsOfStudents(
  db: TDb,
  schoolId: string,
  studentIds: string[],
): Promise<number> {
  if (studentIds.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(submissions)
    .where(and(eq(submissions.schoolId, schoolId), inArray(submissions.studentId, studentIds)));
  return Number(row?.n ?? 0);
}

/** The status of each of these submissions of a school. */
export async function selectStatuses(db: TDb, schoolId: string, ids: string[]) {
  return db
    .select({ id: submissions.id, status: submissions.status })
    .from(submissions)
    .where(and(eq(submissions.schoolId, schoolId), inArray(submissions.id, ids)));
}

/**
 * The teacher's correction of a scanned answer's text (issue 28): the answer takes the text, loses
 * the OCR confidence (the teacher read it) and goes back to the marker (rubricVersion null marks
 * it again); its submission waits for the marker. Only an answer read from a scan, marked and not
 * reviewed, of a marked submission; null otherwise (nothing changed).
 */
export async function reopenWithText(
  tx: TDb,
  values: { schoolId: string; submissionId: string; answerId: string; text: string; now: Date },
): Promise<{ id: string } | null> {
  const [answer] = await tx
    .update(submissionAnswers)
    .set({ answer: values.text, ocrConfidence: null, rubricVersion: null, updatedAt: values.now })
    .where(
      and(
        eq(submissionAnswers.id, values.answerId),
        eq(submissionAnswers.submissionId, values.submissionId),
        eq(submissionAnswers.answerSource, 'scan'),
        isNull(submissionAnswers.reviewedAt),
      ),
    )
    .returning({ id: submissionAnswers.id });
  if (!answer) return null;
  await tx
    .update(submissions)
    .set({ status: 'pending', markingStartedAt: null, updatedAt: values.now })
    .where(and(eq(submissions.id, values.submissionId), eq(submissions.schoolId, values.schoolId)));
  return answer;
}

export type TReplacedAnswer = {
  id: string;
  answer: string;
  score: number | null;
  teacherFeedback: string | null;
};

/**
 * The scanned answer of a submission of the school to a question, locked with its submission until
 * the transaction ends (a re-scan of its page replaces its text, issue 28); null when there is none.
 */
export async function lockScannedAnswer(
  tx: TDb,
  schoolId: string,
  submissionId: string,
  questionId: string,
): Promise<TReplacedAnswer | null> {
  const [row] = await tx
    .select({
      id: submissionAnswers.id,
      answer: submissionAnswers.answer,
      score: submissionAnswers.score,
      teacherFeedback: submissionAnswers.teacherFeedback,
    })
    .from(submissionAnswers)
    .innerJoin(submissions, eq(submissions.id, submissionAnswers.submissionId))
    .where(
      and(
        eq(submissions.schoolId, schoolId),
        eq(submissions.id, submissionId),
        eq(submissionAnswers.questionId, questionId),
        eq(submissionAnswers.answerSource, 'scan'),
      ),
    )
    .for('update')
    .limit(1);
  return row ?? null;
}

/**
 * A re-scan of an answer's paper page replaced its text (issue 28): its history keeps the text, mark
 * and teacher's comment it had ('rescan'); the mark, the marker's doubt and any review of it are
 * cleared, and its submission waits for the marker, which marks this answer again (its other answers
 * keep their marks). Whether the student sees the new mark is as the old one was: released stays
 * released, held stays held.
 */
export async function replaceAnswerText(
  tx: TDb,
  values: {
    schoolId: string;
    submissionId: string;
    answer: TReplacedAnswer;
    text: string;
    ocrConfidence: number | null;
    actorId: string;
    now: Date;
  },
): Promise<void> {
  const { answer, now } = values;
  await tx.insert(answerReviews).values({
    answerId: answer.id,
    schoolId: values.schoolId,
    actorId: values.actorId,
    action: 'rescan',
    scoreBefore: answer.score,
    scoreAfter: null,
    commentBefore: answer.teacherFeedback,
    commentAfter: null,
    textBefore: answer.answer,
    textAfter: values.text,
    createdAt: now,
  });
  await tx
    .update(submissionAnswers)
    .set({
      answer: values.text,
      ocrConfidence: values.ocrConfidence,
      score: null,
      aiScore: null,
      feedback: null,
      contentModeration: null,
      isFlagged: false,
      markedBy: null,
      overriddenBy: null,
      overriddenAt: null,
      teacherFeedback: null,
      reviewDoubt: null,
      reviewReasons: null,
      doubtNote: null,
      doubtAbout: null,
      reviewedBy: null,
      reviewedAt: null,
      rubricVersion: null,
      updatedAt: now,
    })
    .where(eq(submissionAnswers.id, answer.id));
  await tx
    .update(submissions)
    .set({
      status: 'pending',
      markingStartedAt: null,
      failureReason: null,
      totalScore: sql`(select sum(${submissionAnswers.score})::int from ${submissionAnswers} where ${submissionAnswers.submissionId} = ${values.submissionId})`,
      isFlagged: sql`exists (select 1 from ${submissionAnswers} where ${submissionAnswers.submissionId} = ${values.submissionId} and ${submissionAnswers.isFlagged})`,
      reviewDoubt: sql`(select max(${submissionAnswers.reviewDoubt}) from ${submissionAnswers} where ${submissionAnswers.submissionId} = ${values.submissionId} and ${submissionAnswers.reviewedAt} is null)`,
      updatedAt: now,
    })
    .where(and(eq(submissions.id, values.submissionId), eq(submissions.schoolId, values.schoolId)));
}
