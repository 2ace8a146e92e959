import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { buildApp, type TBuildOptions } from '../../src/app';
import { loadConfig, type TConfig } from '../../src/config';
import type { TDatabase } from '../../src/db/client';
import { createTestDatabase } from './test-database';

export type TTestApp = {
  app: FastifyInstance;
  config: TConfig;
  database: TDatabase;
  dataDir: string;
  /** Moves the server's clock (for expiry tests). */
  clock: { advance: (ms: number) => void; reset: () => void };
  /** Mail written to the outbox so far, oldest first. */
  outbox: () => Promise<TOutboxMail[]>;
  close: () => Promise<void>;
};

export type TOutboxMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
};

/**
 * The real server over a real database of its own, with mail going to an outbox in a temp DATA_DIR.
 * Pass env to change configuration the way an operator would.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: Omit<TBuildOptions, 'database' | 'now'> & {
    /** Adds routes of the test's own before the app is ready (e.g. one that runs a failing query). */
    extraRoutes?: (app: FastifyInstance, database: TDatabase) => void;
  } = {},
): Promise<TTestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stem-app-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    APP_URL: 'http://localhost:3000',
    // A mark call waits for a running marking this long before answering 202 (pending): a busy
    // machine's marking can outlast the 25 s default, and a test awaits the marks, not a time.
    MARK_WAIT_MS: '90000',
    ...env,
  });
  const database = await createTestDatabase();
  let offset = 0;
  const { extraRoutes, ...buildOptions } = options;
  const app = await buildApp(config, {
    ...buildOptions,
    database,
    now: () => new Date(Date.now() + offset),
  });
  extraRoutes?.(app, database);
  await app.ready();
  return {
    app,
    config,
    database,
    dataDir,
    clock: {
      advance: (ms) => {
        offset += ms;
      },
      reset: () => {
        offset = 0;
      },
    },
    outbox: () => readOutbox(path.join(dataDir, 'outbox')),
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Each mail file parsed once (by its path and size: a file still being written is read again when it
 * grows). A file's tests share one outbox, and a roster import mails a thousand invitations: parsing
 * all of them on every poll of `waitForMail` took seconds.
 */
const parsedMails = new Map<string, { size: number; mail: TOutboxMail }>();

async function readOutbox(folder: string): Promise<TOutboxMail[]> {
  let files: string[];
  try {
    files = (await readdir(folder)).filter((f) => f.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  const mails: TOutboxMail[] = [];
  for (const file of files) {
    const full = path.join(folder, file);
    const bytes = await readFile(full);
    const known = parsedMails.get(full);
    if (known && known.size === bytes.length) {
      mails.push(known.mail);
      continue;
    }
    const parsed = await simpleParser(bytes);
    const text = parsed.text ?? '';
    const to = Array.isArray(parsed.to) ? (parsed.to[0]?.text ?? '') : (parsed.to?.text ?? '');
    const mail: TOutboxMail = {
      to,
      subject: parsed.subject ?? '',
      text,
      html: typeof parsed.html === 'string' ? parsed.html : '',
      links: [...text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]),
    };
    parsedMails.set(full, { size: bytes.length, mail });
    mails.push(mail);
  }
  return mails;
}
