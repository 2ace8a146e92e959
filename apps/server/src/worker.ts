import closeWithGrace from 'close-with-grace';
import { pino } from 'pino';
import { ConfigError, loadConfig, type TConfig } from './config';
import { openDatabase } from './db/client';
import { scheduleTokenPurge, TOKEN_PURGE_INTERVAL_MS } from './modules/auth/auth.sessions';

/**
 * The background process (`npm run worker`): housekeeping on a timer; the queue consumers of later
 * features join it here. SIGTERM lets the running task finish, then closes the database.
 */
async function main(): Promise<void> {
  let config: TConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = pino({ level: config.logLevel, base: { process: 'worker' } });
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  // Housekeeping: expired auth tokens, at start and then hourly. These timers keep the process alive.
  const stopPurge = scheduleTokenPurge(
    { db: database.db, now: () => new Date(), logger },
    { firstRunMs: 0, keepAlive: true },
  );

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) logger.error({ err }, 'worker closing after an error');
    else logger.info({ signal }, 'worker shutting down');
    await stopPurge();
    await database.close();
  });
  logger.info(
    { database: database.kind, purgeEveryMs: TOKEN_PURGE_INTERVAL_MS },
    'STEM@Home worker started',
  );
}

void main();
