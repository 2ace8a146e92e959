import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type TDatabase, type TDb } from '../../src/db/client';
import { untilNoSessions } from './pg-sessions';

/**
 * A fresh, migrated database of its own for one test file: PostgreSQL when TEST_DATABASE_URL is set
 * (a new database copied from the run's migrated template, dropped on close), otherwise an in-memory
 * PGlite started from the migrated dump.
 */
export async function createTestDatabase(): Promise<TDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `${inject('pgPrefix')}${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // A copy of the run's migrated template (global-setup.ts), so opening it migrates nothing.
    await admin.query(`create database "${name}" template "${inject('pgTemplate')}"`);
    await admin.end();
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: dbUrl.toString(), poolSize: 5 });
    return {
      ...database,
      close: async () => {
        await database.close();
        const dropper = new pg.Client({ connectionString: url });
        await dropper.connect();
        await untilNoSessions(dropper, name);
        await dropper.query(`drop database if exists "${name}" with (force)`);
        await dropper.end();
      },
    };
  }
  const dump = readFileSync(inject('pgliteDump'));
  return openDatabase({ kind: 'pglite', dataDir: undefined, loadDataDir: new Blob([dump]) });
}

/**
 * The database with each statement a service starts counted (selects and raw statements), for
 * "a fixed number of statements, however many rows" checks.
 */
export function countingStatements(db: TDb): { db: TDb; count: () => number } {
  let statements = 0;
  const counted = new Proxy(db, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (key === 'select' || key === 'execute') statements += 1;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  }) as TDb;
  return { db: counted, count: () => statements };
}
