// `npm run drill:burst` / `npm run drill:faults`: N students each submit a photo answer within a
// window, through HAProxy, to the cluster topology (scripts/cluster.mjs: API processes and workers on
// one PostgreSQL and one Redis, both the drill's own). With --faults, during the burst: kill -9 of one
// API process, kill -9 of one worker, a restart of PostgreSQL and one of Redis. Afterwards it checks,
// from the database and the workers' logs, that every submission was marked exactly once, none was
// lost, none is stuck pending, and that clients saw only retryable errors; prints what happened and
// when, and the figures. Exit code 0 only when every check holds.
//
//   npm run drill:burst -- [--students 300] [--window 60] [--api 2] [--workers 2] [--drain 420]
//   npm run drill:faults -- (the same options)
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { openSession } from '../apps/server/src/modules/auth/auth.sessions';
import { runStudent, type TStudentRun } from './client';
import { renderAnswerPhoto } from './photo';
import { DRILL_ANSWERS, seedDrill } from './seed';
import { startServices, type TServices } from './services';

const root = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    students: { type: 'string', default: '300' },
    window: { type: 'string', default: '60' },
    api: { type: 'string', default: '2' },
    workers: { type: 'string', default: '2' },
    drain: { type: 'string', default: '420' },
    faults: { type: 'boolean', default: false },
  },
});
if (spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).error) {
  // CI installs it (.ci/run); elsewhere `npm test` goes on without the drill, saying so.
  process.stdout.write('drill skipped: haproxy is not installed (apt-get install haproxy)\n');
  process.exit(process.env.CI ? 1 : 0);
}
const whole = (name: keyof typeof args, min: number): number => {
  const n = Number(args[name]);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be a whole number ≥ ${min}`);
  return n;
};
const STUDENTS = whole('students', 1);
const WINDOW_S = whole('window', 1);
const API = whole('api', 1);
const WORKERS = whole('workers', 1);
const DRAIN_S = whole('drain', 10);
const FAULTS = args.faults;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

type TEvent = { at: number; what: string };

async function main(): Promise<number> {
  const events: TEvent[] = [];
  let origin = performance.now();
  const log = (what: string) => {
    const at = Math.round(performance.now() - origin);
    events.push({ at, what });
    process.stdout.write(`[${secs(at).padStart(7)}] ${what}\n`);
  };
  const setupStarted = performance.now();
  const [pgPort, redisPort, balancerPort, basePort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const services: TServices = await startServices({ postgres: pgPort, redis: redisPort });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stem-drill-data-'));
  let cluster: ChildProcess | undefined;
  try {
    const students = await seedDrill(services.databaseUrl, STUDENTS);
    const jwtSecret = randomBytes(48).toString('base64');
    cluster = spawn(
      process.execPath,
      [
        path.join(root, 'scripts/cluster.mjs'),
        '--api',
        String(API),
        '--workers',
        String(WORKERS),
        '--port',
        String(balancerPort),
        '--base-port',
        String(basePort),
        '--restart-ms',
        '1000',
      ],
      {
        cwd: root,
        env: {
          ...process.env,
          DATABASE_URL: services.databaseUrl,
          REDIS_URL: services.redisUrl,
          JWT_SECRET: jwtSecret,
          DATA_DIR: dataDir,
          AI_PROVIDER: 'offline',
          OCR_PROVIDER: 'tesseract',
          OCR_WORKERS: '1',
          LOG_LEVEL: 'info',
          QUEUE_PREFIX: 'drill',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const pids = new Map<string, number>();
    /** Processes that ended by themselves (not by the drill's kill -9). */
    const unexpectedExits: string[] = [];
    const ready = new Promise<void>((resolve, reject) => {
      let buffered = '';
      cluster?.stdout?.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        let nl: number;
        while ((nl = buffered.indexOf('\n')) >= 0) {
          const line = buffered.slice(0, nl);
          buffered = buffered.slice(nl + 1);
          const parsed = JSON.parse(line) as {
            api?: { name: string; pid: number }[];
            workers?: { name: string; pid: number }[];
            restarted?: string;
            pid?: number;
          };
          for (const p of [...(parsed.api ?? []), ...(parsed.workers ?? [])])
            pids.set(p.name, p.pid);
          if (parsed.api) resolve();
          if (parsed.restarted && parsed.pid) {
            pids.set(parsed.restarted, parsed.pid);
            log(`${parsed.restarted} restarted by the cluster (pid ${parsed.pid})`);
          }
        }
      });
      cluster?.stderr?.on('data', (chunk: Buffer) => {
        for (const line of chunk.toString().split('\n').filter(Boolean)) {
          log(`cluster: ${line}`);
          if (/ exited \((?!SIGKILL)/.test(line)) unexpectedExits.push(line);
        }
      });
      cluster?.once('exit', (code) => reject(new Error(`cluster exited (${code})`)));
    });
    await ready;
    const baseUrl = `http://127.0.0.1:${balancerPort}`;
    const photos = await Promise.all(DRILL_ANSWERS.map((text) => renderAnswerPhoto(text)));
    // Each student signs in once (a session of theirs, as a sign-in opens): 300 sign-ins from one
    // address would meet the sign-in throttle, which is tested elsewhere.
    const sessions = await openDatabase({ kind: 'postgres', url: services.databaseUrl });
    const tokens = await Promise.all(
      students.map(async (s) => {
        const session = await openSession(sessions.db, jwtSecret, {
          id: s.userId,
          role: 'student',
          schoolId: s.schoolId,
        });
        return session.token;
      }),
    );
    await sessions.close();
    process.stdout.write(
      `Set up in ${secs(performance.now() - setupStarted)}: ${students.length} students in ${Math.ceil(students.length / 14)} classes, ` +
        `${API} API processes and ${WORKERS} workers behind HAProxy at ${baseUrl}, ` +
        `PostgreSQL :${pgPort} and Redis :${redisPort} (the drill's own)\n`,
    );

    // The timeline starts with the burst; what the set-up printed is above it.
    events.length = 0;
    origin = performance.now();
    const originWall = Date.now();
    log(
      `burst starts: ${students.length} students within ${WINDOW_S} s${FAULTS ? ', with faults' : ''}`,
    );
    const deadline = origin + (WINDOW_S + DRAIN_S) * 1000;
    const runs: Promise<TStudentRun>[] = students.map(async (s, i) => {
      await sleep((i * WINDOW_S * 1000) / students.length);
      return runStudent({
        baseUrl,
        token: tokens[i] as string,
        classId: s.classId,
        questionId: s.questionId,
        imageBase64: photos[i % photos.length] as string,
        origin,
        deadline,
      });
    });

    const faults: Promise<void>[] = [];
    if (FAULTS) {
      const at = (fraction: number, what: () => Promise<void>) =>
        faults.push(sleep(fraction * WINDOW_S * 1000).then(what));
      const kill = (name: string) => async () => {
        const pid = pids.get(name);
        if (!pid) return log(`no pid known for ${name}`);
        process.kill(pid, 'SIGKILL');
        log(`FAULT kill -9 ${name} (pid ${pid})`);
      };
      at(0.2, kill('api-1'));
      at(0.35, kill('worker-1'));
      at(0.5, async () => {
        log('FAULT PostgreSQL restart begins (fast shutdown: every connection dropped)');
        await services.restartPostgres();
        log('PostgreSQL is back');
      });
      at(0.7, async () => {
        log('FAULT Redis restart begins');
        await services.restartRedis();
        log('Redis is back');
      });
    }
    await Promise.all(faults);
    const results = await Promise.all(runs);
    log('every client is done');

    // What the database and the workers' logs say.
    const client = new pg.Client({ connectionString: services.databaseUrl });
    await client.connect();
    const { rows } = await client.query<{
      student_id: string;
      id: string;
      status: string;
      marking_attempts: number;
      submitted_ms: string;
      marked_ms: string | null;
      scored: number;
      answers: number;
    }>(
      `select s.student_id, s.id, s.status, s.marking_attempts,
              extract(epoch from s.submitted_at) * 1000 as submitted_ms,
              extract(epoch from s.marked_at) * 1000 as marked_ms,
              (select count(*)::int from submission_answers a where a.submission_id = s.id and a.score is not null) as scored,
              (select count(*)::int from submission_answers a where a.submission_id = s.id) as answers
         from submissions s where s.student_id = any($1::uuid[])`,
      [students.map((s) => s.userId)],
    );
    await client.end();
    const markRuns = new Map<string, number>();
    const logDir = path.join(dataDir, 'cluster');
    for (const file of readdirSync(logDir).filter((f) => f.startsWith('worker-'))) {
      for (const line of readFileSync(path.join(logDir, file), 'utf8').split('\n')) {
        if (!line.includes('"submission marked"')) continue;
        const id = (JSON.parse(line) as { submissionId?: string }).submissionId;
        if (id) markRuns.set(id, (markRuns.get(id) ?? 0) + 1);
      }
    }

    const byStudent = new Map<string, typeof rows>();
    for (const row of rows)
      byStudent.set(row.student_id, [...(byStudent.get(row.student_id) ?? []), row]);
    const acknowledged = results.filter((r) => r.submissionId !== null);
    const lost = acknowledged.filter((r) => !rows.some((row) => row.id === r.submissionId)).length;
    const neverSaved = students.filter((s) => !byStudent.has(s.userId)).length;
    const duplicates = [...byStudent.values()].filter((list) => list.length > 1).length;
    const markedTwice = rows.filter((r) => (markRuns.get(r.id) ?? 0) > 1).length;
    const markedNoLog = rows.filter((r) => r.status === 'marked' && !markRuns.has(r.id)).length;
    const badAnswers = rows.filter((r) => r.status === 'marked' && r.scored !== r.answers).length;
    const pending = rows.filter((r) => r.status === 'pending').length;
    const failed = rows.filter((r) => r.status === 'failed').length;
    const marked = rows.filter((r) => r.status === 'marked');
    const gaveUp = results.filter((r) => r.gaveUp !== null);
    const failures = results.flatMap((r) => r.failures);
    const nonRetryable = failures.filter(
      (f) => !/^(429|502|503|504|[A-Z_]+|TimeoutError|TypeError)$/.test(f.outcome),
    );
    const byOutcome = new Map<string, number>();
    for (const f of failures) {
      const key = `${f.step} ${f.outcome.split(' ')[0]}`;
      byOutcome.set(key, (byOutcome.get(key) ?? 0) + 1);
    }
    const firstSubmit = Math.min(...marked.map((r) => Number(r.submitted_ms)));
    const lastMark = Math.max(...marked.map((r) => Number(r.marked_ms)));
    const markDelays = marked.map((r) => Number(r.marked_ms) - Number(r.submitted_ms));
    const lat = (step: string) =>
      results.flatMap((r) => r.latencies.filter((l) => l.step === step).map((l) => l.ms));
    const clientMarked = results
      .filter((r) => r.markedAt !== null)
      .map((r) => r.markedAt as number);

    process.stdout.write('\nWhat happened, and when (seconds from the start of the burst):\n');
    for (const e of events) process.stdout.write(`  ${secs(e.at).padStart(8)}  ${e.what}\n`);
    if (failures.length > 0) {
      const firsts = failures.map((f) => f.at);
      process.stdout.write(
        `  clients' failed calls between ${secs(Math.min(...firsts))} and ${secs(Math.max(...firsts))}\n`,
      );
    }
    process.stdout.write('\nFigures:\n');
    const figures: [string, string | number][] = [
      ['students', students.length],
      ['submissions saved', rows.length],
      ['marked', marked.length],
      ['lost (acknowledged but not saved)', lost],
      ['students with no submission', neverSaved],
      ['students with more than one submission', duplicates],
      ['marked twice (worker logs)', markedTwice],
      ['marked without a marking run in the logs', markedNoLog],
      ['marked with an unscored answer', badAnswers],
      ['stuck pending', pending],
      ['failed', failed],
      ['processes that exited by themselves', unexpectedExits.length],
      ['clients that gave up', gaveUp.length],
      ['client retries', results.reduce((n, r) => n + r.retries, 0)],
      ['non-retryable errors seen by clients', nonRetryable.length],
      [
        'failed calls by step and status',
        [...byOutcome].map(([k, v]) => `${k}: ${v}`).join(', ') || 'none',
      ],
      [
        'submissions with more than one marking attempt',
        rows.filter((r) => r.marking_attempts > 1).length,
      ],
      ['first submission saved (from burst start)', secs(firstSubmit - originWall)],
      ['time until the last mark (from burst start)', secs(lastMark - originWall)],
      [
        'time until the last client saw its mark',
        clientMarked.length ? secs(Math.max(...clientMarked)) : 'n/a',
      ],
      [
        'submit to mark p50 / p95 / max',
        `${secs(percentile(markDelays, 50))} / ${secs(percentile(markDelays, 95))} / ${secs(Math.max(0, ...markDelays))}`,
      ],
      [
        'photo to text p50 / p95',
        `${percentile(lat('extract'), 50)} ms / ${percentile(lat('extract'), 95)} ms`,
      ],
      [
        'submit call p50 / p95',
        `${percentile(lat('submit'), 50)} ms / ${percentile(lat('submit'), 95)} ms`,
      ],
    ];
    for (const [name, value] of figures) process.stdout.write(`  ${name.padEnd(50)} ${value}\n`);
    for (const r of gaveUp.slice(0, 5)) process.stdout.write(`  gave up: ${r.gaveUp}\n`);
    for (const f of nonRetryable.slice(0, 5))
      process.stdout.write(`  non-retryable: ${f.step} ${f.outcome}\n`);

    const ok =
      rows.length === students.length &&
      marked.length === students.length &&
      lost + neverSaved + duplicates + markedTwice + markedNoLog + badAnswers + pending + failed ===
        0 &&
      gaveUp.length === 0 &&
      unexpectedExits.length === 0 &&
      nonRetryable.length === 0;
    if (!ok) {
      // What the processes logged as failed requests (errors only: never a request's content).
      for (const file of readdirSync(logDir).filter((f) => f.endsWith('.log'))) {
        const failed = readFileSync(path.join(logDir, file), 'utf8')
          .split('\n')
          .filter((line) => line.includes('"level":50'))
          .slice(0, 3);
        for (const line of failed) process.stdout.write(`  ${file}: ${line.slice(0, 600)}\n`);
      }
    }
    process.stdout.write(`\n${ok ? 'PASS' : 'FAIL'}: ${FAULTS ? 'burst with faults' : 'burst'}\n`);
    return ok ? 0 : 1;
  } finally {
    if (cluster && cluster.exitCode === null) {
      const exited = new Promise((resolve) => cluster?.once('exit', resolve));
      cluster.kill('SIGTERM');
      await Promise.race([exited, sleep(20_000)]);
    }
    await services.stop();
    if (!process.env.DRILL_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
    else process.stdout.write(`logs kept in ${dataDir}/cluster\n`);
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `drill failed to run: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
    process.exit(2);
  },
);
