import type { TMarkDoubtKey } from '@stem/contract/marking';
import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { FAILED_MARKING_DOUBT, type TReviewDoubt } from './review-doubt';
import { submissionAnswers, submissions, type TFeedback, type TModeration } from '../../db/schema';

/**
 * The marking side of the submissions tables: claiming a submission, reading its answer snapshots,
 * writing marks. Every statement that changes a submission is fenced by its status and, while marking,
 * by the lease (`marking_started_at`) this run took, so a stale run can never overwrite a newer one.
 */

export type TClaim = {
  id: string;
  schoolId: string;
  markingAttempts: number;
  /** The lease this run holds; later writes must present it. */
  leaseAt: Date;
};

/**
 * Takes the marking lease of a pending submission, atomically: one UPDATE that succeeds only when no
 * live lease exists, so of any number of concurrent callers exactly one gets a row back.
 */
export async function claimSubmission(
  db: TDb,
  submissionId: string,
  now: Date,
  leaseMs: number,
): Promise<TClaim | null> {
  const expired = new Date(now.getTime() - leaseMs);
  const rows = await db
    .update(submissions)
    .set({
      markingStartedAt: now,
      markingAttempts: sql`${submissions.markingAttempts} + 1`,
      updatedAt: now,
    })
    .where(
      and(
        eq(submissions.id, submissionId),
        eq(submissions.status, 'pending'),
        or(isNull(submissions.markingStartedAt), lt(submissions.markingStartedAt, expired)),
      ),
    )
    .returning({
      id: submissions.id,
      schoolId: submissions.schoolId,
      markingAttempts: submissions.markingAttempts,
    });
  const row = rows[0];
  return row ? { ...row, leaseAt: now } : null;
}

export type TMarkingState = {
  status: 'pending' | 'marked' | 'failed';
  markingStartedAt: Date | null;
};

export async function findMarkingState(
  db: TDb,
  submissionId: string,
): Promise<TMarkingState | null> {
  const rows = await db
    .select({ status: submissions.status, markingStartedAt: submissions.markingStartedAt })
    .from(submissions)
    .where(eq(submissions.id, submissionId))
    .limit(1);
  return rows[0] ?? null;
}

export type TAnswerSnapshot = {
  id: string;
  questionId: string | null;
  questionText: string;
  marks: number;
  lowMarkRange: string;
  highMarkRange: string;
  rubric: string;
  referenceAnswer: string | null;
  answer: string;
  answerSource: 'typed' | 'photo' | 'upload' | 'scan';
  ocrConfidence: number | null;
  /** Held from the student until a teacher reviews it (issue 18): it goes to the review queue. */
  reviewHeld: boolean;
  /**
   * The rubric its mark was made under, or null when it has no mark yet or a re-mark under the
   * question's current rubric was asked for (issue 27): only those answers are marked by a run.
   */
  rubricVersion: string | null;
};

/** The answers of a submission with their question snapshots, in answering order. */
export function selectAnswerSnapshots(
  db: TDb,
  schoolId: string,
  submissionId: string,
): Promise<TAnswerSnapshot[]> {
  return db
    .select({
      id: submissionAnswers.id,
      questionId: submissionAnswers.questionId,
      questionText: submissionAnswers.questionText,
      marks: submissionAnswers.marks,
      lowMarkRange: submissionAnswers.lowMarkRange,
      highMarkRange: submissionAnswers.highMarkRange,
      rubric: submissionAnswers.rubric,
      referenceAnswer: submissionAnswers.referenceAnswer,
      answer: submissionAnswers.answer,
      answerSource: submissionAnswers.answerSource,
      ocrConfidence: submissionAnswers.ocrConfidence,
      reviewHeld: submissionAnswers.reviewHeld,
      rubricVersion: submissionAnswers.rubricVersion,
    })
    .from(submissionAnswers)
    .innerJoin(submissions, eq(submissions.id, submissionAnswers.submissionId))
    .where(
      and(eq(submissionAnswers.submissionId, submissionId), eq(submissions.schoolId, schoolId)),
    )
    .orderBy(asc(submissionAnswers.position), asc(submissionAnswers.id));
}

export type TExampleRow = {
  questionId: string;
  answer: string;
  score: number;
  /** The teacher's own feedback on the answer, when the teacher wrote or edited it. */
  comment: string | null;
};

