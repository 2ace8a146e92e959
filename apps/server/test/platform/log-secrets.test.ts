import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiPath, AUTH_PATHS } from '@stem/contract/api';
import {
  buildSchool,
  buildUser,
  nextClientAddress,
  tokenOf,
  waitForMail,
} from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';

/**
 * Application logs are kept 90 days and read by operators: a failed query must not write the row it
 * carried (a password hash, an e-mail address) into them, nor may any line hold a password or a token.
 */
describe('the log of a request that fails inside the database', () => {
  let t: TTestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await buildTestApp(
      {},
      { logger: true, logStream: { write: (line: string) => void lines.push(line) } },
    );
    // A real database failure: a trigger that refuses the write, as a full disk or a lost primary
    // would. Every failure below is one the database itself raises.
    await t.database.db.execute(sql`
      create function refuse_write() returns trigger language plpgsql as $$
      begin raise exception 'write refused'; end $$`);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    lines.length = 0;
  });

  const refuse = (table: string, event: 'insert' | 'update') =>
    t.database.db.execute(
      sql.raw(
        `create trigger refuse_${table}_${event} before ${event} on ${table} ` +
          'for each row execute function refuse_write()',
      ),
    );
  const allow = (table: string, event: 'insert' | 'update') =>
    t.database.db.execute(sql.raw(`drop trigger refuse_${table}_${event} on ${table}`));

  /** The log holds the failure (by its database code), but none of the secrets. */
  function expectCleanLog(secrets: string[]) {
    const log = lines.join('');
    for (const secret of secrets) expect(log, 'a secret in the log').not.toContain(secret);
    expect(log).not.toContain('$argon2');
    expect(log).not.toMatch(/insert into|update "users"|params/i);
    expect(log, 'the failure is logged').toMatch(/"level":50/);
    expect(log, 'by its database code').toContain('P0001');
  }

  it('registration: no password, hash or e-mail address', async () => {
    const school = await buildSchool(t);
    const email = `secret.${randomUUID()}@example.com`;
    const password = 'a password nobody may read';
    await refuse('users', 'insert');
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: apiPath(AUTH_PATHS.register),
        payload: { fullName: 'Ada Secret', email, password, schoolCode: school.code },
        remoteAddress: nextClientAddress(),
      });
      expect(response.statusCode).toBe(500);
    } finally {
      await allow('users', 'insert');
    }
    expectCleanLog([email, password]);
  });

  it('password reset: no token, new password, hash or e-mail address', async () => {
    const school = await buildSchool(t);
    const user = await buildUser(t, { role: 'teacher', schoolId: school.id });
    const requested = await t.app.inject({
      method: 'POST',
      url: apiPath(AUTH_PATHS.resetPassword),
      payload: { email: user.email },
      remoteAddress: nextClientAddress(),
    });
    expect(requested.statusCode).toBe(200);
    const mail = await waitForMail(t, (m) => m.to.includes(user.email));
    const token = tokenOf(mail.links.find((l) => l.includes('token=')) ?? '');
    const password = 'the new secret password';
    lines.length = 0;
    await refuse('users', 'update');
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: apiPath(AUTH_PATHS.updatePassword),
        payload: { token, password },
      });
      expect(response.statusCode).toBe(500);
    } finally {
      await allow('users', 'update');
    }
    expectCleanLog([token, password, user.email]);
  });

  it('sign-in: no password, hash or e-mail address', async () => {
    const school = await buildSchool(t);
    const user = await buildUser(t, { role: 'student', schoolId: school.id });
    await refuse('auth_tokens', 'insert');
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: apiPath(AUTH_PATHS.login),
        payload: { email: user.email, password: user.password },
        remoteAddress: nextClientAddress(),
      });
      expect(response.statusCode).toBe(500);
    } finally {
      await allow('auth_tokens', 'insert');
    }
    expectCleanLog([user.email, user.password, user.id]);
  });

  it('a magic-link or reset page request: the query values are not logged', async () => {
    const token = `tok${randomUUID().replace(/-/g, '')}`;
    for (const page of ['/login/verify', '/reset-password', `${apiPath('/trial/email-trial')}`]) {
      await t.app.inject({ method: 'GET', url: `${page}?token=${token}&email=a%40b.example` });
    }
    const log = lines.join('');
    expect(log).toContain('/login/verify?token=[redacted]&email=[redacted]');
    expect(log).not.toContain(token);
    expect(log).not.toContain('a%40b.example');
  });
});
