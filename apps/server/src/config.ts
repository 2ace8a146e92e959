import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import {
  OIDC_CALLBACK_PAGE,
  OIDC_PROVIDER_LABELS,
  type TOidcProviderId,
} from '@stem/contract/oidc';
import { CLASSROOM_CALLBACK_PAGE } from '@stem/contract/classroom';
import { SITE_DEFAULTS } from '@stem/contract/site';
import { keyOf } from './lib/secret-box';
import { DEFAULT_PAGE_BUDGET, type TPageBudget } from './extraction/pdf';

const ZUrl = z.url();
const DEFAULT_ANTHROPIC_MODEL = 'claude-sonnet-4-5';
const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';
const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';
/** Base URLs of AI servers: http(s) only, including the version path (e.g. .../v1). */
const ZHttpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  APP_URL: optionalString.pipe(ZUrl.optional()),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
  ),
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  /**
   * The AES-256 key the scan images kept while a batch is open are encrypted with (issue 28): 32
   * bytes as 64 hex digits or base64. Default: one derived from JWT_SECRET.
   */
  SCAN_IMAGE_KEY: optionalString.pipe(
    z
      .string()
      .refine((v) => parseKey(v) !== null, 'must be 32 bytes as 64 hex digits or base64')
      .optional(),
  ),
  OWNER_EMAIL: optionalString.pipe(z.email().optional()),
  OWNER_PASSWORD: optionalString.pipe(
    z.string().min(8, 'must be at least 8 characters').optional(),
  ),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).default('STEM@Home <no-reply@stemathome.app>'),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_PERSONAL_MONTHLY: optionalString,
  STRIPE_PRICE_PERSONAL_ANNUAL: optionalString,
  STRIPE_PRICE_CLASSROOM_MONTHLY: optionalString,
  STRIPE_PRICE_CLASSROOM_ANNUAL: optionalString,
  /**
   * Who takes payments: `stripe` (needs the STRIPE_* keys), `test` (the built-in test checkout, which
   * grants plans without payment: demos and tests only) or `off` (plans are not on sale). Default:
   * stripe when STRIPE_SECRET_KEY is set, else off.
   */
  PAYMENTS: optionalString.pipe(
    z.enum(['stripe', 'test', 'off'], { error: 'must be stripe, test or off' }).optional(),
  ),
  /** Another address for Stripe's API (stripe-mock, a test server); default Stripe's own. */
  STRIPE_API_BASE: optionalString.pipe(ZHttpUrl.optional()),
  /** Sell the Classroom plan (otherwise 'Coming Soon!'). */
  CLASSROOM_PLAN_ENABLED: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Last day of the introductory prices (YYYY-MM-DD); none, or a past one, shows no such line. */
  INTRO_OFFER_ENDS: optionalString.pipe(
    z.iso.date({ message: 'must be a date, YYYY-MM-DD' }).optional(),
  ),
  AI_PROVIDER: z.enum(['offline', 'anthropic', 'openai']).default('offline'),
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  ANTHROPIC_API_KEY: optionalString,
  ANTHROPIC_MODEL: optionalString,
  ANTHROPIC_BASE_URL: optionalString.pipe(ZHttpUrl.optional()),
  OPENAI_BASE_URL: optionalString.pipe(ZHttpUrl.optional()),
  OPENAI_API_KEY: optionalString,
  OPENAI_MODEL: optionalString,
  OCR_PROVIDER: z.enum(['tesseract', 'paddle', 'textract', 'vision']).default('tesseract'),
  /**
   * Which npm-shipped tesseract model: `fast` (tessdata_fast, best on handwriting it was not tuned
   * on and fastest) or `best` (tessdata_best, integer). OCR_TESSDATA_DIR overrides both.
   */
  OCR_TESSERACT_MODEL: z.enum(['fast', 'best']).default('fast'),
  /** Tesseract workers kept warm; capped at the machine's cores. */
  OCR_WORKERS: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number().int().min(1).max(64).optional(),
  ),
  /** Pages of a PDF or multi-page TIFF read at most; a longer document is refused. */
  OCR_MAX_PDF_PAGES: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * Worker threads drawing PDF pages and preparing images (issue 26); default one fewer than the
   * cores (at least 1, at most 4), so the event loop keeps a core.
   */
  EXTRACTION_WORKERS: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number().int().min(1).max(64).optional(),
  ),
  /** Time one PDF page may take to draw; a slower page's file is refused as too complex (422). */
  EXTRACTION_PAGE_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  /** Time drawing one printed pack of answer sheets or booklets may take (422 past it). */
  EXTRACTION_PRINT_MS: z.coerce.number().int().min(100).max(600_000).default(120_000),
  /** Pages waiting for a worker thread at most; past it uploads are refused as busy (503). */
  EXTRACTION_QUEUE: z.coerce.number().int().min(1).max(10_000).default(32),
  /** Heap of each worker thread in MB; a page needing more is refused as too complex. */
  EXTRACTION_WORKER_MB: z.coerce.number().int().min(64).max(16_384).default(512),
  /** Bulk scans of answer sheets: most pages and bytes in one uploaded batch. */
  SCAN_MAX_PAGES: z.coerce.number().int().min(1).max(2000).default(300),
  SCAN_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024 * 1024)
    .max(2 * 1024 * 1024 * 1024)
    .default(200 * 1024 * 1024),
  /**
   * Folder holding another tesseract model, eng.traineddata (e.g. Debian's tesseract-ocr-eng,
   * /usr/share/tesseract-ocr/5/tessdata); default: the model from npm.
   */
  OCR_TESSDATA_DIR: optionalString,
  AWS_REGION: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z]{2}(-[a-z]+)+-\d+$/, 'must be an AWS region such as eu-west-2')
      .optional(),
  ),
  AWS_ACCESS_KEY_ID: optionalString,
  AWS_SECRET_ACCESS_KEY: optionalString,
  AWS_SESSION_TOKEN: optionalString,
  /** Textract endpoint override (a VPC endpoint or a local test server). */
  TEXTRACT_ENDPOINT: optionalString.pipe(ZHttpUrl.optional()),
  RUN_JOBS_IN_API: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  QUEUE_PREFIX: z
    .string()
    .regex(/^[\w-]{1,64}$/, 'must be 1 to 64 letters, digits, "-" or "_"')
    .default('stem'),
  MARKING_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(4),
  MARKING_BACKOFF_MS: z.coerce.number().int().min(10).max(3_600_000).default(5_000),
  MARK_WAIT_MS: z.coerce.number().int().min(0).max(120_000).default(25_000),
  MARKING_LEASE_MS: z.coerce.number().int().min(3_000).max(600_000).default(30_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  WEB_DIST: optionalString,
  /** Landing page: where Book A Demo goes (https:// or mailto:). */
  BOOK_DEMO_URL: optionalString.pipe(
    z
      .string()
      .regex(/^(https?:\/\/|mailto:)\S+$/, 'must be an http(s):// or mailto: address')
      .optional(),
  ),
  LINKEDIN_URL: optionalString.pipe(ZHttpUrl.optional()),
  CONTACT_EMAIL: optionalString.pipe(z.email().optional()),
  /** Bearer token for GET /metrics (Prometheus); unset, the endpoint does not exist. */
  METRICS_TOKEN: optionalString.pipe(
    z.string().min(16, 'must be at least 16 characters').optional(),
  ),
  /** The worker's own metrics port (GET /metrics with METRICS_TOKEN); unset, none. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  /**
   * Sign in with Google (issue 29): the OAuth client of the school's Google Cloud project. Off unless
   * both are set. The issuer is Google's unless another is given (a test provider).
   */
  OIDC_GOOGLE_CLIENT_ID: optionalString,
  OIDC_GOOGLE_CLIENT_SECRET: optionalString,
  OIDC_GOOGLE_ISSUER: optionalString.pipe(ZHttpUrl.optional()),
  /**
   * Sign in with Microsoft (issue 29): an Entra ID app registration. Off unless the three are set; the
   * issuer names the tenant: https://login.microsoftonline.com/<tenant id>/v2.0.
   */
  OIDC_MICROSOFT_CLIENT_ID: optionalString,
  OIDC_MICROSOFT_CLIENT_SECRET: optionalString,
  OIDC_MICROSOFT_ISSUER: optionalString.pipe(ZHttpUrl.optional()),
  /**
   * Google Classroom (issue 29): an OAuth client (Web application) of a Google Cloud project with the
   * Classroom API on; it may be the sign-in one. Off unless both are set.
   */
  CLASSROOM_GOOGLE_CLIENT_ID: optionalString,
  CLASSROOM_GOOGLE_CLIENT_SECRET: optionalString,
  /**
   * One address for the Classroom API and Google's OAuth endpoints instead of Google's own: a server
   * of the tests that speaks their wire format. https, or http on this machine outside production.
   */
  CLASSROOM_GOOGLE_BASE_URL: optionalString.pipe(ZHttpUrl.optional()),
});

