import { execFile, fork } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import pg from 'pg';
import { pino } from 'pino';
import { API_BASE, DASHBOARD_PATHS, fillPath } from '@stem/contract/api';
import { OWNER_PATHS } from '@stem/contract/owner';
import { SUBMISSION_PATHS, type TSubmissionListResponse } from '@stem/contract/submissions';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { createDemoSchools } from '../apps/server/src/modules/demo/demo.service';
import { addSubmissionVolume } from '../apps/server/src/modules/demo/demo.volume';
import { insertUsers } from '../apps/server/src/modules/demo/demo.queries';
import { markSubmission } from '../apps/server/src/modules/marking/marking.service';
import { createMarker } from '../apps/server/src/marking/engine';
import { openSession } from '../apps/server/src/modules/auth/auth.sessions';

/**
 * `npm run bench:api` (issue 14): PostgreSQL with 100,000 submissions, one teacher holding 20,000 of
 * them, then autocannon (64 connections, 10 s each, in a child process) against a plain Fastify
 * hello-world route served by this same process, /healthz, both dashboards, the teacher's list
 * (first and deep pages, with and without a search and a filter), one submission's details and
 * (issue 13) the owner's schools and users lists.
 * Prints req/s, p50, p99 and the ratio to a hello-world run made just before each route (the load of
 * a shared machine moves minute to minute); targets: ratio >= 25 %, p99 < 50 ms, first page < 50 KB.
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/stem_bench) is created when
 * missing and seeded once; later runs reuse it (`-- --reseed` seeds again). BENCH_SECONDS and
 * BENCH_CONNECTIONS change the load; BENCH_ONLY=text measures only the routes whose name holds
 * it; BENCH_LOG_LEVEL the server's log level (default info, to
 * /dev/null, so logging is paid for as in production).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SUBMISSIONS = 100_000;
const BUSIEST = 20_000;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 64);
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/stem_bench';
const reseed = process.argv.includes('--reseed');
const run = promisify(execFile);

async function ensureDatabase(): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
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
    const owners = await pool.query("select 1 from users where role = 'owner'");
    if (owners.rowCount === 0) {
      await insertUsers(database.db, [
        {
          schoolId: null,
          name: 'Bench Owner',
          email: 'owner@bench.example',
          passwordHash: 'not-a-hash: the bench signs its own tokens',
          role: 'owner',
        },
      ]);
    }
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

/**
 * Marks what the seed left pending (about 5 % of its submissions) before anything is measured, by the
 * product's own marking run, as the workers of a running deployment would have done. Otherwise the
 * measured server marks them itself during the run (its recovery sweep takes 500 every 3 minutes),
 * and each mark empties that school's kept replies: the figures then measure the backlog.
 */
async function markBacklog(): Promise<void> {
  const database = await openDatabase({ kind: 'postgres', url });
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const started = performance.now();
    const deps = {
      db: database.db,
      marker: createMarker(),
      logger: pino({ level: 'silent' }),
      now: () => new Date(),
      leaseMs: 30_000,
    };
    let marked = 0;
    const tried = new Set<string>();
    for (;;) {
      const { rows } = await pool.query<{ id: string }>(
        "select id from submissions where status = 'pending' order by id limit 200",
      );
      // Done, or only submissions another run holds are left (a bench stopped mid-mark).
      const fresh = rows.filter(({ id }) => !tried.has(id));
      if (fresh.length === 0) break;
      for (const { id } of fresh) {
        tried.add(id);
        const outcome = await markSubmission(deps, id, { isFinalAttempt: true }).catch(() => null);
        if (outcome?.status === 'done') marked++;
      }
    }
    if (marked > 0) {
      await pool.query('vacuum analyze submissions');
      process.stdout.write(
        `marked the ${marked} submissions the seed left pending in ${Math.round((performance.now() - started) / 1000)} s\n`,
      );
    }
  } finally {
    await pool.end();
    await database.close();
  }
}

type TResult = {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  bytes: number;
  errors: number;
};

