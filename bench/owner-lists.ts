import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { API_BASE } from '@stem/contract/api';
import { OWNER_PATHS, type TOwnerUsersResponse } from '@stem/contract/owner';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { encodeCursor } from '../apps/server/src/lib/keyset';
import { hashPassword } from '../apps/server/src/modules/auth/auth.passwords';
import { openSession } from '../apps/server/src/modules/auth/auth.sessions';
import { insertUsers } from '../apps/server/src/modules/demo/demo.queries';
import { addUserVolume } from '../apps/server/src/modules/demo/demo.users';
import { userOrder } from '../apps/server/src/modules/owner/owner.queries';

/**
 * `npm run bench:owner` (issue 10): the owner's users and schools lists on PostgreSQL with 100,000
 * users (2,000 schools), each call asked BENCH_REPEAT times (default 200) one after another through
 * the whole server (routing, auth, validation, queries, serialisation; Fastify's inject, no
 * sockets). Prints p50 and p99 per call, and the reply size.
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/stem_bench_owner) is created when
 * missing and seeded once; later runs reuse it (`-- --reseed` seeds again). BENCH_USERS changes the
 * volume (default 100000).
 */
const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 200);
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/stem_bench_owner';
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

async function seedIfNeeded(pool: pg.Pool): Promise<void> {
  const database = await openDatabase({ kind: 'postgres', url });
  try {
    const { rows } = await pool.query<{ n: string }>('select count(*) as n from users');
    const have = Number(rows[0]?.n ?? 0);
    if (have < USERS) {
      const result = await addUserVolume(database.db, {
        users: USERS - have,
        passwordHash: await hashPassword('bench-password'),
      });
      await pool.query('vacuum analyze');
      process.stdout.write(
        `seeded ${result.users} users in ${result.schools} schools in ${(result.ms / 1000).toFixed(1)} s\n`,
      );
    }
    const owner = await pool.query<{ id: string }>("select id from users where role = 'owner'");
    if (owner.rowCount === 0) {
      await insertUsers(database.db, [
        {
          schoolId: null,
          name: 'Bench Owner',
          email: 'owner@bench.example',
          passwordHash: await hashPassword('bench-password'),
          role: 'owner',
        },
      ]);
    }
  } finally {
    await database.close();
  }
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function main(): Promise<void> {
  await ensureDatabase();
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  await seedIfNeeded(pool);
  const ownerId = (await pool.query<{ id: string }>("select id from users where role = 'owner'"))
    .rows[0]?.id;
  if (!ownerId) throw new Error('no owner');
  const counts = await pool.query<{ users: string; schools: string }>(
    'select (select count(*) from users) as users, (select count(*) from schools) as schools',
  );
  // Deep pages: cursors at the middle of the newest-first and the by-school orders.
  const middle = Math.floor(Number(counts.rows[0]?.users ?? 0) / 2);
  const mid = await pool.query<{ created: string; id: string; school: string }>(
    `select u.created_at::text as created, u.id::text as id,
            (lower(coalesce(s.name, '')) collate "C") as school
       from users u left join schools s on s.id = u.school_id
      order by u.created_at desc, u.id desc offset $1 limit 1`,
    [middle],
  );
  const row = mid.rows[0];
  if (!row) throw new Error('no middle row');
  const deepCreated = encodeCursor(userOrder('createdAt', 'desc'), [row.created, row.id]);
  const deepSchool = encodeCursor(userOrder('school', 'asc'), [row.school, row.created, row.id]);
  const aSchool = (await pool.query<{ id: string }>('select id from schools order by name limit 1'))
    .rows[0]?.id;
  await pool.end();

  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: url,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'stem-bench-owner-')),
    JWT_SECRET,
    LOG_LEVEL: 'warn',
  });
  const app = await buildApp(config);
  await app.ready();
  const { token } = await openSession(app.ctx.db, JWT_SECRET, {
    id: ownerId,
    role: 'owner',
    schoolId: null,
  });
  const authorization = `Bearer ${token}`;

  const users = `${API_BASE}${OWNER_PATHS.users}`;
  const schools = `${API_BASE}${OWNER_PATHS.schools}`;
  const cases: [string, string][] = [
    ['users: first page (createdAt desc)', users],
    ['users: deep page (50,000th row)', `${users}?cursor=${deepCreated}`],
    ['users: sort by name', `${users}?sort=name&order=asc`],
    ['users: sort by email desc', `${users}?sort=email&order=desc`],
    ['users: sort by role', `${users}?sort=role&order=asc`],
    ['users: sort by school', `${users}?sort=school&order=asc`],
    ['users: sort by school, deep page', `${users}?sort=school&order=asc&cursor=${deepSchool}`],
    ['users: search "smith"', `${users}?search=smith`],
    ['users: search "zzzq" (no match)', `${users}?search=zzzq`],
    ['users: role=teacher', `${users}?role=teacher`],
    ['users: role=student + one school', `${users}?role=student&school=${aSchool ?? 'unknown'}`],
    ['users: Unknown School', `${users}?school=unknown`],
    ['users: search + role + sort name', `${users}?search=patel&role=student&sort=name`],
    ['schools: first page (active)', schools],
    ['schools: includeInactive', `${schools}?includeInactive=true`],
    ['schools: search by name', `${schools}?search=academy`],
    ['schools: search by code prefix', `${schools}?search=AB`],
  ];

  process.stdout.write(
    `\nPostgreSQL, ${counts.rows[0]?.users} users, ${counts.rows[0]?.schools} schools, ${REPEAT} calls each\n\n`,
  );
  process.stdout.write(
    `${'call'.padEnd(40)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'bytes'.padStart(8)} rows\n`,
  );
  for (const [name, target] of cases) {
    const times: number[] = [];
    let bytes = 0;
    let rows = 0;
    for (let i = 0; i < REPEAT + 5; i += 1) {
      const started = performance.now();
      const response = await app.inject({ method: 'GET', url: target, headers: { authorization } });
      const took = performance.now() - started;
      if (response.statusCode !== 200) {
        throw new Error(`${name}: ${response.statusCode} ${response.body}`);
      }
      if (i >= 5) times.push(took); // the first few warm the caches and the JIT
      bytes = response.body.length;
      const body = response.json<TOwnerUsersResponse & { data?: unknown[] }>();
      rows = (body.users ?? body.data ?? []).length;
    }
    times.sort((a, b) => a - b);
    process.stdout.write(
      `${name.padEnd(40)} ${quantile(times, 0.5).toFixed(1).padStart(8)} ${quantile(times, 0.99)
        .toFixed(1)
        .padStart(8)} ${String(bytes).padStart(8)} ${rows}\n`,
    );
  }
  await app.close();
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
