import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { submissionAnswers, submissions } from '../../db/schema';
import { submissionHoldFlags } from './submissions.queries';

/**
 * Which hold ends: 'review', a question's teacher turned "hold marks and feedback until I review
 * them" off (issue 18), for the whole school; 'release', the teacher released the question's marks
 * in one class, or set that class to release them at once (issue 27).
 */
export type THoldEnd =
  | { kind: 'review'; questionId: string }
  | { kind: 'release'; questionId: string; classId: string }
  /** The teacher released a scan batch's marks (issue 28): these submissions' answers, any question. */
  | { kind: 'batch'; submissionIds: string[] };

/**
 * Ends one kind of hold on a question's answers: an answer held only by it goes to its student now
 * (an answer also held the other way stays hidden until that hold ends too). Ending the review hold
 * takes the hold's own reason out of the review queue (an answer that was also doubtful stays
 * there). Each touched submission's hold flags and doubt are refreshed. Returns how many answers
 * this hold let go.
 */
export async function endHold(
  tx: TDb,
  schoolId: string,
  end: THoldEnd,
  now: Date,
): Promise<number> {
  const inSchool = sql`exists (select 1 from ${submissions} where ${submissions.id} = ${submissionAnswers.submissionId} and ${submissions.schoolId} = ${schoolId})`;
  let where: SQL | undefined;
  let released;
  if (end.kind === 'review') {
    where = and(
      eq(submissionAnswers.questionId, end.questionId),
      eq(submissionAnswers.reviewHeld, true),
      inSchool,
    );
    released = await tx
      .update(submissionAnswers)
      .set({
        reviewHeld: false,
        feedbackHeld: submissionAnswers.releaseHeld,
        reviewDoubt: sql`case when ${submissionAnswers.reviewReasons} = '["held"]'::jsonb then null else ${submissionAnswers.reviewDoubt} end`,
        reviewReasons: sql`case when ${submissionAnswers.reviewReasons} = '["held"]'::jsonb then null else ${submissionAnswers.reviewReasons} - 'held' end`,
        updatedAt: now,
      })
      .where(where)
      .returning({ submissionId: submissionAnswers.submissionId });
  } else {
    if (end.kind === 'batch' && end.submissionIds.length === 0) return 0;
    where = and(
      end.kind === 'batch'
        ? inArray(submissionAnswers.submissionId, end.submissionIds)
        : eq(submissionAnswers.questionId, end.questionId),
      eq(submissionAnswers.releaseHeld, true),
      end.kind === 'batch'
        ? inSchool
        : sql`exists (select 1 from ${submissions} where ${submissions.id} = ${submissionAnswers.submissionId} and ${submissions.schoolId} = ${schoolId} and ${submissions.classId} = ${end.classId})`,
    );
    released = await tx
      .update(submissionAnswers)
      .set({
        releaseHeld: false,
        feedbackHeld: submissionAnswers.reviewHeld,
        updatedAt: now,
      })
      .where(where)
      .returning({ submissionId: submissionAnswers.submissionId });
  }
  const ids = [...new Set(released.map((r) => r.submissionId))];
  if (ids.length === 0) return 0;
  await tx
    .update(submissions)
    .set({
      ...submissionHoldFlags(),
      // A failed marking keeps its own doubt; a marked one takes its unreviewed answers' doubt.
      reviewDoubt: sql`case when ${submissions.status} = 'marked' then (select max(${submissionAnswers.reviewDoubt}) from ${submissionAnswers} where ${submissionAnswers.submissionId} = ${submissions.id} and ${submissionAnswers.reviewedAt} is null) else ${submissions.reviewDoubt} end`,
      updatedAt: now,
    })
    .where(and(eq(submissions.schoolId, schoolId), inArray(submissions.id, ids)));
  return released.length;
}
