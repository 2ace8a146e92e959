import { existsSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { API_BASE } from '@stem/contract/api';
import type { TConfig } from './config';
import { openDatabase, type TDatabase } from './db/client';
import type { MailPort } from './adapters/mail/port';
import { selectMailer } from './adapters/mail/select-mailer';
import { selectAi } from './adapters/ai/select-ai';
import { selectQueue } from './adapters/queue/select-queue';
import type { QueuePort } from './adapters/queue/port';
import type { PaymentsPort } from './adapters/payments/port';
import { selectPayments } from './adapters/payments/select-payments';
import { createMarker } from './marking/engine';
import { selectOcr } from './extraction/ocr/select-ocr';
import { createImageWorkPool } from './adapters/image-work/pool';
import type { OcrPort } from './extraction/ocr/port';
import { markingLeaseMs, type TMarker } from './modules/marking/marking.service';
import { startJobConsumers } from './jobs/start-jobs';
import { recoverAbandonedBatches } from './modules/scans/scans.recovery';
import type { TAppContext } from './context';
import { authPlugin } from './plugins/auth';
import { AppError } from './lib/app-error';
import { MESSAGES } from '@stem/contract/messages';
import { instrumentMarker, instrumentOcr, Metrics, metricsAuthorized } from './lib/metrics';
import { selectMarkingQueueState } from './modules/marking/marking.queries';
import { createAccountStates } from './modules/auth/auth.account-state';
import { registerErrorHandler } from './plugins/error-handler';
import { registerUnstorableTextGuard } from './plugins/unstorable-text';
import { registerReplyCache } from './plugins/reply-cache';
import { createDataVersions } from './lib/data-versions';
import { deferredChildLogger, loggerOptions, RequestLogController } from './lib/logging';
import { securityHeaders, STRICT_CSP } from './plugins/security-headers';
import { registerModules, registerRootModules } from './modules/register-modules';
import { ensureOwnerAccount } from './modules/auth/auth.owner';
import { checkPaymentsAtStart } from './modules/payments/payments.service';
import { scheduleHousekeeping } from './jobs/housekeeping';

export type TBuildOptions = {
  /** An already opened database (tests share a migrated one); otherwise opened from config. */
  database?: TDatabase;
  mailer?: MailPort;
  now?: () => Date;
  /** Log to stdout (default: on unless NODE_ENV=test). */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write: (line: string) => void };
  /**
   * The answer marker (default: the engine for AI_PROVIDER). An adapter seam: tests pass a wrapper
   * that counts calls or fails on purpose.
   */
  marker?: TMarker;
  /** The job queue (default: from config). */
  queue?: QueuePort;
  /** The OCR engine (default: from OCR_PROVIDER); closed with the app either way. */
  ocr?: OcrPort;
  /** The payment provider (default: from config). */
  payments?: PaymentsPort;
};

/** The body of a multipart upload route, for the document only: the handler reads the stream itself. */
const MULTIPART_FILE_BODY = {
  type: 'object',
  properties: { file: { type: 'string', format: 'binary', description: 'the uploaded file' } },
  required: ['file'],
};

/**
 * The zod schemas as JSON Schema; a route that consumes multipart/form-data (and so validates no
 * body) is documented with its file part, so clients and the fuzz test know to send one.
 */
