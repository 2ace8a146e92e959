import { and, inArray, lt, ne, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { submissionAnswers, submissions } from '../../db/schema';

/** Rows changed per statement, so that no long lock holds up marking or the lists. */
const BATCH = 2_000;

/**
 * Empties the text of answers submitted before `cutoff` (extracted text: 24 months). The score and the
 * feedback stay until the submission itself goes. Returns how many answers were emptied.
 */
export async function clearAnswerTextBefore(db: TDb, cutoff: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = await db
      .select({ id: submissionAnswers.id })
      .from(submissionAnswers)
      .innerJoin(submissions, sql`${submissions.id} = ${submissionAnswers.submissionId}`)
      .where(and(lt(submissions.submittedAt, cutoff), ne(submissionAnswers.answer, '')))
      .limit(BATCH);
    if (batch.length === 0) return total;
    await db
      .update(submissionAnswers)
      .set({ answer: '' })
      .where(
        inArray(
          submissionAnswers.id,
          batch.map((row) => row.id),
        ),
      );
    total += batch.length;
  }
}

/** Deletes submissions (scores and feedback) submitted before `cutoff`; returns how many. */
export async function deleteSubmissionsBefore(db: TDb, cutoff: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = await db
      .select({ id: submissions.id })
      .from(submissions)
      .where(lt(submissions.submittedAt, cutoff))
      .limit(BATCH);
    if (batch.length === 0) return total;
    await db.delete(submissions).where(
      inArray(
        submissions.id,
        batch.map((row) => row.id),
      ),
    );
    total += batch.length;
  }
}