async function cannon(name: string, target: string, headers: Record<string, string>) {
  const args = ['-c', String(connections), '-d', String(seconds), '-j'];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push(target);
  const { stdout } = await run(path.join(root, 'node_modules/.bin/autocannon'), args, {
    maxBuffer: 16 * 1024 * 1024,
  });
  const r = JSON.parse(stdout) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    throughput: { average: number };
    non2xx: number;
    errors: number;
  };
  const one = await fetch(target, { headers });
  const bytes = (await one.arrayBuffer()).byteLength;
  return {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    bytes,
    errors: r.non2xx + r.errors,
  } satisfies TResult;
}

const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123';

/** The server side, in a child process whose stdout (the server's log) goes to /dev/null. */
async function serve(): Promise<void> {
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: url,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'stem-bench-')),
    JWT_SECRET,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
  });
  const app = await buildApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const hello = Fastify();
  hello.get('/', async () => ({ hello: 'world' }));
  await hello.listen({ port: 0, host: '127.0.0.1' });
  process.send?.({
    base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`,
    helloUrl: `http://127.0.0.1:${(hello.server.address() as { port: number }).port}/`,
  });
  process.on('disconnect', () => {
    void Promise.all([app.close(), hello.close()]).then(() => process.exit(0));
  });
}

async function main(): Promise<void> {
  await ensureDatabase();
  await seedIfNeeded();
  await markBacklog();
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], {
    execArgv: process.execArgv,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: process.env,
  });
  const { base, helloUrl } = await new Promise<{ base: string; helloUrl: string }>(
    (resolve, reject) => {
      child.once('message', (m) => resolve(m as { base: string; helloUrl: string }));
      child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    },
  );
  try {
    await measure(base, helloUrl);
  } finally {
    child.disconnect();
  }
}

