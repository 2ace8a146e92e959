import closeWithGrace from 'close-with-grace';
import { pino } from 'pino';
import { loggerOptions } from './lib/logging';
import { ConfigError, loadConfig, type TConfig } from './config';
import { openDatabase } from './db/client';
import { TOKEN_PURGE_INTERVAL_MS } from './modules/auth/auth.sessions';
import { scheduleHousekeeping } from './jobs/housekeeping';
import { selectAi } from './adapters/ai/select-ai';
import { selectQueue } from './adapters/queue/select-queue';
import { startJobConsumers } from './jobs/start-jobs';
import { selectOcr } from './extraction/ocr/select-ocr';
import { createMarker } from './marking/engine';
import { markingLeaseMs } from './modules/marking/marking.service';

/**
 * The background process (`npm run worker`): housekeeping on a timer and, with REDIS_URL, the
 * consumers of the job queues (marking). SIGTERM lets running jobs finish, then closes the database.
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
  const logger = pino({ ...loggerOptions(config.logLevel), base: { process: 'worker' } });
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  // Housekeeping: expired auth tokens and unclaimed trial schools, at start and then hourly. These
  // timers keep the process alive.
  const stopPurge = scheduleHousekeeping(
    { db: database.db, now: () => new Date(), logger },
    { firstRunMs: 0, keepAlive: true },
  );

  // The marking queue lives in Redis; without REDIS_URL it is in the API process and runs there.
  const queue = config.redisUrl ? selectQueue(config, logger) : undefined;
  const ai = selectAi(config, logger);
  // Scanned answer-sheet stacks are read here too (OCR workers start on the first page).
  const ocr = queue ? selectOcr(config, { ai, logger }) : undefined;
  const stopJobs = queue
    ? startJobConsumers(
        {
          db: database.db,
          marker: createMarker({ ai }),
          ocr,
          logger,
          now: () => new Date(),
          leaseMs: markingLeaseMs(config.ai.timeoutMs),
          queue,
          config,
        },
        { keepAlive: true },
      )
    : async () => undefined;

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) logger.error({ err }, 'worker closing after an error');
    else logger.info({ signal }, 'worker shutting down');
    await stopJobs();
    await queue?.close();
    await ocr?.close();
    await stopPurge();
    await database.close();
  });
  logger.info(
    {
      database: database.kind,
      purgeEveryMs: TOKEN_PURGE_INTERVAL_MS,
      queues: queue ? [queue.name] : [],
    },
    queue
      ? 'STEM@Home worker started'
      : 'STEM@Home worker started (no REDIS_URL: marking runs in the API process)',
  );
}

void main();