const documentTransform: typeof jsonSchemaTransform = (input) => {
  const output = jsonSchemaTransform(input);
  const consumes = (input.schema as { consumes?: readonly string[] } | undefined)?.consumes;
  if (consumes?.includes('multipart/form-data') && !output.schema?.body) {
    return { ...output, schema: { ...output.schema, body: MULTIPART_FILE_BODY } };
  }
  return output;
};
/** Builds the whole server. No side effects at import; nothing listens until the caller says so. */
export async function buildApp(
  config: TConfig,
  options: TBuildOptions = {},
): Promise<FastifyInstance> {
  const logEnabled = options.logger ?? config.env !== 'test';
  const app = Fastify({
    logger: logEnabled
      ? {
          ...loggerOptions(config.logLevel),
          ...(options.logStream ? { stream: options.logStream } : {}),
        }
      : false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming)
        ? incoming
        : randomUUID();
    },
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    // Each request's logger is made when something logs through it; its one "request completed"
    // line is written without it (lib/logging.ts).
    childLoggerFactory: deferredChildLogger,
    logController: new RequestLogController({
      // Health probes come every few seconds from load balancers: they are not logged.
      disableRequestLogging: (request) => request.url === '/healthz' || request.url === '/readyz',
    }),
    bodyLimit: 1_048_576,
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Helmet's headers are the same for every reply: computed once, set with the request id by one
  // synchronous hook (issue 14: per-request overhead). The docs page overrides the policy below.
  const headers = securityHeaders({
    contentSecurityPolicy: { directives: STRICT_CSP },
    crossOriginEmbedderPolicy: false,
    hsts: config.appUrl.startsWith('https://'),
  });
  // Replies of the API carry tokens and personal data (sessions, accounts, submissions, names): no
  // browser or proxy keeps them. The few public replies (a school's logo, the site's settings) set
  // their own caching, which replaces this. Kept replies (plugins/reply-cache.ts) are the server's
  // own, per person, and are sent with it too.
  const apiHeaders = { ...headers, 'cache-control': 'no-store' };
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(request.url.startsWith('/api/') ? apiHeaders : headers);
    void reply.header('x-request-id', request.id);
    done();
  });
  const database =
    options.database ??
    (await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl }
        : { kind: 'pglite', dataDir: config.dataDir },
    ));
  const ownsDatabase = !options.database;
  const dataVersions = await createDataVersions(database.listen);
  let stopJobs: () => Promise<void> = async () => undefined;
  const mailer = options.mailer ?? selectMailer(config, app.log);
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: false })
    : undefined;
  // Without an offline queue, a request arriving before the connection is up would fail its rate-limit
  // check with a 500: wait (briefly) for the first connection.
  if (redis) await redisReady(redis, 5_000);

  const ai = selectAi(config, app.log);
  const queue = options.queue ?? selectQueue(config, app.log);
  const now = options.now ?? (() => new Date());
  // Prometheus metrics exist only when an operator set the token that guards them.
  const metrics = config.metrics.token
    ? new Metrics({ queue: () => selectMarkingQueueState(database.db, now()) })
    : undefined;
  const marker = options.marker ?? createMarker({ ai });
  const ocr = options.ocr ?? selectOcr(config, { ai, logger: app.log });
  const ctx: TAppContext = {
    config,
    database,
    db: database.db,
    mailer,
    redis,
    logger: app.log,
    ai,
    queue,
    marker: metrics ? instrumentMarker(marker, metrics) : marker,
    ocr: metrics ? instrumentOcr(ocr, metrics) : ocr,
    imageWork: createImageWorkPool(config.imageWork),
    payments: options.payments ?? selectPayments(config, database.db, now),
    accountStates: createAccountStates({
      db: database.db,
      redisUrl: config.redisUrl,
      publisher: redis,
      logger: app.log,
    }),
    dataVersions,
    now,
  };

  app.decorate('ctx', ctx);

  app.addHook('onClose', async () => {
    // Running jobs finish first (they still need the database).
    await stopJobs();
    await queue.close();
    await ctx.ocr.close();
    await ctx.imageWork.close();
    await mailer.close();
    await ctx.accountStates.close();
    await dataVersions.close();
    if (redis) await redis.quit().catch(() => undefined);
    if (ownsDatabase) await database.close();
  });

  await app.register(rateLimit, {
    global: false,
    // Counters live beside the queue under its prefix: processes of one deployment share them, and a
    // test run or a second deployment on the same Redis never spends another's allowance.
    ...(redis ? { redis, nameSpace: `${config.jobs.queuePrefix}-rl:` } : {}),
  });
  await app.register(authPlugin, {
    jwtSecret: config.jwtSecret,
    accountState: (userId, session) => ctx.accountStates.get(userId, session),
  });
  registerErrorHandler(app, { webDist: config.webDist });
  registerReplyCache(app, { versions: dataVersions });
  // A signed-in person's change is seen by this process before its reply leaves, so their next read
  // here is never an older kept reply (other processes see it from the database's notice).
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.auth && request.method !== 'GET' && request.method !== 'HEAD') {
      dataVersions.touch(request.auth.role === 'owner' ? null : request.auth.schoolId);
    }
    done(null, payload);
  });
  registerUnstorableTextGuard(app);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'STEM@Home API',
        description: 'Every call of the STEM@Home web app. Generated from the contract schemas.',
        version: '1.0.0',
      },
      // Paths carry their full prefix (/api/v1/stem@home/..., /api/textract/...), and the document is
      // served by the API itself: its own address, whatever host name a school reaches it by.
      servers: [{ url: '/', description: 'The server this document was fetched from' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: documentTransform,
  });
  await app.register(async (docs) => {
    // The API reference page runs its own inline bootstrap script: a looser policy for it alone.
    docs.addHook('onSend', async (_request, reply) => {
      void reply.header(
        'content-security-policy',
        "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'",
      );
    });
    await docs.register(scalar, { routePrefix: '/api/docs' });
  });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  if (metrics && config.metrics.token) {
    const token = config.metrics.token;
    app.addHook('onResponse', (request, reply, done) => {
      metrics.observeRequest(
        request.method,
        request.routeOptions.url ?? 'unmatched',
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
      done();
    });
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!metricsAuthorized(request.headers.authorization, token)) {
        throw new AppError('UNAUTHENTICATED', MESSAGES.server.unauthenticated);
      }
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    });
  }
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await database.ping();
      return { status: 'ready', database: database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: database.kind });
    }
  });

  await app.register(async (api) => registerModules(api, ctx), { prefix: API_BASE });
  await app.register(async (root) => registerRootModules(root, ctx));
  await ensureOwnerAccount(ctx);
  checkPaymentsAtStart(ctx);
  const stopHousekeeping = scheduleHousekeeping({
    db: ctx.db,
    now: ctx.now,
    logger: ctx.logger,
    dataDir: config.dataDir,
  });
  app.addHook('onClose', stopHousekeeping);
  // Without Redis the queue lives in this process, so this process must consume it.
  stopJobs = config.jobs.runInApi
    ? startJobConsumers({ ...ctx, leaseMs: markingLeaseMs(config) })
    : async () => undefined;
  // Workers sweep for scan batches a crash left unfinished as they start; an API process that reads
  // none does it once at its own start too.
  if (!config.jobs.runInApi) {
    void recoverAbandonedBatches(ctx).catch((err: unknown) =>
      app.log.error({ err }, 'scan batch recovery failed'),
    );
  }

  if (config.webDist && existsSync(path.join(config.webDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz beside each asset (apps/web/scripts/compress.mjs): sent as
      // the browser accepts them, never compressed per request.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        void reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  return app;
}

/** Resolves once the client is connected, or after `timeoutMs` (it keeps retrying in the background). */
function redisReady(redis: Redis, timeoutMs: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    redis.once('ready', done);
  });
}
