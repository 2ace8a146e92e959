import { and, count, eq } from 'drizzle-orm';
import type { TTrialLimitType } from '@stem/contract/teaching';
import type { TDb } from '../../db/client';
import { classes, questions, schools, users } from '../../db/schema';

export type TTeacherSchool = {
  teacherId: string;
  plan: (typeof schools.$inferSelect)['plan'];
  trialExpiresAt: Date | null;
  subscriptionStatus: string | null;
};

/**
 * The teacher (an active teacher of that school) with their school's plan. With `lock`, the teacher's
 * row stays locked until the transaction ends: every create of a class or question by this teacher
 * then queues behind it, so two creates cannot both count 2 and both insert a third.
 */
export async function findTeacherSchool(
  db: TDb,
  schoolId: string,
  teacherId: string,
  options: { lock?: boolean } = {},
): Promise<TTeacherSchool | null> {
  const query = db
    .select({
      teacherId: users.id,
      plan: schools.plan,
      trialExpiresAt: schools.trialExpiresAt,
      subscriptionStatus: schools.subscriptionStatus,
    })
    .from(users)
    .innerJoin(schools, eq(schools.id, users.schoolId))
    .where(
      and(
        eq(users.id, teacherId),
        eq(users.schoolId, schoolId),
        eq(users.role, 'teacher'),
        eq(users.active, true),
      ),
    )
    .limit(1);
  const rows = options.lock ? await query.for('update', { of: users }) : await query;
  return rows[0] ?? null;
}

/** How many classes or questions the teacher holds in the school (every one counts, active or not). */
export async function countTeacherItems(
  db: TDb,
  schoolId: string,
  teacherId: string,
  limitType: TTrialLimitType,
): Promise<number> {
  const table = limitType === 'classes' ? classes : questions;
  const [row] = await db
    .select({ n: count() })
    .from(table)
    .where(and(eq(table.schoolId, schoolId), eq(table.teacherId, teacherId)));
  return row?.n ?? 0;
}
