import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { TConfig } from './config';
import type { TDatabase, TDb } from './db/client';
import type { MailPort } from './adapters/mail/port';
import type { AiPort } from './adapters/ai/port';
import type { QueuePort } from './adapters/queue/port';
import type { PaymentsPort } from './adapters/payments/port';
import type { OcrPort } from './extraction/ocr/port';
import type { ImageWork } from './extraction/work/tasks';
import type { TMarker } from './modules/marking/marking.service';
import type { TAccountStates } from './modules/auth/auth.account-state';
import type { TDataVersions } from './lib/data-versions';

/** Everything a module's service needs, built once by buildApp and handed to each module. */
export type TAppContext = {
  config: TConfig;
  database: TDatabase;
  db: TDb;
  mailer: MailPort;
  redis: Redis | undefined;
  logger: FastifyBaseLogger;
  /** The hosted language model; undefined when AI_PROVIDER=offline (each task's offline engine runs). */
  ai?: AiPort | undefined;
  /** Background jobs: in-process, or BullMQ when REDIS_URL is set. */
  queue: QueuePort;
  /** Marks one answer (offline engine or the hosted model); the marking job uses it. */
  marker: TMarker;
  /** Reads text from page images (OCR_PROVIDER); started on first use. */
  ocr: OcrPort;
  /** PDF drawing and image work, in worker threads with a budget (never on the event loop). */
  imageWork: ImageWork;
  /** The payment provider: Stripe when STRIPE_SECRET_KEY is set, else the built-in test provider. */
  payments: PaymentsPort;
  /** Who may do what now: forget an account (or a school) here after changing its role or standing. */
  accountStates: TAccountStates;
  /** Which schools' data changed when: kept replies (plugins/reply-cache.ts) check it. */
  dataVersions: TDataVersions;
  /** The clock; tests move it to check expiry. */
  now: () => Date;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's context (services' dependencies); tests and scripts reach it through the app. */
    ctx: TAppContext;
  }
}
