import { and, eq, inArray } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { classStudents, classes, schools, users } from '../../db/schema';

/** The roster's reads and batched writes (issue 29). Callers pass `db` or a transaction. */

const CHUNK = 500;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export async function findSchool(db: TDb, schoolId: string, options: { lock?: boolean } = {}) {
  const query = db
    .select({
      id: schools.id,
      name: schools.name,
      plan: schools.plan,
      schoolType: schools.schoolType,
      active: schools.active,
      trialExpiresAt: schools.trialExpiresAt,
    })
    .from(schools)
    .where(eq(schools.id, schoolId))
    .limit(1);
  const rows = options.lock ? await query.for('update') : await query;
  return rows[0] ?? null;
}

/** Accounts with these e-mail addresses (any school), one query per 500 addresses. */
export async function selectAccountsByEmail(db: TDb, emails: readonly string[]) {
  const found: { id: string; email: string; schoolId: string | null; role: string }[] = [];
  for (const part of chunks(emails)) {
    found.push(
      ...(await db
        .select({ id: users.id, email: users.email, schoolId: users.schoolId, role: users.role })
        .from(users)
        .where(inArray(users.email, part))),
    );
  }
  return found;
}

/** The school's classes (id and name), for matching the file's class names. */
export function selectSchoolClasses(db: TDb, schoolId: string) {
  return db
    .select({ id: classes.id, name: classes.name })
    .from(classes)
    .where(eq(classes.schoolId, schoolId));
}

/** The class places these students already hold. */
export async function selectPlacesOf(db: TDb, studentIds: readonly string[]) {
  const found: { classId: string; studentId: string }[] = [];
  for (const part of chunks(studentIds)) {
    found.push(
      ...(await db
        .select({ classId: classStudents.classId, studentId: classStudents.studentId })
        .from(classStudents)
        .where(inArray(classStudents.studentId, part))),
    );
  }
  return found;
}

export type TNewPerson = {
  schoolId: string;
  name: string;
  email: string;
  role: 'student' | 'teacher';
  permissions: string[];
  yearGroup: string | null;
};

/**
 * Inserts the people without a password (invited), 500 a statement; an e-mail taken meanwhile is
 * skipped (the unique index), so the returned list may be shorter.
 */
export async function insertInvitedPeople(
  db: TDb,
  people: readonly TNewPerson[],
): Promise<{ id: string; email: string }[]> {
  const made: { id: string; email: string }[] = [];
  for (const part of chunks(people)) {
    made.push(
      ...(await db
        .insert(users)
        .values(part.map((p) => ({ ...p, passwordHash: null })))
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id, email: users.email })),
    );
  }
  return made;
}

/** Class places, 500 a statement; places already held are skipped. Returns how many were added. */
export async function insertPlaces(
  db: TDb,
  places: readonly { classId: string; studentId: string }[],
  now: Date,
): Promise<number> {
  let added = 0;
  for (const part of chunks(places)) {
    const rows = await db
      .insert(classStudents)
      .values(part.map((p) => ({ ...p, createdAt: now })))
      .onConflictDoNothing()
      .returning({ classId: classStudents.classId });
    added += rows.length;
  }
  return added;
}

/** One person of the school with what the roster's actions look at, locked for the transaction. */
export async function lockPerson(tx: TDb, schoolId: string, userId: string) {
  const rows = await tx
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      active: users.active,
      hasPassword: users.passwordHash,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.schoolId, schoolId)))
    .limit(1)
    .for('update');
  const row = rows[0];
  return row ? { ...row, hasPassword: row.hasPassword !== null } : null;
}

export async function setActive(tx: TDb, userId: string, active: boolean, now: Date) {
  await tx.update(users).set({ active, updatedAt: now }).where(eq(users.id, userId));
}
