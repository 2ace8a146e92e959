import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { submissionAnswers, submissions } from '../../db/schema';

/**
 * A question's teacher turned "hold marks and feedback until I review them" off (issue 18): every
 * answer still held goes to its student now, the hold's own reason leaves the review queue (an answer
 * that was also doubtful stays there), and each touched submission's hold, doubt and total are
 * refreshed. Returns how many answers were released.
 */
export async function releaseHeldFeedback(
  tx: TDb,
  schoolId: string,
  questionId: string,
  now: Date,
): Promise<number> {
  const released = await tx
    .update(submissionAnswers)
    .set({
      feedbackHeld: false,
      reviewDoubt: sql`case when ${submissionAnswers.reviewReasons} = '["held"]'::jsonb then null else ${submissionAnswers.reviewDoubt} end`,
      reviewReasons: sql`case when ${submissionAnswers.reviewReasons} = '["held"]'::jsonb then null else ${submissionAnswers.reviewReasons} - 'held' end`,
      updatedAt: now,
    })
    .where(
      and(
        eq(submissionAnswers.questionId, questionId),
        eq(submissionAnswers.feedbackHeld, true),
        sql`exists (select 1 from ${submissions} where ${submissions.id} = ${submissionAnswers.submissionId} and ${submissions.schoolId} = ${schoolId})`,
      ),
    )
    .returning({ submissionId: submissionAnswers.submissionId });
  const ids = [...new Set(released.map((r) => r.submissionId))];
  if (ids.length === 0) return 0;
  await tx
    .update(submissions)
    .set({
      feedbackHeld: sql`exists (select 1 from ${submissionAnswers} where ${submissionAnswers.submissionId} = ${submissions.id} and ${submissionAnswers.feedbackHeld})`,
      // A failed marking keeps its own doubt; a marked one takes its unreviewed answers' doubt.
      reviewDoubt: sql`case when ${submissions.status} = 'marked' then (select max(${submissionAnswers.reviewDoubt}) from ${submissionAnswers} where ${submissionAnswers.submissionId} = ${submissions.id} and ${submissionAnswers.reviewedAt} is null) else ${submissions.reviewDoubt} end`,
      updatedAt: now,
    })
    .where(and(eq(submissions.schoolId, schoolId), inArray(submissions.id, ids)));
  return released.length;
}