async function measure(base: string, helloUrl: string): Promise<void> {
  const writeFigures = (line: string) => process.stdout.write(line);
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const { rows: tallies } = await pool.query<{ user_id: string }>(
    "select user_id from submission_tallies where kind = 't' order by total desc limit 1",
  );
  const teacherId = tallies[0]?.user_id ?? '';
  const { rows: people } = await pool.query<{
    school_id: string;
    student_id: string;
    id: string;
    student_name: string;
  }>(
    'select school_id, student_id, id, student_name from submissions where teacher_id = $1 order by submitted_at desc limit 1',
    [teacherId],
  );
  const { rows: owners } = await pool.query<{ id: string }>(
    "select id from users where role = 'owner' limit 1",
  );
  await pool.end();
  const ownerId = owners[0]?.id ?? '';
  const person = people[0];
  if (!person) throw new Error('no submissions to measure');
  // Each person signs in once (a session of theirs, as a sign-in opens), without the sign-in throttle.
  const sessions = await openDatabase({ kind: 'postgres', url });
  const auth = async (id: string, role: 'teacher' | 'student' | 'owner') => {
    const schoolId = role === 'owner' ? null : person.school_id;
    const { token } = await openSession(sessions.db, JWT_SECRET, { id, role, schoolId });
    return { authorization: `Bearer ${token}` };
  };
  const teacher = await auth(teacherId, 'teacher');
  const student = await auth(person.student_id, 'student');
  const owner = await auth(ownerId, 'owner');
  await sessions.close();
  const list = `${base}${API_BASE}${fillPath(SUBMISSION_PATHS.teacherSubmissions, { userId: teacherId })}`;
  const surname = person.student_name.split(' ').slice(-1)[0] ?? 'a';

  /** The cursor after `rows` rows of this view (walked 100 at a time). */
  async function deepCursor(query: string, rows: number): Promise<string> {
    let cursor = '';
    for (let seen = 0; seen < rows; seen += 100) {
      const response = await fetch(
        `${list}?limit=100&${query}${cursor ? `&cursor=${cursor}` : ''}`,
        {
          headers: teacher,
        },
      );
      const body = (await response.json()) as TSubmissionListResponse;
      if (!body.page.nextCursor) break;
      cursor = body.page.nextCursor;
    }
    return cursor;
  }

  const targets: [string, string, Record<string, string>][] = [
    ['hello-world (plain Fastify)', helloUrl, {}],
    ['/healthz', `${base}/healthz`, {}],
    ['teacher dashboard', `${base}${API_BASE}${DASHBOARD_PATHS.teacher}`, teacher],
    ['student dashboard', `${base}${API_BASE}${DASHBOARD_PATHS.student}`, student],
    ['list: first page', `${list}?limit=20`, teacher],
    [
      'list: page at row 10,000',
      `${list}?limit=20&cursor=${await deepCursor('', 10_000)}`,
      teacher,
    ],
    ['list: search, first page', `${list}?limit=20&q=${surname}`, teacher],
    [
      'list: search, deep page',
      `${list}?limit=20&q=${surname}&cursor=${await deepCursor(`q=${surname}`, 1_500)}`,
      teacher,
    ],
    ['list: flagged, first page', `${list}?limit=20&flag=flagged`, teacher],
    [
      'list: unflagged by score, row 10,000',
      `${list}?limit=20&flag=unflagged&sort=score&cursor=${await deepCursor('flag=unflagged&sort=score', 10_000)}`,
      teacher,
    ],
    [
      'submission details',
      `${base}${API_BASE}${fillPath(SUBMISSION_PATHS.details, { id: person.id })}`,
      teacher,
    ],
    ['owner: schools list', `${base}${API_BASE}${OWNER_PATHS.schools}`, owner],
    ['owner: users list', `${base}${API_BASE}${OWNER_PATHS.users}`, owner],
    [
      'owner: users, search + sort',
      `${base}${API_BASE}${OWNER_PATHS.users}?search=${surname}&sort=name`,
      owner,
    ],
  ];

  writeFigures(
    `\nbench:api on ${os.cpus().length} cores (load average ${os.loadavg()[0]?.toFixed(1)}; the machine is shared), ${connections} connections, ${seconds} s each\n\n`,
  );
  // On a shared machine the load moves from one minute to the next: each route is compared with a
  // hello-world run made just before it (BENCH_PAIRED=0 measures hello-world once, first).
  const paired = process.env.BENCH_PAIRED !== '0';
  const [helloTarget, ...everyRoute] = targets;
  // BENCH_ONLY=text measures only the routes whose name holds it (beside their hello-world runs).
  const only = process.env.BENCH_ONLY;
  const routes = only ? everyRoute.filter(([name]) => name.includes(only)) : everyRoute;
  if (!helloTarget) throw new Error('no hello-world target');
  const results: (TResult & { hello: number; load: number })[] = [];
  let hello = await cannon(...helloTarget);
  results.push({ ...hello, hello: hello.rps, load: os.loadavg()[0] ?? 0 });
  for (const [name, target, headers] of routes) {
    if (paired) hello = await cannon(...helloTarget);
    const r = await cannon(name, target, headers);
    results.push({ ...r, hello: hello.rps, load: os.loadavg()[0] ?? 0 });
  }
  const pad = (s: string, n: number) => s.padEnd(n);
  writeFigures(
    `${pad('route', 38)}${pad('req/s', 10)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('hello', 8)}${pad('ratio', 8)}${pad('bytes', 9)}${pad('load', 6)}errors\n`,
  );
  for (const r of results) {
    const ratio = `${((r.rps / r.hello) * 100).toFixed(1)} %`;
    const ok = r.name.startsWith('hello') || (r.rps / r.hello >= 0.25 && r.p99 < 50);
    writeFigures(
      `${pad(r.name, 38)}${pad(Math.round(r.rps).toString(), 10)}${pad(String(r.p50), 8)}${pad(String(r.p99), 8)}${pad(Math.round(r.hello).toString(), 8)}${pad(ratio, 8)}${pad(String(r.bytes), 9)}${pad(r.load.toFixed(1), 6)}${r.errors}${ok ? '' : '  (below target)'}\n`,
    );
  }
  const firstPage = results.find((r) => r.name === 'list: first page');
  writeFigures(
    `\nfirst page of the teacher's list: ${firstPage?.bytes ?? 0} bytes (target < 50 KB); load average at the end ${os.loadavg()[0]?.toFixed(1)}\n`,
  );
}

(process.argv.includes('--serve') ? serve() : main()).catch((error: unknown) => {
  process.stderr.write(
    `bench:api failed: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