/** One OpenID Connect provider the operator turned on (issue 29). */
export type TOidcProviderConfig = {
  id: TOidcProviderId;
  label: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** APP_URL + the web app's callback page: the redirect URI to register with the provider. */
  redirectUri: string;
  /**
   * Plain-http requests to the issuer: only for an issuer on this machine (localhost, 127.0.0.1)
   * outside production, i.e. a provider started by the tests. Every other issuer must be https.
   */
  allowInsecureRequests: boolean;
};

/** Google Classroom, turned on by the operator (issue 29). */
export type TClassroomConfig = {
  clientId: string;
  clientSecret: string;
  /** APP_URL + the web app's callback page: the redirect URI to register with Google. */
  redirectUri: string;
  /** The Classroom API's root (the client library's rootUrl). */
  apiRoot: string;
  /** Google's consent page and token endpoint. */
  authUrl: string;
  tokenUrl: string;
};

export type TConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  jwtSecret: string;
  /** The AES-256-GCM key of the scan images kept while a batch is open (32 bytes). */
  scanImageKey: () => Buffer;
  owner: { email: string; password: string } | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  stripe: {
    secretKey: string | undefined;
    webhookSecret: string | undefined;
    /** Stripe's API address (default https://api.stripe.com). */
    apiBase: string;
    prices: Record<
      'personalMonthly' | 'personalAnnual' | 'classroomMonthly' | 'classroomAnnual',
      string | undefined
    >;
  };
  /**
   * Who takes payments (PAYMENTS): Stripe, the built-in test checkout (turned on on purpose only), or
   * nobody (plans are not on sale). Then the Classroom switch and the introductory offer.
   */
  payments: {
    provider: TPaymentsProvider;
    classroomEnabled: boolean;
    introOfferEnds: string | undefined;
  };
  aiProvider: 'offline' | 'anthropic' | 'openai';
  /** Hosted language model settings; `provider` repeats aiProvider so adapters need only this. */
  ai: {
    provider: 'offline' | 'anthropic' | 'openai';
    anthropic: { apiKey: string | undefined; model: string; baseUrl: string | undefined };
    /** Any OpenAI-compatible server (OpenAI, Ollama, vLLM); local servers need no key. */
    openai: { baseUrl: string; apiKey: string | undefined; model: string };
    timeoutMs: number;
  };
  ocrProvider: 'tesseract' | 'paddle' | 'textract' | 'vision';
  /** Text extraction (OCR) settings. */
  ocr: {
    provider: 'tesseract' | 'paddle' | 'textract' | 'vision';
    /** Local OCR workers (tesseract or PaddleOCR): OCR_WORKERS capped at the cores, else one per core. */
    workers: number;
    /** The npm tesseract model (unless `tessdata` names another). */
    tesseractModel: 'fast' | 'best';
    maxPdfPages: number;
    /** Another tesseract model: folder and whether its file is gzipped; undefined: the npm model. */
    tessdata: { dir: string; gzip: boolean } | undefined;
    /** Set when OCR_PROVIDER=textract (start-up fails naming any missing variable). */
    textract:
      | {
          region: string;
          accessKeyId: string;
          secretAccessKey: string;
          sessionToken: string | undefined;
          endpoint: string;
        }
      | undefined;
  };
  /** Bulk scans of printed answer sheets (issue 12). */
  scan: { maxPages: number; maxBytes: number };
  /** PDF drawing and image work in worker threads (issue 26; adapters/image-work/pool.ts). */
  imageWork: {
    threads: number;
    /**
     * Threads started with the server and kept (production), or started on the first file and let
     * go when idle (development and tests: a server built per test file would otherwise start its
     * threads, each loading pdf.js, for files that never read one).
     */
    warm: boolean;
    /** What one PDF page may cost to draw (time from EXTRACTION_PAGE_MS, operations fixed). */
    pageBudget: TPageBudget;
    /** Backstop per task: twice the page's time plus 2 s for opening and preparing it. */
    taskMs: number;
    /** Backstop for drawing a printed pack (at most MAX_PRINT_PAGES pages of vector drawing). */
    printMs: number;
    maxQueue: number;
    memoryMb: number;
  };
  /** Background jobs (marking). */
  jobs: {
    /**
     * Whether API processes consume the job queues. Always true without REDIS_URL (the in-process
     * queue has no other consumer); with REDIS_URL, false leaves the work to `npm run worker`.
     */
    runInApi: boolean;
    /** BullMQ key prefix: deployments (or test runs) sharing one Redis never see each other's jobs. */
    queuePrefix: string;
    /** Runs allowed per marking job, the first included, before the submission is marked failed. */
    markingAttempts: number;
    /** First retry delay of a failed marking; it doubles on each retry. */
    markingBackoffMs: number;
    /**
     * How long the spec's mark call waits for a running marking before answering 202 (keep it under
     * the timeouts of the proxies in front of the API).
     */
    markWaitMs: number;
    /**
     * How long a marking run's claim on a submission lasts without a heartbeat. A live run renews it
     * every third of this, whatever its AI calls are doing; a run whose process died is taken over
     * once it lapses.
     */
    markingLeaseMs: number;
  };
  logLevel: string;
  /** Prometheus metrics: the bearer token that guards GET /metrics, and the worker's own port. */
  metrics: { token: string | undefined; workerPort: number | undefined };
  trustProxy: boolean;
  /** Folder of the built web app; undefined means the API runs without serving the SPA. */
  webDist: string | undefined;
  /** Sign in with Google / Microsoft (issue 29): the providers turned on, none by default. */
  oidc: { providers: TOidcProviderConfig[] };
  /** Google Classroom (issue 29); undefined: off. */
  classroom: TClassroomConfig | undefined;
  /** Public addresses and dates the landing page shows (GET /site/config). */
  site: {
    bookDemoUrl: string;
    linkedinUrl: string;
    contactEmail: string;
    introOfferEndsOn: string | undefined;
  };
};

