import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../../config';
import { createOutboxMailer } from './outbox';
import type { MailPort } from './port';
import { createSmtpMailer } from './smtp';

/** Config picks the mail adapter, in this one place. */
export function selectMailer(config: TConfig, logger: FastifyBaseLogger): MailPort {
  if (config.smtpUrl) return createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom });
  return createOutboxMailer({ dataDir: config.dataDir, from: config.mailFrom, logger });
}
