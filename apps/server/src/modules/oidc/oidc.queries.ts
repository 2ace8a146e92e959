import { and, asc, eq } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { deleteStatesExpiredBefore, spendState } from '../../db/single-use';
import { oidcLoginStates, schoolEmailDomains, schools, userIdentities } from '../../db/schema';

/** Every table access of Google / Microsoft sign-in (issue 29). Callers pass `db` or a transaction. */

export type TLoginStateRow = typeof oidcLoginStates.$inferSelect;
export type TSchoolRow = typeof schools.$inferSelect;

export async function insertLoginState(
  db: TDb,
  values: Omit<typeof oidcLoginStates.$inferInsert, 'id' | 'usedAt'>,
): Promise<void> {
  await db.insert(oidcLoginStates).values(values);
}

/**
 * Spends a started sign-in and returns it, in one statement: only a live, unused state started by
 * this browser comes back, and of two callers presenting it only one gets it (a replay gets null).
 */
export function consumeLoginState(
  db: TDb,
  stateHash: string,
  browserHash: string,
  now: Date,
): Promise<TLoginStateRow | null> {
  return spendState(
    db,
    oidcLoginStates,
    stateHash,
    now,
    eq(oidcLoginStates.browserHash, browserHash),
  );
}

/** Deletes started sign-ins that expired before `before`; returns how many. */
export function deleteLoginStatesExpiredBefore(db: TDb, before: Date): Promise<number> {
  return deleteStatesExpiredBefore(db, oidcLoginStates, before);
}

/** The account an identity of a provider is linked to, or null. */
export async function findIdentityUserId(
  db: TDb,
  provider: string,
  subject: string,
): Promise<string | null> {
  const rows = await db
    .select({ userId: userIdentities.userId })
    .from(userIdentities)
    .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)))
    .limit(1);
  return rows[0]?.userId ?? null;
}

/** Links an identity; false when it (or another identity of the provider for the user) exists. */
export async function insertIdentity(
  db: TDb,
  values: { userId: string; provider: string; subject: string; email: string },
): Promise<boolean> {
  const rows = await db
    .insert(userIdentities)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: userIdentities.id });
  return rows.length > 0;
}

/** The school that lists this e-mail domain, locked for the transaction when asked. */
export async function findSchoolByDomain(
  db: TDb,
  domain: string,
  options: { lock?: boolean } = {},
): Promise<TSchoolRow | null> {
  const query = db
    .select({ school: schools })
    .from(schoolEmailDomains)
    .innerJoin(schools, eq(schools.id, schoolEmailDomains.schoolId))
    .where(eq(schoolEmailDomains.domain, domain))
    .limit(1);
  const rows = options.lock ? await query.for('update', { of: schools }) : await query;
  return rows[0]?.school ?? null;
}

export async function listSchoolDomains(
  db: TDb,
  schoolId: string,
): Promise<{ domain: string; createdAt: Date }[]> {
  return db
    .select({ domain: schoolEmailDomains.domain, createdAt: schoolEmailDomains.createdAt })
    .from(schoolEmailDomains)
    .where(eq(schoolEmailDomains.schoolId, schoolId))
    .orderBy(asc(schoolEmailDomains.domain));
}

/** Adds a domain to a school; false when any school already lists it (unique index). */
export async function insertSchoolDomain(
  db: TDb,
  schoolId: string,
  domain: string,
): Promise<boolean> {
  const rows = await db
    .insert(schoolEmailDomains)
    .values({ schoolId, domain })
    .onConflictDoNothing({ target: schoolEmailDomains.domain })
    .returning({ id: schoolEmailDomains.id });
  return rows.length > 0;
}

/** Removes a domain of this school; false when the school does not list it. */
export async function deleteSchoolDomain(
  db: TDb,
  schoolId: string,
  domain: string,
): Promise<boolean> {
  const rows = await db
    .delete(schoolEmailDomains)
    .where(and(eq(schoolEmailDomains.schoolId, schoolId), eq(schoolEmailDomains.domain, domain)))
    .returning({ id: schoolEmailDomains.id });
  return rows.length > 0;
}
