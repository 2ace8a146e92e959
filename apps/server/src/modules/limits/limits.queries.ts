import { and, count, countDistinct, eq, gte, isNotNull, lt, notLike } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { schools, submissionAnswers, submissions, trialHostedGrants } from '../../db/schema';

export type TSchoolRow = typeof schools.$inferSelect;

/** The school row, locked until the transaction ends: every submission of the school queues here. */
export async function lockSchool(tx: TDb, schoolId: string): Promise<TSchoolRow | null> {
  const rows = await tx
    .select()
    .from(schools)
    .where(eq(schools.id, schoolId))
    .limit(1)
    .for('update');
  return rows[0] ?? null;
}

/** Submissions of a school (or of one class) made in [start, end). */
export async function countMonthSubmissions(
  db: TDb,
  scope: { schoolId: string; classId?: string },
  month: { start: Date; end: Date },
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(submissions)
    .where(
      and(
        eq(submissions.schoolId, scope.schoolId),
        scope.classId ? eq(submissions.classId, scope.classId) : undefined,
        gte(submissions.submittedAt, month.start),
        lt(submissions.submittedAt, month.end),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Every submission of a school (a trial's 30 are counted over the whole trial). */
export async function countSchoolSubmissions(db: TDb, schoolId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(submissions)
    .where(eq(submissions.schoolId, schoolId));
  return Number(row?.n ?? 0);
}

/** Submissions of the school with at least one answer marked by a hosted AI provider (not offline). */
export async function countHostedMarkedSubmissions(db: TDb, schoolId: string): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(submissionAnswers.submissionId) })
    .from(submissionAnswers)
    .innerJoin(submissions, eq(submissions.id, submissionAnswers.submissionId))
    .where(
      and(
        eq(submissions.schoolId, schoolId),
        isNotNull(submissionAnswers.markedBy),
        notLike(submissionAnswers.markedBy, 'offline%'),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * Grants the submission a hosted-AI marker when the school's allowance (a trial's two pieces of
 * work) is not used up, atomically: under the school's row lock, so parallel marking jobs queue and
 * the third finds two grants. A submission granted before (a retry) keeps its grant. Work marked by
 * a hosted AI before grants were recorded counts too.
 */
export async function grantHostedMarking(
  db: TDb,
  schoolId: string,
  submissionId: string,
  allowance: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockSchool(tx, schoolId);
    const [held] = await tx
      .select({ id: trialHostedGrants.submissionId })
      .from(trialHostedGrants)
      .where(eq(trialHostedGrants.submissionId, submissionId))
      .limit(1);
    if (held) return true;
    const [granted] = await tx
      .select({ n: count() })
      .from(trialHostedGrants)
      .where(eq(trialHostedGrants.schoolId, schoolId));
    const used = Math.max(
      Number(granted?.n ?? 0),
      await countHostedMarkedSubmissions(tx, schoolId),
    );
    if (used >= allowance) return false;
    await tx.insert(trialHostedGrants).values({ submissionId, schoolId });
    return true;
  });
}
