import { and, count, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { authTokens, schools, users } from '../../db/schema';

/** Every table access of the auth module. Callers pass `db` or a transaction. */

export type TUserRow = typeof users.$inferSelect;
export type TSchoolRow = typeof schools.$inferSelect;
export type TUserWithSchool = { user: TUserRow; school: TSchoolRow | null };
export type TTokenKind = 'refresh' | 'magic' | 'reset' | 'invite';
export type TTokenRow = typeof authTokens.$inferSelect;

async function findUserWhere(
  db: TDb,
  where: ReturnType<typeof eq>,
): Promise<TUserWithSchool | null> {
  const rows = await db
    .select({ user: users, school: schools })
    .from(users)
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .where(where)
    .limit(1);
  return rows[0] ?? null;
}

export function findUserByEmail(db: TDb, email: string): Promise<TUserWithSchool | null> {
  return findUserWhere(db, eq(users.email, email));
}

export function findUserById(db: TDb, userId: string): Promise<TUserWithSchool | null> {
  return findUserWhere(db, eq(users.id, userId));
}

export async function emailExists(db: TDb, email: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return rows.length > 0;
}

export async function touchLastLogin(db: TDb, userId: string, now: Date): Promise<void> {
  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, userId));
}

export async function setPasswordHash(
  db: TDb,
  userId: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
}

export type TNewUser = {
  schoolId: string | null;
  name: string;
  email: string;
  passwordHash: string | null;
  role: TUserRow['role'];
  permissions: string[];
};

/** Inserts a user; returns null when the e-mail is taken (unique index), so races answer 409. */
export async function insertUserIfEmailFree(db: TDb, values: TNewUser): Promise<string | null> {
  const rows = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return rows[0]?.id ?? null;
}

export async function ownerExists(db: TDb): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'owner'))
    .limit(1);
  return rows.length > 0;
}

/** The school with this code; `lock` takes a row lock for the rest of the transaction. */
export async function findSchoolByCode(
  db: TDb,
  code: string,
  options: { lock?: boolean } = {},
): Promise<TSchoolRow | null> {
  const query = db.select().from(schools).where(eq(schools.code, code)).limit(1);
  const rows = options.lock ? await query.for('update') : await query;
  return rows[0] ?? null;
}

export async function findSchoolById(db: TDb, schoolId: string): Promise<TSchoolRow | null> {
  const rows = await db.select().from(schools).where(eq(schools.id, schoolId)).limit(1);
  return rows[0] ?? null;
}

/** Teachers and students of one school. */
export async function countSchoolMembers(
  db: TDb,
  schoolId: string,
): Promise<{ teacherCount: number; studentCount: number }> {
  const rows = await db
    .select({ role: users.role, n: count() })
    .from(users)
    .where(and(eq(users.schoolId, schoolId), inArray(users.role, ['teacher', 'student'])))
    .groupBy(users.role);
  const byRole = new Map(rows.map((row) => [row.role, Number(row.n)]));
  return { teacherCount: byRole.get('teacher') ?? 0, studentCount: byRole.get('student') ?? 0 };
}

export async function insertAuthToken(
  db: TDb,
  values: {
    userId: string;
    kind: TTokenKind;
    tokenHash: string;
    family: string | null;
    expiresAt: Date;
    createdAt: Date;
  },
): Promise<void> {
  await db.insert(authTokens).values(values);
}

/** Inserts many single-use tokens in one statement per 500 (a roster's invitations). */
export async function insertAuthTokens(
  db: TDb,
  values: {
    userId: string;
    kind: TTokenKind;
    tokenHash: string;
    family: null;
    expiresAt: Date;
    createdAt: Date;
  }[],
): Promise<void> {
  for (let i = 0; i < values.length; i += 500) {
    await db.insert(authTokens).values(values.slice(i, i + 500));
  }
}

export async function findToken(
  db: TDb,
  kind: TTokenKind,
  tokenHash: string,
): Promise<TTokenRow | null> {
  const rows = await db
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.kind, kind)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Marks a live token used and returns it, in one statement: of two concurrent callers only one gets
 * the row back, so a single-use token can never be spent twice.
 */
export async function consumeToken(
  db: TDb,
  kind: TTokenKind,
  tokenHash: string,
  now: Date,
): Promise<TTokenRow | null> {
  const rows = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        eq(authTokens.kind, kind),
        isNull(authTokens.usedAt),
        isNull(authTokens.revokedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .returning();
  return rows[0] ?? null;
}

/** Revokes every not yet revoked token of a refresh family. */
export async function revokeFamily(db: TDb, family: string, now: Date): Promise<void> {
  await db
    .update(authTokens)
    .set({ revokedAt: now })
    .where(and(eq(authTokens.family, family), isNull(authTokens.revokedAt)));
}

/** Revokes a user's outstanding tokens of the given kinds (refresh: all; single-use: unused ones). */
export async function revokeUserTokens(
  db: TDb,
  userId: string,
  kinds: TTokenKind[],
  now: Date,
): Promise<void> {
  await db
    .update(authTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(authTokens.userId, userId),
        inArray(authTokens.kind, kinds),
        isNull(authTokens.revokedAt),
        sql`(${authTokens.kind} = 'refresh' or ${authTokens.usedAt} is null)`,
      ),
    );
}

/** Revokes the outstanding tokens of every account of a school (the school was deactivated). */
export async function revokeSchoolTokens(db: TDb, schoolId: string, now: Date): Promise<void> {
  await db
    .update(authTokens)
    .set({ revokedAt: now })
    .where(
      and(
        inArray(
          authTokens.userId,
          db.select({ id: users.id }).from(users).where(eq(users.schoolId, schoolId)),
        ),
        isNull(authTokens.revokedAt),
        sql`(${authTokens.kind} = 'refresh' or ${authTokens.usedAt} is null)`,
      ),
    );
}

/** Deletes tokens that expired before `before`; returns how many. */
export async function deleteTokensExpiredBefore(db: TDb, before: Date): Promise<number> {
  const rows = await db
    .delete(authTokens)
    .where(lt(authTokens.expiresAt, before))
    .returning({ id: authTokens.id });
  return rows.length;
}
