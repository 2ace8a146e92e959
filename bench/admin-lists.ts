import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { ADMIN_PATHS } from '@stem/contract/admin';
import { API_BASE } from '@stem/contract/api';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, type TDatabase } from '../apps/server/src/db/client';
import { classStudents, classes, schools, users } from '../apps/server/src/db/schema';
import { openSession } from '../apps/server/src/modules/auth/auth.sessions';
import { createDemoSchools } from '../apps/server/src/modules/demo/demo.service';
import { addSubmissionVolume } from '../apps/server/src/modules/demo/demo.volume';

/**
 * `npm run bench:admin` (issue 10): the school admin's lists on PostgreSQL with one large school
 * (20,000 students, 500 teachers, 2,000 classes, 100,000 submissions) among 20 demo schools. Each
 * list call (first pages, a deep page, searches, filters, every sort) is made REPEAT times through
 * the real server (inject, so the figures are the server's own time: routing, validation, queries,
 * serialisation) and its p50 and p99 printed, with the reply size.
 *
 * BENCH_ADMIN_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/stem_admin_bench) is created
 * when missing and seeded once; `-- --reseed` seeds again. BENCH_REPEAT sets the repeats (200).
 */
const url =
  process.env.BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/stem_admin_bench';
const reseed = process.argv.includes('--reseed');
const REPEAT = Number(process.env.BENCH_REPEAT ?? 200);
const STUDENTS = 20_000;
const TEACHERS = 500;
const CLASSES = 2_000;
const SUBMISSIONS = 100_000;
const JWT_SECRET = 'bench-admin-secret-bench-admin-secret-0123456789';

async function ensureDatabase(): Promise<void> {
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (reseed && rowCount) await client.query(`drop database "${name}" with (force)`);
    if (!rowCount || reseed) await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}

const chunks = <T>(rows: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(rows.length / size) }, (_, i) =>
    rows.slice(i * size, (i + 1) * size),
  );

/** Bulk rows for the large school: people, classes of 10 students each, then submissions. */
async function seed(database: TDatabase): Promise<string> {
  const db = database.db;
  const started = performance.now();
  const created = await createDemoSchools(db, { count: 20, password: 'bench-password' });
  const code = created[0]?.school.code ?? '';
  const [school] = await db.select({ id: schools.id }).from(schools).where(eq(schools.code, code));
  if (!school) throw new Error('no demo school');
  const since = Date.UTC(2025, 0, 1);
  const people = [
    ...Array.from({ length: STUDENTS }, (_, i) => ({ role: 'student' as const, i })),
    ...Array.from({ length: TEACHERS }, (_, i) => ({ role: 'teacher' as const, i })),
  ].map(({ role, i }) => ({
    schoolId: school.id,
    role,
    name: `${role === 'student' ? 'Pupil' : 'Teacher'} ${String.fromCharCode(65 + (i % 26))}${i}`,
    email: `bench.${role}.${i}.${code.toLowerCase()}@example.com`,
    createdAt: new Date(since + i * 60_000),
  }));
  for (const batch of chunks(people, 2_000)) await db.insert(users).values(batch);
  const teacherIds = (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.schoolId, school.id), eq(users.role, 'teacher')))
  ).map((r) => r.id);
  const studentIds = (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.schoolId, school.id), inArray(users.role, ['student'])))
  ).map((r) => r.id);
  const classRows = Array.from({ length: CLASSES }, (_, i) => ({
    schoolId: school.id,
    teacherId: teacherIds[i % teacherIds.length] ?? null,
    name: `Class ${i} ${['Physics', 'Biology', 'Chemistry', 'Maths'][i % 4]}`,
    createdAt: new Date(since + i * 3_600_000),
  }));
  const classIds: string[] = [];
  for (const batch of chunks(classRows, 1_000)) {
    classIds.push(
      ...(await db.insert(classes).values(batch).returning({ id: classes.id })).map((r) => r.id),
    );
  }
  const enrolments = classIds.flatMap((classId, i) =>
    Array.from({ length: 10 }, (_, k) => ({
      classId,
      studentId: studentIds[(i * 10 + k) % studentIds.length] as string,
    })),
  );
  for (const batch of chunks(enrolments, 5_000)) {
    await db.insert(classStudents).values(batch).onConflictDoNothing();
  }
  await addSubmissionVolume(db, { schoolCodes: [code], submissions: SUBMISSIONS });
  process.stdout.write(
    `seeded one school of ${STUDENTS + TEACHERS} people, ${CLASSES} classes, ${SUBMISSIONS} submissions in ${Math.round((performance.now() - started) / 1000)} s\n`,
  );
  return code;
}

