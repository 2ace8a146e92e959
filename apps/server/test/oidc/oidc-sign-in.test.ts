import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, AUTH_PATHS, fillPath } from '@stem/contract/api';
import { MESSAGES } from '@stem/contract/messages';
import {
  OIDC_CALLBACK_PAGE,
  OIDC_PATHS,
  SCHOOL_DOMAIN_PATHS,
  type TOidcCallbackResponse,
} from '@stem/contract/oidc';
import { auditLog, oidcLoginStates, schools, userIdentities, users } from '../../src/db/schema';
import { hashToken } from '../../src/lib/tokens';
import {
  bearer,
  buildSchoolWithUser,
  buildUser,
  nextClientAddress,
  signIn,
} from '../helpers/factories';
import {
  signInAtProvider,
  startTestOidcProvider,
  type TTestOidcProvider,
} from '../helpers/oidc-provider';
import { buildTestApp, type TTestApp } from '../helpers/test-app';

const APP_URL = 'http://localhost:3000';
const REDIRECT_URI = `${APP_URL}${OIDC_CALLBACK_PAGE}`;
const M = MESSAGES.oidc;

let provider: TTestOidcProvider;
let t: TTestApp;
/** The server's log, to see why a sign-in was refused. */
const logLines: string[] = [];
beforeAll(async () => {
  provider = await startTestOidcProvider({ redirectUri: REDIRECT_URI });
  t = await buildTestApp(
    {
      APP_URL,
      OIDC_GOOGLE_ISSUER: provider.issuer,
      OIDC_GOOGLE_CLIENT_ID: provider.clientId,
      OIDC_GOOGLE_CLIENT_SECRET: provider.clientSecret,
    },
    { logger: true, logStream: { write: (line: string) => void logLines.push(line) } },
  );
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

const newDomain = () => `s${randomBytes(4).toString('hex')}.example.org`;

/** Starts a sign-in; returns the provider's URL and the browser cookie the start set. */
async function start(): Promise<{ location: string; cookie: string }> {
  const response = await t.app.inject({
    method: 'GET',
    url: apiPath(fillPath(OIDC_PATHS.start, { provider: 'google' })),
    remoteAddress: nextClientAddress(),
  });
  expect(response.statusCode, response.body).toBe(302);
  const setCookie = String(response.headers['set-cookie']);
  expect(setCookie).toContain('HttpOnly');
  return { location: String(response.headers.location), cookie: setCookie.split(';')[0] ?? '' };
}

function callback(search: string, cookie: string) {
  return t.app.inject({
    method: 'POST',
    url: apiPath(OIDC_PATHS.callback),
    headers: { cookie },
    payload: { search },
  });
}

/** The whole flow for one login name at the provider: start, sign in there, post the callback. */
async function signInWithProvider(login: string) {
  const { location, cookie } = await start();
  const search = await signInAtProvider(location, REDIRECT_URI, login);
  return callback(search, cookie);
}

/** A school whose admin lists a domain through the admin's route. */
async function schoolWithDomain(overrides: Parameters<typeof buildSchoolWithUser>[2] = {}) {
  const { school, user: admin } = await buildSchoolWithUser(t, 'admin', overrides);
  const domain = newDomain();
  const session = await signIn(t.app, admin.email);
  const added = await t.app.inject({
    method: 'POST',
    url: apiPath(SCHOOL_DOMAIN_PATHS.admin),
    headers: bearer(session),
    payload: { domain: domain.toUpperCase() },
  });
  expect(added.statusCode, added.body).toBe(200);
  return { school, domain, adminSession: session };
}

describe('oidc.sign-in', () => {
  it('lists the configured provider and sends the browser to it with PKCE, state and nonce', async () => {
    const list = await t.app.inject({ method: 'GET', url: apiPath(OIDC_PATHS.providers) });
    expect(list.json()).toEqual({ success: true, providers: [{ id: 'google', label: 'Google' }] });
    const { location } = await start();
    const url = new URL(location);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    for (const name of ['state', 'nonce', 'code_challenge']) {
      expect(url.searchParams.get(name)).toBeTruthy();
    }
    const unknown = await t.app.inject({
      method: 'GET',
      url: apiPath(fillPath(OIDC_PATHS.start, { provider: 'microsoft' })),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('makes a first sign-in from a listed domain a student of that school, and signs them in', async () => {
    const { school, domain } = await schoolWithDomain();
    const email = `ada.lovelace@${domain}`;
    const response = await signInWithProvider(email);
    expect(response.statusCode, response.body).toBe(200);
    const reply = response.json<TOidcCallbackResponse>();
    if (reply.outcome !== 'signedIn') throw new Error(`expected a session: ${response.body}`);
    expect(reply.session).toMatchObject({
      role: 'student',
      name: 'Ada Lovelace',
      message: M.signedIn,
    });
    expect(reply.session.user.email).toBe(email);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ schoolId: school.id, role: 'student', passwordHash: null });
    // The session works, and the next sign-in finds the linked identity.
    const me = await t.app.inject({
      method: 'GET',
      url: apiPath(AUTH_PATHS.me),
      headers: bearer(reply.session),
    });
    expect(me.statusCode).toBe(200);
    const again = (await signInWithProvider(email)).json<TOidcCallbackResponse>();
    expect(again.outcome === 'signedIn' && again.session.userId).toBe(row?.id);
    // A deactivated account is refused as at password sign-in.
    await t.database.db.update(users).set({ active: false }).where(eq(users.email, email));
    await t.app.ctx.accountStates.forgetUsers([row?.id ?? '']);
    const refused = await signInWithProvider(email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MESSAGES.server.accountInactive);
  });

  it("respects the school's student limit exactly as registration does", async () => {
    const { school, domain } = await schoolWithDomain({ plan: 'personal' });
    await buildUser(t, { role: 'student', schoolId: school.id, schoolType: 'personal' });
    const response = await signInWithProvider(`late.comer@${domain}`);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(MESSAGES.register.planStudentLimit);
  });

  it('refuses an e-mail whose domain no school lists, and makes no account', async () => {
    const email = `someone@${newDomain()}`;
    const response = await signInWithProvider(email);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(M.noSchool);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('refuses an address the provider has not verified, and a deactivated school', async () => {
    const { domain } = await schoolWithDomain();
    provider.setAccount('unverified', {
      email: `unverified@${domain}`,
      emailVerified: false,
      name: 'Un Verified',
    });
    const unverified = await signInWithProvider('unverified');
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().message).toBe(M.emailUnverified('Google'));

    const { school: closedSchool, domain: closedDomain } = await schoolWithDomain();
    await t.database.db
      .update(schools)
      .set({ active: false })
      .where(eq(schools.id, closedSchool.id));
    const closed = await signInWithProvider(`pupil@${closedDomain}`);
    expect(closed.statusCode).toBe(403);
    expect(closed.json().message).toBe(MESSAGES.register.inactiveSchool);
  });

  it('links an existing account only after it signs in with its password once', async () => {
    const { school, domain } = await schoolWithDomain();
    const teacher = await buildUser(t, {
      role: 'teacher',
      schoolId: school.id,
      email: `grace.hopper@${domain}`,
    });
    const first = await signInWithProvider(teacher.email);
    expect(first.statusCode, first.body).toBe(200);
    const pending = first.json<TOidcCallbackResponse>();
    if (pending.outcome !== 'linkPending')
      throw new Error(`expected a pending link: ${first.body}`);
    expect(pending).not.toHaveProperty('session');
    expect(pending.message).toBe(M.linkPending('Google', teacher.email));
    const identities = () =>
      t.database.db.select().from(userIdentities).where(eq(userIdentities.userId, teacher.id));
    expect(await identities()).toEqual([]);

    // The token does not link another account, even one whose password checks out.
    const other = await buildUser(t, { role: 'teacher', schoolId: school.id });
    const wrong = await t.app.inject({
      method: 'POST',
      url: apiPath(AUTH_PATHS.login),
      payload: { email: other.email, password: other.password, linkToken: pending.linkToken },
      remoteAddress: nextClientAddress(),
    });
    expect(wrong.json().message).toBe(MESSAGES.login.loggedIn);
    expect(await identities()).toEqual([]);

    const login = await t.app.inject({
      method: 'POST',
      url: apiPath(AUTH_PATHS.login),
      payload: { email: teacher.email, password: teacher.password, linkToken: pending.linkToken },
      remoteAddress: nextClientAddress(),
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().message).toBe(M.linked('Google'));
    expect(await identities()).toHaveLength(1);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.identity-linked'), eq(auditLog.targetId, teacher.id)));
    expect(audit).toHaveLength(1);

    const after = (await signInWithProvider(teacher.email)).json<TOidcCallbackResponse>();
    expect(after.outcome === 'signedIn' && after.session).toMatchObject({
      userId: teacher.id,
      role: 'teacher',
    });
  });

  it('refuses a replayed callback, and a callback in another browser', async () => {
    const { domain } = await schoolWithDomain();
    const { location, cookie } = await start();
    const search = await signInAtProvider(location, REDIRECT_URI, `replay@${domain}`);
    const elsewhere = await callback(search, 'stem_oidc=another-browser');
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe(M.stateInvalid);
    expect((await callback(search, cookie)).statusCode).toBe(200);
    const replay = await callback(search, cookie);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(M.stateInvalid);
  });

  it('refuses an id_token whose nonce is not the one the sign-in started with', async () => {
    const { domain } = await schoolWithDomain();
    const { location, cookie } = await start();
    const state = new URL(location).searchParams.get('state') ?? '';
    await t.database.db
      .update(oidcLoginStates)
      .set({ nonce: 'not-the-nonce-sent' })
      .where(eq(oidcLoginStates.stateHash, hashToken(state)));
    const search = await signInAtProvider(location, REDIRECT_URI, `nonce@${domain}`);
    const before = logLines.length;
    const response = await callback(search, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(M.failed('Google'));
    // Refused for its nonce (openid-client's check), not for anything else.
    const logged = logLines.slice(before).filter((line) => line.includes('oidc sign-in refused'));
    expect(logged.join(''), logged.join('\n')).toMatch(/nonce/i);
    const email = `nonce@${domain}`;
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('refuses an expired sign-in', async () => {
    const { location, cookie } = await start();
    const search = await signInAtProvider(location, REDIRECT_URI, `late@${newDomain()}`);
    t.clock.advance(11 * 60 * 1000);
    try {
      const response = await callback(search, cookie);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(M.stateInvalid);
    } finally {
      t.clock.reset();
    }
  });
});

describe('oidc.school-domains', () => {
  it('validates, lower-cases and keeps a domain to one school; refuses public mail services', async () => {
    const { domain, adminSession } = await schoolWithDomain();
    const list = await t.app.inject({
      method: 'GET',
      url: apiPath(SCHOOL_DOMAIN_PATHS.admin),
      headers: bearer(adminSession),
    });
    expect(list.json().domains.map((d: { domain: string }) => d.domain)).toEqual([domain]);
    for (const [value, message] of [
      ['gmail.com', M.schoolDomains.publicDomain('gmail.com')],
      ['not a domain', M.schoolDomains.invalid],
    ] as const) {
      const refused = await t.app.inject({
        method: 'POST',
        url: apiPath(SCHOOL_DOMAIN_PATHS.admin),
        headers: bearer(adminSession),
        payload: { domain: value },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toContain(message);
    }
    const { adminSession: otherAdmin } = await schoolWithDomain();
    const taken = await t.app.inject({
      method: 'POST',
      url: apiPath(SCHOOL_DOMAIN_PATHS.admin),
      headers: bearer(otherAdmin),
      payload: { domain },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(M.schoolDomains.taken);
    // Another school's domain is simply not found for this admin.
    const removeOthers = await t.app.inject({
      method: 'DELETE',
      url: apiPath(fillPath(SCHOOL_DOMAIN_PATHS.adminOne, { domain })),
      headers: bearer(otherAdmin),
    });
    expect(removeOthers.statusCode).toBe(404);
  });

  it('lets the owner manage any school, and refuses teachers', async () => {
    const { school, user: teacher } = await buildSchoolWithUser(t, 'teacher');
    const owner = await buildUser(t, { role: 'owner', schoolId: null });
    const ownerSession = await signIn(t.app, owner.email);
    const domain = newDomain();
    const path = apiPath(fillPath(SCHOOL_DOMAIN_PATHS.owner, { id: school.id }));
    const added = await t.app.inject({
      method: 'POST',
      url: path,
      headers: bearer(ownerSession),
      payload: { domain },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().message).toBe(M.schoolDomains.added(domain));
    const teacherSession = await signIn(t.app, teacher.email);
    const refused = await t.app.inject({
      method: 'GET',
      url: apiPath(SCHOOL_DOMAIN_PATHS.admin),
      headers: bearer(teacherSession),
    });
    expect(refused.statusCode).toBe(403);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: apiPath(fillPath(SCHOOL_DOMAIN_PATHS.ownerOne, { id: school.id, domain })),
      headers: bearer(ownerSession),
    });
    expect(removed.json()).toMatchObject({ domains: [], message: M.schoolDomains.removed(domain) });
  });
});

describe('oidc.not-configured', () => {
  it('has no providers, and its routes answer 404', async () => {
    const plain = await buildTestApp();
    try {
      const list = await plain.app.inject({ method: 'GET', url: apiPath(OIDC_PATHS.providers) });
      expect(list.json()).toEqual({ success: true, providers: [] });
      const startResponse = await plain.app.inject({
        method: 'GET',
        url: apiPath(fillPath(OIDC_PATHS.start, { provider: 'google' })),
      });
      expect(startResponse.statusCode).toBe(404);
      const finish = await plain.app.inject({
        method: 'POST',
        url: apiPath(OIDC_PATHS.callback),
        payload: { search: '?state=x&code=y' },
      });
      expect(finish.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