export type TPaymentsProvider = 'stripe' | 'test' | 'off';

export class ConfigError extends Error {}

/** Parses the environment once. A bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue?.path.join('.') ?? 'environment';
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is not valid'}`);
  }
  const e = parsed.data;
  if ((e.OWNER_EMAIL === undefined) !== (e.OWNER_PASSWORD === undefined)) {
    throw new ConfigError(
      'Invalid configuration: OWNER_EMAIL and OWNER_PASSWORD must be set together',
    );
  }
  const openaiBaseUrl = (e.OPENAI_BASE_URL ?? DEFAULT_OPENAI_BASE_URL).replace(/\/+$/, '');
  if (e.AI_PROVIDER === 'anthropic' && e.ANTHROPIC_API_KEY === undefined) {
    throw new ConfigError(
      'Invalid configuration: ANTHROPIC_API_KEY is required when AI_PROVIDER=anthropic',
    );
  }
  // Local OpenAI-compatible servers (Ollama, vLLM) take no key; OpenAI's own API always needs one.
  if (
    e.AI_PROVIDER === 'openai' &&
    e.OPENAI_API_KEY === undefined &&
    new URL(openaiBaseUrl).hostname === 'api.openai.com'
  ) {
    throw new ConfigError(
      'Invalid configuration: OPENAI_API_KEY is required when AI_PROVIDER=openai and OPENAI_BASE_URL is api.openai.com',
    );
  }
  if (e.OCR_PROVIDER === 'textract') {
    for (const name of ['AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'] as const) {
      if (e[name] === undefined) {
        throw new ConfigError(
          `Invalid configuration: ${name} is required when OCR_PROVIDER=textract`,
        );
      }
    }
  }
  let tessdata: { dir: string; gzip: boolean } | undefined;
  if (e.OCR_TESSDATA_DIR !== undefined) {
    const dir = path.resolve(e.OCR_TESSDATA_DIR);
    if (existsSync(path.join(dir, 'eng.traineddata'))) tessdata = { dir, gzip: false };
    else if (existsSync(path.join(dir, 'eng.traineddata.gz'))) tessdata = { dir, gzip: true };
    else {
      throw new ConfigError(
        'Invalid configuration: OCR_TESSDATA_DIR must be a folder holding eng.traineddata',
      );
    }
  }
  if (e.OCR_PROVIDER === 'vision' && e.AI_PROVIDER === 'offline') {
    throw new ConfigError(
      'Invalid configuration: OCR_PROVIDER=vision needs a hosted AI provider: set AI_PROVIDER=anthropic or AI_PROVIDER=openai (AI_PROVIDER is offline)',
    );
  }
  const paymentsProvider: TPaymentsProvider =
    e.PAYMENTS ?? (e.STRIPE_SECRET_KEY !== undefined ? 'stripe' : 'off');
  if (paymentsProvider === 'stripe' && e.STRIPE_SECRET_KEY === undefined) {
    throw new ConfigError(
      'Invalid configuration: STRIPE_SECRET_KEY is required when PAYMENTS=stripe',
    );
  }
  // The test checkout hands out plans for nothing: never beside real keys, where it would be a mistake.
  if (paymentsProvider === 'test' && e.STRIPE_SECRET_KEY !== undefined) {
    throw new ConfigError(
      'Invalid configuration: PAYMENTS=test (a checkout that grants plans without payment) cannot be used with STRIPE_SECRET_KEY set; unset one of them',
    );
  }
  if (paymentsProvider === 'stripe') {
    const needed = [
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_PRICE_PERSONAL_MONTHLY',
      'STRIPE_PRICE_PERSONAL_ANNUAL',
      ...(e.CLASSROOM_PLAN_ENABLED
        ? (['STRIPE_PRICE_CLASSROOM_MONTHLY', 'STRIPE_PRICE_CLASSROOM_ANNUAL'] as const)
        : []),
    ] as const;
    for (const name of needed) {
      if (e[name] === undefined) {
        throw new ConfigError(
          `Invalid configuration: ${name} is required when STRIPE_SECRET_KEY is set`,
        );
      }
    }
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const jwtSecret = e.JWT_SECRET ?? loadOrCreateSecret(dataDir);
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    jwtSecret,
    scanImageKey: scanImageKeyOf(e.SCAN_IMAGE_KEY, jwtSecret),
    owner:
      e.OWNER_EMAIL && e.OWNER_PASSWORD
        ? { email: e.OWNER_EMAIL.toLowerCase(), password: e.OWNER_PASSWORD }
        : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiBase: (e.STRIPE_API_BASE ?? 'https://api.stripe.com').replace(/\/+$/, ''),
      prices: {
        personalMonthly: e.STRIPE_PRICE_PERSONAL_MONTHLY,
        personalAnnual: e.STRIPE_PRICE_PERSONAL_ANNUAL,
        classroomMonthly: e.STRIPE_PRICE_CLASSROOM_MONTHLY,
        classroomAnnual: e.STRIPE_PRICE_CLASSROOM_ANNUAL,
      },
    },
    payments: {
      provider: paymentsProvider,
      classroomEnabled: e.CLASSROOM_PLAN_ENABLED,
      introOfferEnds: e.INTRO_OFFER_ENDS,
    },
    aiProvider: e.AI_PROVIDER,
    ai: {
      provider: e.AI_PROVIDER,
      anthropic: {
        apiKey: e.ANTHROPIC_API_KEY,
        model: e.ANTHROPIC_MODEL ?? DEFAULT_ANTHROPIC_MODEL,
        baseUrl: e.ANTHROPIC_BASE_URL?.replace(/\/+$/, ''),
      },
      openai: {
        baseUrl: openaiBaseUrl,
        apiKey: e.OPENAI_API_KEY,
        model: e.OPENAI_MODEL ?? DEFAULT_OPENAI_MODEL,
      },
      timeoutMs: e.AI_TIMEOUT_MS,
    },
    ocrProvider: e.OCR_PROVIDER,
    scan: { maxPages: e.SCAN_MAX_PAGES, maxBytes: e.SCAN_MAX_BYTES },
    imageWork: {
      threads: e.EXTRACTION_WORKERS ?? Math.max(1, Math.min(4, os.availableParallelism() - 1)),
      warm: e.NODE_ENV === 'production',
      pageBudget: { ...DEFAULT_PAGE_BUDGET, ms: e.EXTRACTION_PAGE_MS },
      taskMs: 2 * e.EXTRACTION_PAGE_MS + 2_000,
      printMs: e.EXTRACTION_PRINT_MS,
      maxQueue: e.EXTRACTION_QUEUE,
      memoryMb: e.EXTRACTION_WORKER_MB,
    },
    ocr: {
      provider: e.OCR_PROVIDER,
      workers: Math.min(os.availableParallelism(), e.OCR_WORKERS ?? os.availableParallelism()),
      tesseractModel: e.OCR_TESSERACT_MODEL,
      maxPdfPages: e.OCR_MAX_PDF_PAGES,
      tessdata,
      textract:
        e.OCR_PROVIDER === 'textract' &&
        e.AWS_REGION !== undefined &&
        e.AWS_ACCESS_KEY_ID !== undefined &&
        e.AWS_SECRET_ACCESS_KEY !== undefined
          ? {
              region: e.AWS_REGION,
              accessKeyId: e.AWS_ACCESS_KEY_ID,
              secretAccessKey: e.AWS_SECRET_ACCESS_KEY,
              sessionToken: e.AWS_SESSION_TOKEN,
              endpoint: (
                e.TEXTRACT_ENDPOINT ?? `https://textract.${e.AWS_REGION}.amazonaws.com`
              ).replace(/\/+$/, ''),
            }
          : undefined,
    },
    jobs: {
      runInApi: e.REDIS_URL === undefined ? true : e.RUN_JOBS_IN_API,
      queuePrefix: e.QUEUE_PREFIX,
      markingAttempts: e.MARKING_ATTEMPTS,
      markingBackoffMs: e.MARKING_BACKOFF_MS,
      markWaitMs: e.MARK_WAIT_MS,
      markingLeaseMs: e.MARKING_LEASE_MS,
    },
    logLevel: e.LOG_LEVEL,
    metrics: { token: e.METRICS_TOKEN, workerPort: e.METRICS_PORT },
    trustProxy: e.TRUST_PROXY,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    oidc: { providers: oidcProviders(e, appUrl) },
    classroom: classroomConfig(e, appUrl),
    site: {
      bookDemoUrl: e.BOOK_DEMO_URL ?? SITE_DEFAULTS.bookDemoUrl,
      linkedinUrl: e.LINKEDIN_URL ?? SITE_DEFAULTS.linkedinUrl,
      contactEmail: e.CONTACT_EMAIL?.toLowerCase() ?? SITE_DEFAULTS.contactEmail,
      introOfferEndsOn: e.INTRO_OFFER_ENDS,
    },
  };
}

type TEnv = z.infer<typeof ZEnv>;

/** The issuer's address, checked: https, or http on this machine outside production (tests). */
function checkIssuer(name: string, issuer: string, env: TEnv['NODE_ENV']): boolean {
  const url = new URL(issuer);
  if (url.protocol === 'https:') return false;
  const isLocal = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (!isLocal || env === 'production') {
    throw new ConfigError(
      `Invalid configuration: ${name} must be an https:// URL (http:// only for localhost outside production)`,
    );
  }
  return true;
}

