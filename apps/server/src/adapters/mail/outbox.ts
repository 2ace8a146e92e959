import { randomUUID } from 'node:crypto';
import { mkdir, readdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { MailPort, TMailMessage } from './port';

/**
 * Without SMTP_URL, each message is written to DATA_DIR/outbox/ as an .eml file and its link logged.
 * nodemailer's stream transport builds the exact MIME message a real server would receive.
 */
export function createOutboxMailer(options: {
  dataDir: string;
  from: string;
  logger: FastifyBaseLogger;
}): MailPort {
  const folder = path.join(options.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    name: 'outbox',
    async send(message: TMailMessage) {
      const info = await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      await mkdir(folder, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(folder, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
      await writeFile(file, info.message as Buffer);
      options.logger.info(
        { to: message.to, subject: message.subject, link: message.link, file },
        'mail written to outbox',
      );
    },
    async close() {
      transport.close();
    },
  };
}

/**
 * Communication records are kept 24 months (spec 01 §9): removes outbox messages written before
 * `cutoff`. Returns how many went; a missing outbox is an empty one.
 */
export async function purgeOutboxBefore(dataDir: string, cutoff: Date): Promise<number> {
  const folder = path.join(dataDir, 'outbox');
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith('.eml')) continue;
    const file = path.join(folder, name);
    const info = await stat(file).catch(() => null);
    if (info && info.mtime < cutoff) {
      await unlink(file).catch(() => undefined);
      removed += 1;
    }
  }
  return removed;
}
