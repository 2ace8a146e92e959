import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type TSchema = typeof schema;
/** One database type for both drivers: services never know which one they talk to. */
export type TDb = PgDatabase<PgQueryResultHKT, TSchema>;

export type TDatabase = {
  db: TDb;
  kind: 'pglite' | 'postgres';
  /** Runs `select 1`; used by /readyz. */
  ping: () => Promise<void>;
  /**
   * Receives the notices sent on `channel` (pg_notify) by any process of this database. `lost` is
   * called whenever notices may have been missed (the listening connection broke, or came back).
   * Resolves once listening; the returned function stops.
   */
  listen: (channel: string, handlers: TNoticeHandlers) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
};

export type TNoticeHandlers = {
  notice: (payload: string) => void;
  /** Notices may have been missed; `live` says whether notices arrive now. */
  lost: (live: boolean) => void;
};

/**
 * The built-in database (PGlite) is one process's: a second process on the same files (a seed run
 * while `npm start` serves) would not see the first one's writes, and the two would corrupt them.
 */
export class DatabaseInUseError extends Error {}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes `DATA_DIR/pglite.lock` for this process, or throws `DatabaseInUseError` naming the process
 * that holds it. A lock left by a process that has died is taken over. Returns the release.
 */
function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'pglite.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      return () => {
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
        } catch {
          // Already gone.
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let holder = Number.NaN;
    try {
      holder = Number(readFileSync(file, 'utf8').trim());
    } catch {
      continue; // Released meanwhile.
    }
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isRunning(holder)) {
      throw new DatabaseInUseError(
        `The database in ${dataDir} is in use by another STEM@Home process (pid ${holder}), ` +
          'for example `npm start`. The built-in database serves one process at a time: stop that ' +
          'process, then try again. (With DATABASE_URL set to PostgreSQL, any number of processes ' +
          'share one database.)',
      );
    }
    // Left by a process that has ended (or by this one): take it over.
    try {
      unlinkSync(file);
    } catch {
      // Someone else took it over first; try again.
    }
  }
  throw new DatabaseInUseError(`Could not take the database lock ${file}; please try again.`);
}

/** Migrations sit beside this file in the source tree and beside main.js in the build. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type TDatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string | undefined; loadDataDir?: Blob | File };

/** Opens the database (PGlite in DATA_DIR, or PostgreSQL) and applies pending migrations. */
export async function openDatabase(options: TDatabaseOptions): Promise<TDatabase> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection that PostgreSQL ends (a restart, a failover) is dropped by the pool and the
    // next query opens a new one; unheard, the pool's 'error' event would end the whole process
    // (the faults drill saw API processes and workers exit on a PostgreSQL restart).
    pool.on('error', () => undefined);
    // A connection checked out of the pool (a transaction between two statements) has no pool
    // listener; its end would be an unheard 'error' and end the process (a worker exited so in the
    // faults drill). Heard here, the transaction's next statement fails and the pool drops it.
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
    });
    const db = drizzlePg(pool, { schema }) as unknown as TDb;
    const client = await pool.connect();
    try {
      // One process migrates at a time when several API processes start together.
      await client.query('select pg_advisory_lock(727274)');
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock(727274)').catch(() => undefined);
      client.release();
    }
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      listen: (channel, handlers) => listenPostgres(options.url, channel, handlers),
      close: () => pool.end(),
    };
  }
  let dataDir: string | undefined;
  let unlock: () => void = () => undefined;
  if (options.dataDir) {
    dataDir = path.join(options.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDir(options.dataDir);
  }
  let client: PGlite;
  let db;
  try {
    client = await PGlite.create({
      dataDir,
      // Trigram indexes serve the owner's substring search over every user's name and e-mail.
      extensions: { pg_trgm },
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    unlock();
    throw error;
  }
  return {
    db: db as unknown as TDb,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    // One process, one connection: a notice raised by a query arrives before that query returns.
    listen: async (channel, handlers) => {
      const stop = await client.listen(channel, handlers.notice);
      handlers.lost(true);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

/**
 * A connection of its own that LISTENs on `channel` and reconnects (every second) when it breaks;
 * while it is down notices are missed, which `lost(false)` says, and `lost(true)` once it is back.
 */
async function listenPostgres(
  url: string,
  channel: string,
  handlers: TNoticeHandlers,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const quoted = `"${channel.replaceAll('"', '""')}"`;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    const broken = () => {
      if (client !== next) return;
      client = undefined;
      handlers.lost(false);
      void next.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void connect().catch(() => undefined), 1_000);
    };
    next.on('error', broken);
    next.on('end', broken);
    next.on('notification', (message) => handlers.notice(message.payload ?? '*'));
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${quoted}`);
    } catch {
      // Down at start: it is retried, and the data versions treat it as notices missed.
      broken();
      return;
    }
    if (stopped) {
      client = undefined;
      await next.end().catch(() => undefined);
      return;
    }
    handlers.lost(true);
  };

  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const last = client;
    client = undefined;
    if (last) await last.end().catch(() => undefined);
  };
}