/** The OpenID Connect providers the operator turned on (issue 29); each needs all its settings. */
function oidcProviders(e: TEnv, appUrl: string): TOidcProviderConfig[] {
  const candidates = [
    {
      id: 'google' as const,
      prefix: 'OIDC_GOOGLE',
      clientId: e.OIDC_GOOGLE_CLIENT_ID,
      clientSecret: e.OIDC_GOOGLE_CLIENT_SECRET,
      issuer: e.OIDC_GOOGLE_ISSUER ?? 'https://accounts.google.com',
    },
    {
      id: 'microsoft' as const,
      prefix: 'OIDC_MICROSOFT',
      clientId: e.OIDC_MICROSOFT_CLIENT_ID,
      clientSecret: e.OIDC_MICROSOFT_CLIENT_SECRET,
      issuer: e.OIDC_MICROSOFT_ISSUER,
    },
  ];
  const providers: TOidcProviderConfig[] = [];
  for (const c of candidates) {
    if (c.clientId === undefined && c.clientSecret === undefined) continue;
    if (c.clientId === undefined || c.clientSecret === undefined || c.issuer === undefined) {
      const missing =
        c.clientId === undefined
          ? 'CLIENT_ID'
          : c.clientSecret === undefined
            ? 'CLIENT_SECRET'
            : 'ISSUER';
      throw new ConfigError(
        `Invalid configuration: ${c.prefix}_${missing} is required when ${c.prefix}_CLIENT_ID or ${c.prefix}_CLIENT_SECRET is set`,
      );
    }
    providers.push({
      id: c.id,
      label: OIDC_PROVIDER_LABELS[c.id],
      issuer: c.issuer,
      clientId: c.clientId,
      clientSecret: c.clientSecret,
      redirectUri: `${appUrl}${OIDC_CALLBACK_PAGE}`,
      allowInsecureRequests: checkIssuer(`${c.prefix}_ISSUER`, c.issuer, e.NODE_ENV),
    });
  }
  return providers;
}