/**
 * Answers to these questions whose mark a teacher overrode or kept (reviewed: issue 27's "Test on a
 * few first", where an accepted mark is a teacher's mark as much as a changed one, as in the loop)
 * or whose feedback a teacher wrote, newest first, at most `perQuestion` per question, in one
 * query: the marker uses them as worked examples of how this school marks, and the teacher's
 * feedback as reasons for similar answers.
 */
export async function selectOverriddenExamples(
  db: TDb,
  schoolId: string,
  questionIds: string[],
  excludeSubmissionId: string,
  perQuestion: number,
): Promise<TExampleRow[]> {
  if (questionIds.length === 0) return [];
  const ranked = db
    .select({
      questionId: sql<string>`${submissionAnswers.questionId}`.as('question_id'),
      answer: sql<string>`${submissionAnswers.answer}`.as('answer'),
      score: sql<number>`${submissionAnswers.score}`.as('score'),
      comment: sql<string | null>`${submissionAnswers.teacherFeedback}`.as('comment'),
      rank: sql<number>`row_number() over (partition by ${submissionAnswers.questionId} order by coalesce(${submissionAnswers.overriddenAt}, ${submissionAnswers.reviewedAt}) desc nulls last, ${submissionAnswers.id} desc)`.as(
        'rank',
      ),
    })
    .from(submissionAnswers)
    .innerJoin(submissions, eq(submissions.id, submissionAnswers.submissionId))
    .where(
      and(
        eq(submissions.schoolId, schoolId),
        inArray(submissionAnswers.questionId, questionIds),
        or(
          isNotNull(submissionAnswers.overriddenBy),
          isNotNull(submissionAnswers.reviewedAt),
          isNotNull(submissionAnswers.teacherFeedback),
        ),
        isNotNull(submissionAnswers.score),
        ne(submissionAnswers.submissionId, excludeSubmissionId),
      ),
    )
    .as('ranked');
  return db
    .select({
      questionId: ranked.questionId,
      answer: ranked.answer,
      score: ranked.score,
      comment: ranked.comment,
    })
    .from(ranked)
    .where(lte(ranked.rank, perQuestion))
    .orderBy(asc(ranked.questionId), asc(ranked.rank));
}

/** Moves the lease forward while a long marking is still making progress. */
export async function renewLease(db: TDb, claim: TClaim, now: Date): Promise<TClaim | null> {
  const rows = await db
    .update(submissions)
    .set({ markingStartedAt: now })
    .where(
      and(
        eq(submissions.id, claim.id),
        eq(submissions.status, 'pending'),
        eq(submissions.markingStartedAt, claim.leaseAt),
      ),
    )
    .returning({ id: submissions.id });
  return rows.length > 0 ? { ...claim, leaseAt: now } : null;
}

export type TAnswerMarkValues = {
  answerId: string;
  score: number;
  feedback: TFeedback;
  contentModeration: TModeration;
  markedBy: string;
  /** Why a teacher should look at this mark (issue 11's review queue), or null. */
  review: TReviewDoubt | null;
  /** What the marker was unsure of, when it was (issue 27). */
  doubtNote: TMarkDoubtKey | null;
  /** The rubric's point that doubt is about, when it names one. */
  doubtAbout: string | null;
  /** The rubric it was marked under (`rubricVersionOf` the answer's snapshot). */
  rubricVersion: string;
};

/**
 * Writes every answer's mark and marks the submission, in one transaction. Returns false (writing
 * nothing) when the lease was lost meanwhile: another run owns the submission now.
 */
