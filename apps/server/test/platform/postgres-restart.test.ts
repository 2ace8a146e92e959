import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { MESSAGES } from '@stem/contract/messages';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { buildTestApp } from '../helpers/test-app';

const url = process.env.TEST_DATABASE_URL;

/**
 * A PostgreSQL restart (or failover) ends every connection, idle ones included. The pool must drop
 * them and open new ones; before, the pool's 'error' event ended the whole process (found by the
 * faults drill, `npm run drill:faults`). PostgreSQL only: PGlite has no server to restart.
 */
describe.skipIf(!url)('PostgreSQL ending every connection', () => {
  it('leaves the process running and the next queries answered', async () => {
    const name = `stem_restart_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const dbUrl = new URL(url as string);
    dbUrl.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: dbUrl.toString(), poolSize: 4 });
    try {
      // Several idle connections in the pool, as in a running API process.
      await Promise.all([database.ping(), database.ping(), database.ping()]);
      const ended = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
        [name],
      );
      expect(ended.rowCount).toBeGreaterThan(0);
      // The FATAL reaches the idle clients; an unheard 'error' would fail this file as unhandled.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await Promise.all([database.ping(), database.ping(), database.ping()]);

      // A connection held by a transaction between two of its statements (the marking write, a
      // batch): its end must fail that transaction, not the process (the faults drill saw a
      // worker exit on 'Connection terminated unexpectedly').
      const failed = database.db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          await admin.query(
            'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
            [name],
          );
          await new Promise((resolve) => setTimeout(resolve, 300));
          await tx.execute(sql`select 2`);
        })
        .then(
          () => 'committed',
          () => 'failed',
        );
      expect(await failed).toBe('failed');
      await Promise.all([database.ping(), database.ping()]);
    } finally {
      await database.close();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });
});

/** Drizzle's wrapper around the driver's error, as a failed query throws it. */
function failedQuery(cause: Error): Error {
  return new Error('Failed query: select 1\nparams: secret@example.com', { cause });
}

describe('a request while the database or Redis is out of reach', () => {
  it('is a 503 worth retrying, not a 500 (the faults drill saw 500s during a restart)', async () => {
    const causes: Record<string, Error> = {
      shutdown: Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
        severity: 'FATAL',
      }),
      starting: Object.assign(new Error('the database system is starting up'), {
        code: '57P03',
        severity: 'FATAL',
      }),
      refused: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
        code: 'ECONNREFUSED',
      }),
      terminated: new Error('Connection terminated unexpectedly'),
    };
    // Redis restarting under the rate limiter (ioredis without an offline queue), thrown as is.
    const redisErrors: Record<string, Error> = {
      offline: new Error("Stream isn't writeable and enableOfflineQueue options is false"),
      closed: new Error('Connection is closed.'),
      retries: Object.assign(
        new Error(
          'Reached the max retries per request limit (which is 2). Refer to "maxRetriesPerRequest" option for details.',
        ),
        { name: 'MaxRetriesPerRequestError' },
      ),
    };
    const t = await buildTestApp(
      {},
      {
        extraRoutes: (app) => {
          app.get('/test/database-down/:cause', async (request) => {
            const { cause } = request.params as { cause: string };
            const database = causes[cause];
            throw database ? failedQuery(database) : (redisErrors[cause] as Error);
          });
          app.get('/test/bug', async () => {
            throw new Error('a bug');
          });
        },
      },
    );
    try {
      for (const cause of [...Object.keys(causes), ...Object.keys(redisErrors)]) {
        const response = await t.app.inject({ method: 'GET', url: `/test/database-down/${cause}` });
        expect(response.statusCode, `${cause}: ${response.body}`).toBe(503);
        expect(response.headers['retry-after']).toBe('2');
        expect(response.json()).toEqual({
          success: false,
          code: 'UNAVAILABLE',
          message: MESSAGES.generic.unavailable,
        });
      }
      // Anything else is still the server's own fault.
      expect((await t.app.inject({ method: 'GET', url: '/test/bug' })).statusCode).toBe(500);
    } finally {
      await t.close();
    }
  });
});
