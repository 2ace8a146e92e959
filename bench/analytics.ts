import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { API_BASE, fillPath } from '@stem/contract/api';
import { ANALYTICS_PATHS } from '@stem/contract/analytics';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { createDemoSchools } from '../apps/server/src/modules/demo/demo.service';
import { addSubmissionVolume } from '../apps/server/src/modules/demo/demo.volume';
import { openSession } from '../apps/server/src/modules/auth/auth.sessions';

/**
 * `npm run bench:analytics` (issue 11): PostgreSQL seeded by the volume seeder with 100,000
 * submissions (one teacher holding 20,000 of them in five classes), then each analytics call and
 * each CSV export through the real app (Fastify inject: routing, auth, validation, SQL,
 * serialisation), called BENCH_CALLS times (default 30) after 3 warm-up calls; prints p50, p99, the
 * reply size and, for the analytics, whether p99 stays under 200 ms.
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/stem_bench_analytics) is created
 * when missing and seeded once; later runs reuse it (`-- --reseed` seeds again).
 */
const SUBMISSIONS = 100_000;
const BUSIEST = 20_000;
const CALLS = Number(process.env.BENCH_CALLS ?? 30);
const TARGET_P99_MS = 200;
const url =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/stem_bench_analytics';
const reseed = process.argv.includes('--reseed');
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123';

async function ensureDatabase(): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new URL(url);
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

async function seedIfNeeded(): Promise<void> {
  const database = await openDatabase({ kind: 'postgres', url });
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const { rows } = await pool.query<{ n: string }>('select count(*) as n from submissions');
    if (Number(rows[0]?.n ?? 0) >= SUBMISSIONS) return;
    const started = performance.now();
    const created = await createDemoSchools(database.db, { count: 30, password: 'bench-password' });
    const teacher = created[0]?.accounts.find((a) => a.role === 'teacher')?.email ?? '';
    const result = await addSubmissionVolume(database.db, {
      schoolCodes: created.map((c) => c.school.code),
      submissions: SUBMISSIONS,
      busiestTeacher: { email: teacher, submissions: BUSIEST },
    });
    await pool.query('vacuum analyze');
    process.stdout.write(
      `seeded ${result.submissions} submissions (${result.busiestTeacherSubmissions} for one teacher) in ${Math.round((performance.now() - started) / 1000)} s\n`,
    );
  } finally {
    await pool.end();
    await database.close();
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function main(): Promise<void> {
  await ensureDatabase();
  await seedIfNeeded();
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  // The busiest teacher, their biggest class, its most answered question, and the school's admin.
  const { rows } = await pool.query<{
    teacher_id: string;
    school_id: string;
    class_id: string;
    submissions: string;
  }>(
    `select s.teacher_id, s.school_id, s.class_id, count(*) as submissions from submissions s
     join classes c on c.id = s.class_id and c.teacher_id = s.teacher_id
     group by 1, 2, 3 order by count(*) desc limit 1`,
  );
  const top = rows[0];
  if (!top) throw new Error('no submissions to measure');
  const { rows: qs } = await pool.query<{ question_id: string; n: string }>(
    `select a.question_id, count(*) as n from submission_answers a
     join questions q on q.id = a.question_id and q.teacher_id = $1
     group by 1 order by count(*) desc limit 1`,
    [top.teacher_id],
  );
  const { rows: admins } = await pool.query<{ id: string }>(
    "select id from users where school_id = $1 and role = 'admin' limit 1",
    [top.school_id],
  );
  const { rows: sizes } = await pool.query<{ school: string; total: string }>(
    `select (select count(*) from submissions where school_id = $1) as school,
      (select count(*) from submissions) as total`,
    [top.school_id],
  );
  await pool.end();
  const questionId = qs[0]?.question_id ?? '';
  const adminId = admins[0]?.id ?? '';

  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: url,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'stem-bench-analytics-')),
    JWT_SECRET,
    LOG_LEVEL: 'warn',
  });
  const app = await buildApp(config);
  await app.ready();
  const bearer = async (id: string, role: 'teacher' | 'admin') => {
    const session = await openSession(app.ctx.db, JWT_SECRET, {
      id,
      role,
      schoolId: top.school_id,
    });
    return { authorization: `Bearer ${session.token}` };
  };
  const teacher = await bearer(top.teacher_id, 'teacher');
  const admin = await bearer(adminId, 'admin');

  const calls: { name: string; path: string; headers: Record<string, string>; csv?: true }[] = [
    {
      name: `class analytics (${top.submissions} submissions)`,
      path: fillPath(ANALYTICS_PATHS.classAnalytics, { classId: top.class_id }),
      headers: teacher,
    },
    {
      name: `question analytics (${qs[0]?.n ?? 0} answers)`,
      path: fillPath(ANALYTICS_PATHS.questionAnalytics, { questionId }),
      headers: teacher,
    },
    {
      name: `school analytics (${sizes[0]?.school ?? 0} submissions)`,
      path: ANALYTICS_PATHS.schoolAnalytics,
      headers: admin,
    },
    {
      name: 'class CSV (best scores)',
      path: fillPath(ANALYTICS_PATHS.classExport, { classId: top.class_id }),
      headers: teacher,
      csv: true,
    },
    {
      name: `submissions CSV (whole list, ${BUSIEST} submissions)`,
      path: ANALYTICS_PATHS.submissionsExport,
      headers: teacher,
      csv: true,
    },
    {
      name: 'submissions CSV (search "a")',
      path: `${ANALYTICS_PATHS.submissionsExport}?q=a&flag=unflagged`,
      headers: teacher,
      csv: true,
    },
  ];

  const out = (line: string) => process.stdout.write(line);
  out(
    `\nbench:analytics on ${os.cpus().length} cores (load average ${os.loadavg()[0]?.toFixed(1)}; shared machine), ${sizes[0]?.total ?? 0} submissions in all, ${CALLS} calls each\n\n`,
  );
  const pad = (s: string, n: number) => s.padEnd(n);
  out(`${pad('call', 48)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('bytes', 11)}${'heap MB'}\n`);
  try {
    for (const call of calls) {
      const times: number[] = [];
      let bytes = 0;
      let heapPeak = 0;
      const n = call.csv ? Math.max(5, Math.floor(CALLS / 5)) : CALLS;
      for (let i = 0; i < n + 3; i++) {
        const before = process.memoryUsage().heapUsed;
        const started = performance.now();
        const res = await app.inject({
          method: 'GET',
          url: `${API_BASE}${call.path}`,
          headers: call.headers,
        });
        const ms = performance.now() - started;
        if (res.statusCode !== 200) throw new Error(`${call.name}: ${res.statusCode} ${res.body}`);
        heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed - before);
        bytes = res.rawPayload.byteLength;
        if (i >= 3) times.push(ms);
      }
      times.sort((a, b) => a - b);
      const p50 = percentile(times, 50);
      const p99 = percentile(times, 99);
      const verdict = call.csv ? '' : p99 < TARGET_P99_MS ? '' : '  (over 200 ms)';
      out(
        `${pad(call.name, 48)}${pad(p50.toFixed(1), 9)}${pad(p99.toFixed(1), 9)}${pad(String(bytes), 11)}${(heapPeak / 1e6).toFixed(1)}${verdict}\n`,
      );
    }
  } finally {
    await app.close();
  }
  out(
    '\nheap MB: growth of the heap during one call (inject collects the whole reply, so CSV figures include the reply itself).\n',
  );
}

await main();
