import { and, count, desc, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { auditLog, logoUploads, schoolLogos, schools, users } from '../../db/schema';
import {
  afterCursor,
  cursorColumns,
  orderByKeys,
  takePage,
  type TSortSpec,
} from '../../lib/keyset';

export type TSchoolRow = typeof schools.$inferSelect;

/** Schools newest first; the id breaks ties. */
export const SCHOOLS_ORDER: TSortSpec = {
  name: 'schools',
  keys: [
    { expr: schools.createdAt, dir: 'desc', type: 'timestamptz' },
    { expr: schools.id, dir: 'desc', type: 'uuid' },
  ],
};

/** People of the school (users_school_role_idx); spelt out so the outer table is named explicitly. */
const userCount =
  sql<number>`(select count(*) from "users" as "school_user" where "school_user"."school_id" = "schools"."id")`.mapWith(
    Number,
  );

const schoolColumns = {
  id: schools.id,
  code: schools.code,
  name: schools.name,
  logo: schools.logo,
  active: schools.active,
  plan: schools.plan,
  schoolType: schools.schoolType,
  createdAt: schools.createdAt,
  trialExpiresAt: schools.trialExpiresAt,
  userCount,
};
export type TSchoolListRow = {
  id: string;
  code: string;
  name: string;
  logo: string | null;
  active: boolean;
  plan: TSchoolRow['plan'];
  schoolType: TSchoolRow['schoolType'];
  createdAt: Date;
  trialExpiresAt: Date | null;
  userCount: number;
};

/** Name contains the term (case-insensitive), or the code starts with it (codes are upper case). */
function schoolSearch(term: string): SQL {
  const lower = term.toLowerCase();
  const code = term.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const byName = sql`strpos(lower(${schools.name}), ${lower}) > 0`;
  return code ? sql`(${byName} or strpos(${schools.code}, ${code}) > 0)` : byName;
}

export async function listSchools(
  db: TDb,
  filter: { includeInactive: boolean; search: string; after: string[] | null; limit: number },
) {
  const scope = filter.includeInactive ? undefined : eq(schools.active, true);
  const matching = and(scope, filter.search ? schoolSearch(filter.search) : undefined);
  const [fetched, totals] = await Promise.all([
    db
      .select({ ...schoolColumns, ...cursorColumns(SCHOOLS_ORDER) })
      .from(schools)
      .where(and(matching, filter.after ? afterCursor(SCHOOLS_ORDER, filter.after) : undefined))
      .orderBy(...orderByKeys(SCHOOLS_ORDER))
      .limit(filter.limit + 1),
    db
      .select({
        total: count(),
        matched: filter.search
          ? sql<number>`count(*) filter (where ${schoolSearch(filter.search)})`.mapWith(Number)
          : count(),
      })
      .from(schools)
      .where(scope),
  ]);
  const page = takePage(SCHOOLS_ORDER, fetched, filter.limit);
  return {
    rows: page.rows as TSchoolListRow[],
    nextCursor: page.nextCursor,
    total: Number(totals[0]?.total ?? 0),
    matched: Number(totals[0]?.matched ?? 0),
  };
}

export async function findSchool(
  db: TDb,
  where: { id: string } | { code: string },
  options: { lock?: boolean } = {},
): Promise<TSchoolListRow | null> {
  const condition = 'id' in where ? eq(schools.id, where.id) : eq(schools.code, where.code);
  const query = db.select(schoolColumns).from(schools).where(condition).limit(1);
  const rows = options.lock ? await query.for('update', { of: schools }) : await query;
  return (rows[0] as TSchoolListRow | undefined) ?? null;
}

export async function codeTaken(db: TDb, code: string): Promise<boolean> {
  const rows = await db
    .select({ id: schools.id })
    .from(schools)
    .where(eq(schools.code, code))
    .limit(1);
  return rows.length > 0;
}

export async function insertSchool(
  db: TDb,
  values: {
    code: string;
    name: string;
    active: boolean;
    plan: TSchoolRow['plan'];
    schoolType: TSchoolRow['schoolType'];
    now: Date;
  },
): Promise<string | null> {
  const rows = await db
    .insert(schools)
    .values({
      code: values.code,
      name: values.name,
      active: values.active,
      plan: values.plan,
      schoolType: values.schoolType,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .onConflictDoNothing({ target: schools.code })
    .returning({ id: schools.id });
  return rows[0]?.id ?? null;
}

export async function updateSchool(
  db: TDb,
  schoolId: string,
  values: { name?: string; active?: boolean; logo?: string | null; now: Date },
): Promise<void> {
  await db
    .update(schools)
    .set({
      ...(values.name !== undefined ? { name: values.name } : {}),
      ...(values.active !== undefined ? { active: values.active } : {}),
      ...(values.logo !== undefined ? { logo: values.logo } : {}),
      updatedAt: values.now,
    })
    .where(eq(schools.id, schoolId));
}

export async function deleteSchool(db: TDb, schoolId: string): Promise<boolean> {
  const rows = await db
    .delete(schools)
    .where(eq(schools.id, schoolId))
    .returning({ id: schools.id });
  return rows.length > 0;
}

export async function insertLogoUpload(
  db: TDb,
  values: { uploadedBy: string; data: string; etag: string; now: Date },
): Promise<string> {
  // Unclaimed uploads older than a day are dropped whenever a new one comes in.
  await db
    .delete(logoUploads)
    .where(lt(logoUploads.createdAt, new Date(values.now.getTime() - 86_400_000)));
  const [row] = await db
    .insert(logoUploads)
    .values({ ...values, createdAt: values.now })
    .returning({ id: logoUploads.id });
  if (!row) throw new Error('logo upload not stored');
  return row.id;
}

/** Takes an upload for a school: it becomes the school's logo and leaves the uploads table. */
export async function claimLogoUpload(
  db: TDb,
  uploadId: string,
  schoolId: string,
  now: Date,
): Promise<{ etag: string } | null> {
  const [upload] = await db
    .delete(logoUploads)
    .where(eq(logoUploads.id, uploadId))
    .returning({ data: logoUploads.data, etag: logoUploads.etag });
  if (!upload) return null;
  await db
    .insert(schoolLogos)
    .values({
      schoolId,
      contentType: 'image/png',
      data: upload.data,
      etag: upload.etag,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: schoolLogos.schoolId,
      set: { data: upload.data, etag: upload.etag, updatedAt: now },
    });
  return { etag: upload.etag };
}

/** The school's recent changes with the name of whoever made each. */
export async function recentSchoolChanges(db: TDb, schoolId: string, limit: number) {
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
      actorName: users.name,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(eq(auditLog.schoolId, schoolId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

// ---------------------------------------------------------------------------------------------
// The owner's users list: server-side paging, sorting, filtering and search (issue 10).

export type TUserSort = 'name' | 'email' | 'school' | 'role' | 'createdAt';

const schoolNameKey = sql`(lower(coalesce(${schools.name}, '')) COLLATE "C")`;

/** One keyset order per column and direction; each ends in the id, matching an index where it can. */
export function userOrder(sort: TUserSort, dir: 'asc' | 'desc'): TSortSpec {
  const id = { expr: users.id, dir, type: 'uuid' } as const;
  switch (sort) {
    case 'name':
      return {
        name: `users-name-${dir}`,
        keys: [{ expr: sql`(lower(${users.name}) COLLATE "C")`, dir, type: 'text' }, id],
      };
    case 'email':
      return {
        name: `users-email-${dir}`,
        keys: [{ expr: sql`(${users.email} COLLATE "C")`, dir, type: 'text' }, id],
      };
    case 'school':
      return {
        name: `users-school-${dir}`,
        keys: [
          { expr: schoolNameKey, dir, type: 'text' },
          { expr: users.createdAt, dir, type: 'timestamptz' },
          id,
        ],
      };
    case 'role':
      return {
        name: `users-role-${dir}`,
        keys: [
          { expr: users.role, dir, type: 'text' },
          { expr: users.createdAt, dir, type: 'timestamptz' },
          id,
        ],
      };
    case 'createdAt':
      return {
        name: `users-created-${dir}`,
        keys: [{ expr: users.createdAt, dir, type: 'timestamptz' }, id],
      };
  }
}

export type TUserFilter = {
  search: string;
  role: 'student' | 'teacher' | 'admin' | 'owner' | null;
  /** A school id, 'unknown' (no school), or null for every school. */
  school: string | null;
};

function userConditions(filter: TUserFilter): SQL | undefined {
  // LIKE '%term%' (wildcards in the term escaped) so the trigram indexes on lower(name) and email
  // answer it; e-mails are stored lower-cased.
  const term = filter.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return and(
    term
      ? sql`(lower(${users.name}) like ${`%${term}%`} or ${users.email} like ${`%${term}%`})`
      : undefined,
    filter.role ? eq(users.role, filter.role) : undefined,
    filter.school === 'unknown'
      ? isNull(users.schoolId)
      : filter.school
        ? eq(users.schoolId, filter.school)
        : undefined,
  );
}

export type TUserListRow = {
  id: string;
  name: string;
  email: string;
  role: 'student' | 'teacher' | 'admin' | 'owner';
  createdAt: Date;
  lastLoginAt: Date | null;
  active: boolean;
  schoolId: string | null;
  schoolName: string | null;
  schoolCode: string | null;
};

export async function listUsers(
  db: TDb,
  options: {
    filter: TUserFilter;
    order: TSortSpec;
    after: string[] | null;
    limit: number;
    /** Only this school's people (the school's own list): its total counts only them. */
    scopeSchoolId?: string | undefined;
  },
) {
  const where = userConditions(options.filter);
  const scope = options.scopeSchoolId ? eq(users.schoolId, options.scopeSchoolId) : undefined;
  const base = db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      createdAt: users.createdAt,
      lastLoginAt: users.lastLoginAt,
      active: users.active,
      schoolId: users.schoolId,
      schoolName: schools.name,
      schoolCode: schools.code,
      ...cursorColumns(options.order),
    })
    .from(users)
    .leftJoin(schools, eq(schools.id, users.schoolId));
  // The page, the list's total and the filtered count in parallel; each count is its own query so
  // that the filtered one can use the trigram and role indexes (one count with a FILTER scans all).
  const [fetched, totals, matches] = await Promise.all([
    base
      .where(
        and(scope, where, options.after ? afterCursor(options.order, options.after) : undefined),
      )
      .orderBy(...orderByKeys(options.order))
      .limit(options.limit + 1),
    db.select({ n: count() }).from(users).where(scope),
    where ? db.select({ n: count() }).from(users).where(and(scope, where)) : null,
  ]);
  const total = Number(totals[0]?.n ?? 0);
  const page = takePage(options.order, fetched, options.limit);
  return {
    rows: page.rows as TUserListRow[],
    nextCursor: page.nextCursor,
    total,
    matched: matches ? Number(matches[0]?.n ?? 0) : total,
  };
}

export async function findUser(db: TDb, userId: string) {
  const rows = await db
    .select({ id: users.id, role: users.role, schoolId: users.schoolId })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0] ?? null;
}
