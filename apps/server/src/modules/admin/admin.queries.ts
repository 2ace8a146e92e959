import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TAdminUserRole, TAdminUserSort, TSortDirection } from '@stem/contract/admin';
import type { TRole } from '@stem/contract/roles';
import type { TDb } from '../../db/client';
import { schools, users } from '../../db/schema';
import {
  afterCursor,
  cursorColumns,
  decodeCursor,
  orderByKeys,
  takePage,
  type TSortSpec,
} from '../../lib/keyset';

/**
 * The admin's reads and changes of the school's people (user management). Every query is scoped by the
 * school, so another school's id simply is not found. Callers pass `db` or a transaction.
 */

export type TSchoolUserRow = {
  id: string;
  schoolId: string | null;
  schoolName: string | null;
  name: string;
  email: string;
  role: TRole;
  active: boolean;
  /** No password yet: the person was invited and has not chosen one (issue 29). */
  invited: boolean;
  yearGroup: string | null;
  createdAt: Date;
};

const columns = {
  id: users.id,
  schoolId: users.schoolId,
  schoolName: schools.name,
  name: users.name,
  email: users.email,
  role: users.role,
  active: users.active,
  invited: sql<boolean>`(${users.passwordHash} is null)`,
  yearGroup: users.yearGroup,
  createdAt: users.createdAt,
};

const nameKey = sql`(lower(${users.name}) COLLATE "C")`;

/** The list's orders: each column both ways, ties by id; role ties by name A-Z (indexes in 0006). */
export function userSortSpec(sort: TAdminUserSort, dir: TSortDirection): TSortSpec {
  const id = { expr: users.id, dir, type: 'uuid' } as const;
  switch (sort) {
    case 'name':
      return { name: `name-${dir}`, keys: [{ expr: nameKey, dir, type: 'text' }, id] };
    case 'email':
      return { name: `email-${dir}`, keys: [{ expr: users.email, dir, type: 'text' }, id] };
    case 'role':
      return {
        name: `role-${dir}`,
        keys: [
          { expr: sql`${users.role}`, dir, type: 'text' },
          { expr: nameKey, dir: 'asc', type: 'text' },
          { expr: users.id, dir: 'asc', type: 'uuid' },
        ],
      };
    default:
      return {
        name: `created-${dir}`,
        keys: [{ expr: users.createdAt, dir, type: 'timestamptz' }, id],
      };
  }
}

export type TUserFilter = { role: TAdminUserRole | null; q: string };

function schoolPeople(schoolId: string): SQL | undefined {
  return and(eq(users.schoolId, schoolId), inArray(users.role, ['student', 'teacher', 'admin']));
}

function filterCondition(filter: TUserFilter): SQL | undefined {
  const role = filter.role ? eq(users.role, filter.role) : undefined;
  const search = filter.q
    ? sql`(strpos(lower(${users.name}), ${filter.q}) > 0 or strpos(${users.email}, ${filter.q}) > 0)`
    : undefined;
  return and(role, search);
}

/** One page of the school's people in the chosen order. */
export async function selectUserPage(
  db: TDb,
  schoolId: string,
  filter: TUserFilter,
  spec: TSortSpec,
  page: { cursor: string | undefined; limit: number },
) {
  const after = page.cursor ? afterCursor(spec, decodeCursor(spec, page.cursor)) : undefined;
  const fetched = await db
    .select({ ...columns, ...cursorColumns(spec) })
    .from(users)
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .where(and(schoolPeople(schoolId), filterCondition(filter), after))
    .orderBy(...orderByKeys(spec))
    .limit(page.limit + 1);
  return takePage(spec, fetched, page.limit);
}

/** The school's people by role (students, teachers, admins). */
export async function countUsersByRole(
  db: TDb,
  schoolId: string,
): Promise<Record<TAdminUserRole, number>> {
  const rows = await db
    .select({ role: users.role, n: count() })
    .from(users)
    .where(schoolPeople(schoolId))
    .groupBy(users.role);
  const counts = { student: 0, teacher: 0, admin: 0 };
  for (const row of rows) {
    if (row.role === 'student' || row.role === 'teacher' || row.role === 'admin') {
      counts[row.role] = Number(row.n);
    }
  }
  return counts;
}

export async function countMatchingUsers(
  db: TDb,
  schoolId: string,
  filter: TUserFilter,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(schoolPeople(schoolId), filterCondition(filter)));
  return Number(row?.n ?? 0);
}

/** One person of the school, or null (another school's, the owner and a missing id alike). */
export async function findSchoolUser(
  db: TDb,
  schoolId: string,
  userId: string,
): Promise<TSchoolUserRow | null> {
  const rows = await db
    .select(columns)
    .from(users)
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .where(and(eq(users.id, userId), eq(users.schoolId, schoolId)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * These people of the school, locked until the transaction ends (ordered by id so two admins
 * changing overlapping people cannot deadlock). Ids of other schools are simply absent.
 */
export async function lockSchoolUsers(
  tx: TDb,
  schoolId: string,
  ids: string[],
): Promise<{ id: string; name: string; email: string; role: TRole }[]> {
  if (ids.length === 0) return [];
  return tx
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.schoolId, schoolId)))
    .orderBy(asc(users.id))
    .for('update');
}

export async function updateUserRole(
  tx: TDb,
  userId: string,
  role: 'student' | 'teacher',
  permissions: string[],
  now: Date,
): Promise<void> {
  await tx.update(users).set({ role, permissions, updatedAt: now }).where(eq(users.id, userId));
}

/**
 * Deletes these people of the school. Their enrolments, submissions (with answers) and sign-in
 * tokens go with them by the foreign keys' cascades, in the caller's transaction.
 */
export async function deleteSchoolUsers(tx: TDb, schoolId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await tx
    .delete(users)
    .where(and(inArray(users.id, ids), eq(users.schoolId, schoolId)))
    .returning({ id: users.id });
  return rows.length;
}

/** The school's active people of one role, by name (the wizard's teacher and student choices). */
export function selectSchoolPeople(
  db: TDb,
  schoolId: string,
  role: 'teacher' | 'student',
): Promise<{ id: string; name: string; email: string }[]> {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.schoolId, schoolId), eq(users.role, role), eq(users.active, true)))
    .orderBy(asc(users.name), asc(users.id));
}

/** The school's type (for the permissions a promoted teacher gets). */
export async function findSchoolType(
  db: TDb,
  schoolId: string,
): Promise<'classroom' | 'personal' | null> {
  const rows = await db
    .select({ schoolType: schools.schoolType })
    .from(schools)
    .where(eq(schools.id, schoolId))
    .limit(1);
  return rows[0]?.schoolType ?? null;
}
