import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiPath, AUTH_PATHS } from '@stem/contract/api';
import { ZSessionResponse } from '@stem/contract/auth';
import { MAGIC_LINK_TTL_MS } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import { authTokens } from '../../src/db/schema';
import { hashToken } from '../../src/lib/tokens';
import {
  bearer,
  buildSchoolWithUser,
  buildUser,
  nextClientAddress,
  tokenOf,
  waitForMail,
} from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => t.clock.reset());

const requestLink = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: apiPath(AUTH_PATHS.magicLink),
    payload: { email },
    remoteAddress: nextClientAddress(),
  });
const verify = (token: string) =>
  t.app.inject({ method: 'POST', url: apiPath(AUTH_PATHS.magicLinkVerify), payload: { token } });

/** Requests a link for the user and returns the token from the mailed link. */
async function mailedToken(email: string): Promise<string> {
  const before = (await t.outbox()).length;
  expect((await requestLink(email)).statusCode).toBe(200);
  const mail = await waitForMail(t, (m) => m.to === email && m.subject.includes('sign-in link'));
  expect((await t.outbox()).length).toBe(before + 1);
  const link = mail.links.find((l) => l.includes('/login/verify?token='));
  expect(link).toBeDefined();
  return tokenOf(link as string);
}

describe('auth.magic-link', () => {
  it('answers an unknown e-mail exactly like a known one, and mails nothing for it', async () => {
    const { user } = await buildSchoolWithUser(t, 'teacher');
    const unknown = await requestLink('nobody-at-all@example.com');
    const known = await requestLink(user.email);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ success: true, message: MESSAGES.server.magicLinkRequested });
    expect(known.json()).toEqual(unknown.json());
    // The known address's mail arriving proves mail is flowing; none went to the unknown one.
    await waitForMail(t, (m) => m.to === user.email);
    expect((await t.outbox()).some((m) => m.to === 'nobody-at-all@example.com')).toBe(false);
  });

  it('mails a link to /login/verify that says how long it lasts, and stores only its hash', async () => {
    const { user } = await buildSchoolWithUser(t, 'student');
    const token = await mailedToken(user.email);
    const mail = await waitForMail(t, (m) => m.to === user.email);
    expect(mail.links[0]).toBe(`http://localhost:3000/login/verify?token=${token}`);
    expect(mail.text).toContain('15 minutes');
    expect(mail.html).toContain('15 minutes');
    expect(mail.text).toContain('STEM@Home');
    const rows = await t.database.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'magic', tokenHash: hashToken(token), usedAt: null });
    expect(JSON.stringify(rows)).not.toContain(token);
    const ttl = (rows[0]?.expiresAt.getTime() ?? 0) - (rows[0]?.createdAt.getTime() ?? 0);
    expect(ttl).toBe(MAGIC_LINK_TTL_MS);
  });

  it('signs in with the link from the outbox', async () => {
    const { user, school } = await buildSchoolWithUser(t, 'teacher');
    const response = await verify(await mailedToken(user.email));
    expect(response.statusCode).toBe(200);
    const body = ZSessionResponse.parse(response.json());
    expect(body).toMatchObject({
      success: true,
      message: MESSAGES.magicLink.verified,
      name: user.name,
      role: 'teacher',
      userId: user.id,
      school: { name: school.name, code: school.code },
    });
    const me = await t.app.inject({
      method: 'GET',
      url: apiPath(AUTH_PATHS.me),
      headers: bearer(body),
    });
    expect(me.statusCode).toBe(200);
  });

  it("refuses a second use with 400 and a message containing 'already used'", async () => {
    const { user } = await buildSchoolWithUser(t, 'student');
    const token = await mailedToken(user.email);
    expect((await verify(token)).statusCode).toBe(200);
    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      success: false,
      code: 'MAGIC_LINK_USED',
      message: MESSAGES.magicLink.serverUsed,
    });
    expect(again.json<{ message: string }>().message).toContain('already used');
  });

  it('lets only one of two simultaneous verifications succeed', async () => {
    const { user } = await buildSchoolWithUser(t, 'student');
    const token = await mailedToken(user.email);
    const results = await Promise.all([verify(token), verify(token), verify(token)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
  });

  it("refuses a link after 15 minutes with 400 and a message containing 'expired'", async () => {
    const { user } = await buildSchoolWithUser(t, 'student');
    const token = await mailedToken(user.email);
    t.clock.advance(MAGIC_LINK_TTL_MS + 1_000);
    const response = await verify(token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'MAGIC_LINK_EXPIRED',
      message: MESSAGES.magicLink.serverExpired,
    });
    expect(response.json<{ message: string }>().message).toContain('expired');
  });

  it('still accepts a link just before 15 minutes', async () => {
    const { user } = await buildSchoolWithUser(t, 'student');
    const token = await mailedToken(user.email);
    t.clock.advance(MAGIC_LINK_TTL_MS - 5_000);
    expect((await verify(token)).statusCode).toBe(200);
  });

  it('refuses an unknown token with MAGIC_LINK_INVALID and a missing one with 400', async () => {
    const unknown = await verify('this-token-was-never-issued');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ success: false, code: 'MAGIC_LINK_INVALID' });
    const missing = await t.app.inject({
      method: 'POST',
      url: apiPath(AUTH_PATHS.magicLinkVerify),
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ success: false, code: 'VALIDATION', field: 'token' });
  });

  it('mails nothing to an inactive account', async () => {
    const { user: active } = await buildSchoolWithUser(t, 'student');
    const { school } = await buildSchoolWithUser(t, 'teacher');
    const inactive = await buildUser(t, { role: 'student', schoolId: school.id, active: false });
    expect((await requestLink(inactive.email)).statusCode).toBe(200);
    expect((await requestLink(active.email)).statusCode).toBe(200);
    await waitForMail(t, (m) => m.to === active.email);
    expect((await t.outbox()).some((m) => m.to === inactive.email)).toBe(false);
  });
});