export async function writeMarks(
  db: TDb,
  claim: TClaim,
  marks: TAnswerMarkValues[],
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const fenced = await tx
      .update(submissions)
      .set({
        status: 'marked',
        markedAt: now,
        markingStartedAt: null,
        failureReason: null,
        updatedAt: now,
      })
      .where(
        and(
          eq(submissions.id, claim.id),
          eq(submissions.status, 'pending'),
          eq(submissions.markingStartedAt, claim.leaseAt),
        ),
      )
      .returning({ id: submissions.id });
    if (fenced.length === 0) return false;
    for (const mark of marks) {
      await tx
        .update(submissionAnswers)
        .set({
          score: mark.score,
          aiScore: mark.score,
          feedback: mark.feedback,
          contentModeration: mark.contentModeration,
          isFlagged: mark.contentModeration.isInappropriate,
          markedBy: mark.markedBy,
          reviewDoubt: mark.review?.doubt ?? null,
          reviewReasons: mark.review?.reasons ?? null,
          doubtNote: mark.review?.reasons.includes('uncertain') ? mark.doubtNote : null,
          doubtAbout:
            mark.review?.reasons.includes('uncertain') && mark.doubtNote !== null
              ? mark.doubtAbout
              : null,
          rubricVersion: mark.rubricVersion,
          updatedAt: now,
        })
        .where(
          and(
            eq(submissionAnswers.id, mark.answerId),
            eq(submissionAnswers.submissionId, claim.id),
            // A mark a teacher reviewed meanwhile is the teacher's: never overwritten.
            isNull(submissionAnswers.reviewedAt),
          ),
        );
    }
    // The total, flag and doubt from every answer: a re-mark (issue 27) writes only some of them.
    await tx
      .update(submissions)
      .set({
        totalScore: sql`(select sum(${submissionAnswers.score})::int from ${submissionAnswers} where ${submissionAnswers.submissionId} = ${claim.id})`,
        isFlagged: sql`exists (select 1 from ${submissionAnswers} where ${submissionAnswers.submissionId} = ${claim.id} and ${submissionAnswers.isFlagged})`,
        reviewDoubt: sql`(select max(${submissionAnswers.reviewDoubt}) from ${submissionAnswers} where ${submissionAnswers.submissionId} = ${claim.id} and ${submissionAnswers.reviewedAt} is null)`,
      })
      .where(eq(submissions.id, claim.id));
    return true;
  });
}

/**
 * After a failed run: gives the lease back so the queue's retry can claim it, or, on the last
 * attempt, records the failure with a short reason for the student and teacher.
 */
export async function releaseAfterFailure(
  db: TDb,
  claim: TClaim,
  now: Date,
  failure: { reason: string } | null,
): Promise<void> {
  await db
    .update(submissions)
    .set({
      markingStartedAt: null,
      updatedAt: now,
      ...(failure
        ? {
            status: 'failed' as const,
            failureReason: failure.reason,
            // A failed marking waits for the teacher in the review queue.
            reviewDoubt: FAILED_MARKING_DOUBT,
          }
        : {}),
    })
    .where(
      and(
        eq(submissions.id, claim.id),
        eq(submissions.status, 'pending'),
        eq(submissions.markingStartedAt, claim.leaseAt),
      ),
    );
}

export type TStuckSubmission = { id: string; markingAttempts: number };

/**
 * Pending submissions nobody is marking (no lease, or a lease older than `leaseMs`) and untouched
 * for `idleMs`: their job was lost (a crash of an in-process queue) or gave up without recording it.
 */
export function selectStuckSubmissions(
  db: TDb,
  now: Date,
  options: { leaseMs: number; idleMs: number; limit: number },
): Promise<TStuckSubmission[]> {
  const leaseExpired = new Date(now.getTime() - options.leaseMs);
  const idleSince = new Date(now.getTime() - options.idleMs);
  return db
    .select({ id: submissions.id, markingAttempts: submissions.markingAttempts })
    .from(submissions)
    .where(
      and(
        eq(submissions.status, 'pending'),
        or(isNull(submissions.markingStartedAt), lt(submissions.markingStartedAt, leaseExpired)),
        lte(submissions.updatedAt, idleSince),
      ),
    )
    .orderBy(asc(submissions.submittedAt))
    .limit(options.limit);
}

export type TMarkingQueueState = {
  /** Submissions waiting for their mark. */
  pending: number;
  /** Seconds since the oldest of them was submitted (0 when none). */
  oldestPendingSeconds: number;
  /** Submissions that failed to mark in the last 24 hours. */
  failedLastDay: number;
};

/** The marking queue as the database sees it (the status index answers both counts). */
export async function selectMarkingQueueState(db: TDb, now: Date): Promise<TMarkingQueueState> {
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const [pending] = await db
    .select({
      n: sql<number>`count(*)::int`,
      oldest: sql<Date | string | null>`min(${submissions.submittedAt})`,
    })
    .from(submissions)
    .where(eq(submissions.status, 'pending'));
  const [failed] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(submissions)
    .where(and(eq(submissions.status, 'failed'), lte(sql`${dayAgo}`, submissions.updatedAt)));
  const oldest = pending?.oldest ? new Date(pending.oldest) : null;
  return {
    pending: Number(pending?.n ?? 0),
    oldestPendingSeconds: oldest ? Math.max(0, (now.getTime() - oldest.getTime()) / 1000) : 0,
    failedLastDay: Number(failed?.n ?? 0),
  };
}
