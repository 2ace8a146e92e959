import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, AUTH_PATHS } from '@stem/contract/api';
import { buildSchoolWithUser } from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';

let server: SMTPServer;
let t: TTestApp;
const received: { envelopeTo: string[]; mail: ParsedMail }[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    // A local test server without a certificate: plain SMTP only.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), mail });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  t = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('mail.smtp', () => {
  it('delivers the magic-link mail over SMTP with the link in it', async () => {
    const { user } = await buildSchoolWithUser(t, 'teacher');
    const response = await t.app.inject({
      method: 'POST',
      url: apiPath(AUTH_PATHS.magicLink),
      payload: { email: user.email },
    });
    expect(response.statusCode).toBe(200);
    await expect.poll(() => received.length, { timeout: 60_000 }).toBe(1);
    const [{ envelopeTo, mail }] = received as [(typeof received)[number]];
    expect(envelopeTo).toEqual([user.email]);
    expect(mail.subject).toBe('Your STEM@Home sign-in link');
    expect(mail.from?.text).toContain('STEM@Home');
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/login\/verify\?token=[\w-]{20,}/);
    expect(typeof mail.html === 'string' && mail.html).toContain('/login/verify?token=');
    // Nothing was written to the outbox: SMTP_URL chose the SMTP adapter.
    expect(await t.outbox()).toEqual([]);
  });
});
