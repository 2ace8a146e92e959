import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';

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
    } finally {
      await database.close();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });
});
