import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { dataDir } from './run-state';

export type TMail = { to: string; subject: string; text: string; html: string; links: string[] };

async function parse(file: string): Promise<TMail> {
  const mail = await simpleParser(await readFile(file));
  const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
  const text = mail.text ?? '';
  const html = typeof mail.html === 'string' ? mail.html : '';
  const links = new Set<string>();
  for (const match of text.matchAll(/https?:\/\/[^\s<>"')]+/g)) links.add(match[0]);
  for (const match of html.matchAll(/href="(https?:\/\/[^"]+)"/g)) {
    if (match[1]) links.add(match[1].replace(/&amp;/g, '&'));
  }
  return { to, subject: mail.subject ?? '', text, html, links: [...links] };
}

async function newestMatching(options: {
  to: string;
  subject?: string | RegExp;
  since: number;
}): Promise<TMail | undefined> {
  const folder = path.join(dataDir(), 'outbox');
  let names: string[];
  try {
    names = (await readdir(folder)).filter((name) => name.endsWith('.eml'));
  } catch {
    return undefined;
  }
  const files = await Promise.all(
    names.map(async (name) => {
      const file = path.join(folder, name);
      return { file, mtime: (await stat(file)).mtimeMs };
    }),
  );
  files.sort((a, b) => b.mtime - a.mtime);
  for (const { file, mtime } of files) {
    if (mtime < options.since) break;
    const mail = await parse(file);
    if (!mail.to.toLowerCase().includes(options.to.toLowerCase())) continue;
    const { subject } = options;
    if (subject !== undefined) {
      const matches =
        typeof subject === 'string' ? mail.subject.includes(subject) : subject.test(mail.subject);
      if (!matches) continue;
    }
    return mail;
  }
  return undefined;
}

/**
 * Waits for a mail to `to` in DATA_DIR/outbox (newest first; written at or after `since`, a
 * Date.now() value) and returns it with the links it carries.
 */
export async function readOutbox(options: {
  to: string;
  subject?: string | RegExp;
  since?: number;
  timeoutMs?: number;
}): Promise<TMail> {
  let found: TMail | undefined;
  // Files carry whole-millisecond mtimes; a little slack keeps a mail written in the same ms.
  const since = (options.since ?? 0) - 1_000;
  await expect
    .poll(
      async () => {
        found = await newestMatching({ ...options, since });
        return found !== undefined;
      },
      { message: `a mail to ${options.to} in the outbox`, timeout: options.timeoutMs ?? 10_000 },
    )
    .toBe(true);
  if (!found) throw new Error(`no mail to ${options.to}`);
  return found;
}

/** The first link of a mail whose path starts with `pathname` (e.g. '/login/verify'). */
export function linkTo(mail: TMail, pathname: string): string {
  const link = mail.links.find((candidate) => new URL(candidate).pathname === pathname);
  if (!link) throw new Error(`no ${pathname} link in "${mail.subject}": ${mail.links.join(' ')}`);
  return link;
}
