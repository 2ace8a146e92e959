import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { TConfig } from './config';
import type { TDatabase, TDb } from './db/client';
import type { MailPort } from './adapters/mail/port';
import type { AiPort } from './adapters/ai/port';

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
  /** The clock; tests move it to check expiry. */
  now: () => Date;
};