/** The school with the most students (the one seeded large) and its admin. */
async function largeSchool(): Promise<{ schoolId: string; adminId: string }> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const { rows: big } = await pool.query<{ school_id: string; admin_id: string }>(
      `select u.school_id, (select a.id from users a where a.school_id = u.school_id and a.role = 'admin' limit 1) as admin_id
         from users u where u.role = 'student' group by u.school_id order by count(*) desc limit 1`,
    );
    const first = big[0];
    if (!first?.admin_id) throw new Error('no large school with an admin');
    return { schoolId: first.school_id, adminId: first.admin_id };
  } finally {
    await pool.end();
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function main(): Promise<void> {
  await ensureDatabase();
  const database = await openDatabase({ kind: 'postgres', url });
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const { rows } = await pool.query<{ n: string }>('select count(*) as n from submissions');
  if (Number(rows[0]?.n ?? 0) < SUBMISSIONS) {
    await seed(database);
    await pool.query('vacuum analyze');
  }
  await pool.end();
  const { schoolId, adminId } = await largeSchool();
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: url,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'stem-admin-bench-')),
    JWT_SECRET,
    LOG_LEVEL: 'warn',
  });
  const app = await buildApp(config, { database });
  await app.ready();
  const { token } = await openSession(app.ctx.db, JWT_SECRET, {
    id: adminId,
    role: 'admin',
    schoolId,
  });
  const headers = { authorization: `Bearer ${token}` };
  const get = (p: string) => app.inject({ method: 'GET', url: `${API_BASE}${p}`, headers });

  // A deep page: the cursor after 50 pages of the users list by name.
  let cursor = '';
  for (let i = 0; i < 50; i++) {
    const reply = (await get(`${ADMIN_PATHS.users}?sort=name&dir=asc&limit=20${cursor}`)).json<{
      page: { nextCursor: string | null };
    }>();
    cursor = reply.page.nextCursor ? `&cursor=${reply.page.nextCursor}` : '';
  }

  const calls: [string, string][] = [
    ['users: newest first', ADMIN_PATHS.users],
    ['users: by name A-Z', `${ADMIN_PATHS.users}?sort=name&dir=asc`],
    ['users: by e-mail Z-A', `${ADMIN_PATHS.users}?sort=email&dir=desc`],
    ['users: by role', `${ADMIN_PATHS.users}?sort=role&dir=asc`],
    ['users: teachers only', `${ADMIN_PATHS.users}?role=teacher&sort=name&dir=asc`],
    ['users: search "pupil q1"', `${ADMIN_PATHS.users}?q=pupil%20q1`],
    ['users: page 51 by name', `${ADMIN_PATHS.users}?sort=name&dir=asc&limit=20${cursor}`],
    ['classes: first 9', ADMIN_PATHS.classes],
    ['classes: search "physics"', `${ADMIN_PATHS.classes}?q=physics`],
    ['submissions: most recent', ADMIN_PATHS.submissions],
    ['submissions: by student', `${ADMIN_PATHS.submissions}?sort=student`],
    ['submissions: by class', `${ADMIN_PATHS.submissions}?sort=class`],
    ['submissions: by score', `${ADMIN_PATHS.submissions}?sort=score`],
    ['submissions: flagged only', `${ADMIN_PATHS.submissions}?flag=flagged`],
    ['submissions: search "glucose"', `${ADMIN_PATHS.submissions}?q=glucose`],
  ];
  process.stdout.write(
    `\nadmin lists, one school of ${STUDENTS + TEACHERS} people, ${REPEAT} calls each\n`,
  );
  process.stdout.write(
    `${'call'.padEnd(34)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'bytes'.padStart(8)}\n`,
  );
  for (const [label, p] of calls) {
    const first = await get(p);
    if (first.statusCode !== 200) throw new Error(`${label}: ${first.statusCode} ${first.body}`);
    for (let i = 0; i < 5; i++) await get(p);
    const times: number[] = [];
    for (let i = 0; i < REPEAT; i++) {
      const t0 = performance.now();
      await get(p);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    process.stdout.write(
      `${label.padEnd(34)} ${percentile(times, 50).toFixed(2).padStart(8)} ${percentile(times, 99).toFixed(2).padStart(8)} ${String(first.body.length).padStart(8)}\n`,
    );
  }
  await app.close();
  await database.close();
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
