import closeWithGrace from 'close-with-grace';
import { pino } from 'pino';
import { loggerOptions } from './lib/logging';
import { ConfigError, loadConfig, type TConfig } from './config';
import { DatabaseInUseError, openDatabase } from './db/client';
import { TOKEN_PURGE_INTERVAL_MS } from './modules/auth/auth.sessions';
import { scheduleHousekeeping } from './jobs/housekeeping';
import { selectAi } from './adapters/ai/select-ai';
import { selectQueue } from './adapters/queue/select-queue';
import { startJobConsumers } from './jobs/start-jobs';
import { selectOcr } from './extraction/ocr/select-ocr';
import { createImageWorkPool } from './adapters/image-work/pool';
import { createMarker, warmUpMarker } from './marking/engine';
import { markingLeaseMs } from './modules/marking/marking.service';
import { createServer, type Server } from 'node:http';
import { instrumentMarker, instrumentOcr, Metrics, metricsAuthorized } from './lib/metrics';
import { selectMarkingQueueState } from './modules/marking/marking.queries';

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
  // Housekeeping: expired auth tokens, unclaimed trial schools and the retention rules, at start and
  // then hourly. These timers keep the process alive.
  const stopPurge = scheduleHousekeeping(
    { db: database.db, now: () => new Date(), logger, dataDir: config.dataDir },
    { firstRunMs: 0, keepAlive: true },
  );

  // Prometheus metrics on the worker's own port, when the operator set both the port and the token.
  const metricsToken = config.metrics.token;
  const metrics =
    metricsToken && config.metrics.workerPort
      ? new Metrics({ queue: () => selectMarkingQueueState(database.db, new Date()) })
      : undefined;
  let metricsServer: Server | undefined;
  if (metrics && metricsToken) {
    metricsServer = createServer((request, response) => {
      if (request.method !== 'GET' || request.url !== '/metrics') {
        response.writeHead(404).end();
        return;
      }
      if (!metricsAuthorized(request.headers.authorization, metricsToken)) {
        response.writeHead(401).end();
        return;
      }
      metrics.registry.metrics().then(
        (body) =>
          response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(body),
        () => response.writeHead(500).end(),
      );
    });
    metricsServer.listen(config.metrics.workerPort, config.host);
  }

  // The marking queue lives in Redis; without REDIS_URL it is in the API process and runs there.
  const queue = config.redisUrl ? selectQueue(config, logger) : undefined;
  const ai = selectAi(config, logger);
  // Scanned answer-sheet stacks are read here too (OCR workers start on the first page).
  const ocr = queue ? selectOcr(config, { ai, logger }) : undefined;
  // ...their pages drawn and cut in worker threads, so heartbeats and job locks keep running.
  const imageWork = queue ? createImageWorkPool(config.imageWork) : undefined;
  // The marker's word lists are read before the first job, not while it holds a lease.
  const warm = queue ? warmUpMarker() : undefined;
  const stopJobs = queue
    ? startJobConsumers(
        {
          db: database.db,
          marker: metrics ? instrumentMarker(createMarker({ ai }), metrics) : createMarker({ ai }),
          ocr: metrics && ocr ? instrumentOcr(ocr, metrics) : ocr,
          imageWork,
          logger,
          now: () => new Date(),
          leaseMs: markingLeaseMs(config),
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
    await imageWork?.close();
    await stopPurge();
    await new Promise((resolve) => (metricsServer ? metricsServer.close(resolve) : resolve(null)));
    await database.close();
  });
  logger.info(
    {
      database: database.kind,
      purgeEveryMs: TOKEN_PURGE_INTERVAL_MS,
      queues: queue ? [queue.name] : [],
      ...(warm ? { markerWarmUpMs: warm.ms } : {}),
    },
    queue
      ? 'STEM@Home worker started'
      : 'STEM@Home worker started (no REDIS_URL: marking runs in the API process)',
  );
}

main().catch((error: unknown) => {
  // Another process holds the built-in database: say so plainly, not as a stack trace.
  if (error instanceof DatabaseInUseError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
});
