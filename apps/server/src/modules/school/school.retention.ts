import { and, eq, inArray, isNotNull, lt, or } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { schools, users } from '../../db/schema';

/** Subscription states in which a paid plan has ended for good. */
const ENDED_SUBSCRIPTION = ['canceled', 'incomplete_expired'];

/**
 * Account data is kept while the plan is active plus 24 months (spec 01 §9). A plan ended when a trial
 * expired without an upgrade, when a cancelled subscription's last period ended, or when the owner
 * deactivated the school (its last change). Such schools whose end is before `cutoff` are deleted with
 * their people, classes, questions and submissions; payment records are kept (they have no link).
 * Returns the deleted schools' and people's counts.
 */
export async function removeSchoolsEndedBefore(
  db: TDb,
  cutoff: Date,
): Promise<{ schools: number; users: number }> {
  const ended = await db
    .select({ id: schools.id })
    .from(schools)
    .where(
      or(
        and(
          eq(schools.plan, 'trial'),
          isNotNull(schools.trialExpiresAt),
          lt(schools.trialExpiresAt, cutoff),
        ),
        and(
          inArray(schools.subscriptionStatus, ENDED_SUBSCRIPTION),
          isNotNull(schools.currentPeriodEnd),
          lt(schools.currentPeriodEnd, cutoff),
        ),
        and(eq(schools.active, false), lt(schools.updatedAt, cutoff)),
      ),
    );
  let people = 0;
  for (const { id } of ended) {
    people += await db.transaction(async (tx) => {
      // People first (a user's school is ON DELETE RESTRICT); their submissions and tokens go with them.
      const removed = await tx
        .delete(users)
        .where(eq(users.schoolId, id))
        .returning({ id: users.id });
      await tx.delete(schools).where(eq(schools.id, id));
      return removed.length;
    });
  }
  return { schools: ended.length, users: people };
}
