/**
 * `npm run bench:roster` (issue 29: "1,000 rows take under 10 seconds"): a school admin's roster CSV
 * of 1,000 people (30 students placed in a class, 970 teachers: the Classroom plan allows 30 students)
 * through the real server (inject: routing, multipart streaming, csv-parse, the checks, the batched
 * inserts in one transaction), `--runs` times (default 3), each into a fresh school. Printed: the
 * preview's and the import's reply times, and the time until the 1,000th invitation mail is written
 * (they are sent one after another once the import has answered), median of the runs, beside the
 * 10-second target.
 *
 * On PGlite in a temporary DATA_DIR by default; BENCH_DATABASE_URL runs it on PostgreSQL.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiPath } from '@stem/contract/api';
import { ROSTER_PATHS } from '@stem/contract/roster';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { classes } from '../apps/server/src/db/schema';
import { openSession } from '../apps/server/src/modules/auth/auth.sessions';
import { insertSchools, insertUsers } from '../apps/server/src/modules/demo/demo.queries';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1] ?? 3) || 3;
const ROWS = 1_000;
const STUDENTS = 30;
const TARGET_MS = 10_000;
const JWT_SECRET = 'bench-roster-secret-bench-roster-secret-0123456789';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stem-roster-bench-'));
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  JWT_SECRET,
  APP_URL: 'http://localhost:3000',
  LOG_LEVEL: 'warn',
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
});
const app = await buildApp(config);
await app.ready();
const db = app.ctx.db;
const outbox = path.join(dataDir, 'outbox');
const mailCount = () => {
  try {
    return readdirSync(outbox).length;
  } catch {
    return 0;
  }
};

function form(csv: string) {
  const boundary = '----roster-bench';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="roster.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.from(csv),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const previews: number[] = [];
const imports: number[] = [];
const mailed: number[] = [];
for (let run = 0; run < runs; run += 1) {
  const tag = `${Date.now().toString(36)}${run}`;
  const [school] = await insertSchools(db, [
    { code: `BENCH${tag}`.toUpperCase().slice(0, 16).padEnd(16, 'X'), name: `Bench ${tag}` },
  ]);
  if (!school) throw new Error('no school');
  const [admin, teacher] = await insertUsers(db, [
    {
      schoolId: school.id,
      name: 'Bench Admin',
      email: `admin.${tag}@bench.test`,
      role: 'admin',
      passwordHash: null,
    },
    {
      schoolId: school.id,
      name: 'Bench Teacher',
      email: `teacher.${tag}@bench.test`,
      role: 'teacher',
      passwordHash: null,
    },
  ]);
  if (!admin || !teacher) throw new Error('no admin');
  await db.insert(classes).values({ schoolId: school.id, teacherId: teacher.id, name: 'Year 9 A' });
  const { token } = await openSession(db, JWT_SECRET, admin);
  const csv = [
    'name,email,role,class,year group',
    ...Array.from({ length: ROWS }, (_, i) =>
      i < STUDENTS
        ? `Student ${i},student${i}.${tag}@bench.test,student,Year 9 A,Year 9`
        : `Teacher ${i},teacher${i}.${tag}@bench.test,teacher,,`,
    ),
  ].join('\r\n');
  const body = form(csv);
  const send = async (url: string) => {
    const started = performance.now();
    const reply = await app.inject({
      method: 'POST',
      url: apiPath(url),
      payload: body.payload,
      headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
    });
    if (reply.statusCode !== 200) throw new Error(`${url}: ${reply.statusCode} ${reply.body}`);
    return performance.now() - started;
  };
  previews.push(await send(ROSTER_PATHS.preview));
  const before = mailCount();
  const started = performance.now();
  imports.push(await send(ROSTER_PATHS.import));
  while (mailCount() < before + ROWS) await new Promise((resolve) => setTimeout(resolve, 10));
  mailed.push(performance.now() - started);
}

console.log(
  `${ROWS.toLocaleString('en-GB')} rows, median of ${runs} runs on ${app.ctx.database.kind}; ${os.availableParallelism()} cores, load ${os.loadavg()[0]?.toFixed(1)}`,
);
for (const [name, values] of [
  ['preview (nothing written)', previews],
  ['import (accounts, places, invitations)', imports],
  ['import until the 1,000th invitation is written', mailed],
] as const) {
  const ms = median(values);
  console.log(
    `${name.padEnd(48)} ${Math.round(ms).toString().padStart(6)} ms  (target ${TARGET_MS} ms: ${ms < TARGET_MS ? 'met' : 'NOT met'})`,
  );
}
await app.close();
rmSync(dataDir, { recursive: true, force: true });