/** Google Classroom (issue 29): both client settings, or neither (off). */
function classroomConfig(e: TEnv, appUrl: string): TClassroomConfig | undefined {
  const id = e.CLASSROOM_GOOGLE_CLIENT_ID;
  const secret = e.CLASSROOM_GOOGLE_CLIENT_SECRET;
  if (id === undefined && secret === undefined) return undefined;
  if (id === undefined || secret === undefined) {
    const missing = id === undefined ? 'CLIENT_ID' : 'CLIENT_SECRET';
    throw new ConfigError(
      `Invalid configuration: CLASSROOM_GOOGLE_${missing} is required when CLASSROOM_GOOGLE_CLIENT_ID or CLASSROOM_GOOGLE_CLIENT_SECRET is set`,
    );
  }
  const base = e.CLASSROOM_GOOGLE_BASE_URL?.replace(/\/+$/, '');
  if (base !== undefined) checkIssuer('CLASSROOM_GOOGLE_BASE_URL', base, e.NODE_ENV);
  return {
    clientId: id,
    clientSecret: secret,
    redirectUri: `${appUrl}${CLASSROOM_CALLBACK_PAGE}`,
    apiRoot: base ?? 'https://classroom.googleapis.com',
    authUrl: base ? `${base}/o/oauth2/v2/auth` : 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: base ? `${base}/token` : 'https://oauth2.googleapis.com/token',
  };
}

/** A 32-byte key written as 64 hex digits or as base64; null when it is neither. */
function parseKey(value: string): Buffer | null {
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) return null;
  const bytes = Buffer.from(
    value,
    value.includes('-') || value.includes('_') ? 'base64url' : 'base64',
  );
  return bytes.length === 32 ? bytes : null;
}

/**
 * The scan images' key: SCAN_IMAGE_KEY, or one derived from the JWT secret (`lib/secret-box.ts`,
 * its own purpose), so every process sharing a database and its JWT_SECRET reads what another kept.
 */
function scanImageKeyOf(configured: string | undefined, jwtSecret: string): () => Buffer {
  const key =
    (configured === undefined ? null : parseKey(configured)) ?? keyOf(jwtSecret, 'scan images');
  return () => key;
}

/** The JWT secret is generated once and kept in DATA_DIR so restarts keep sessions valid. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
