import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { apiPath } from '@stem/contract/api';
import type { TCheckoutResponse } from '@stem/contract/trial';
import { PAYMENT_PATHS, TRIAL_PATHS } from '@stem/contract/trial';
import { schools, users } from '../../src/db/schema';
import type { TTestApp } from '../helpers/test-app';
import { bearer, nextClientAddress, signIn } from '../helpers/factories';

export const paymentUrl = (path: string) => apiPath(path);

export async function publicCheckout(
  app: FastifyInstance,
  body: Record<string, unknown>,
): Promise<{ status: number; json: TCheckoutResponse & { message: string } }> {
  const response = await app.inject({
    method: 'POST',
    url: apiPath(PAYMENT_PATHS.createCheckout),
    payload: body,
    remoteAddress: nextClientAddress(),
  });
  return { status: response.statusCode, json: response.json() };
}

export async function authedPost(
  app: FastifyInstance,
  session: { token: string },
  path: string,
  payload: Record<string, unknown> = {},
) {
  return app.inject({ method: 'POST', url: apiPath(path), headers: bearer(session), payload });
}

export async function authedGet(app: FastifyInstance, session: { token: string }, path: string) {
  return app.inject({ method: 'GET', url: apiPath(path), headers: bearer(session) });
}

/** The local test checkout: the page, then Pay (an HTML form post) with an optional promo code. */
export async function payTestCheckout(
  app: FastifyInstance,
  checkoutUrl: string,
  promoCode = '',
): Promise<{ status: number; location: string | undefined; body: string }> {
  const path = new URL(checkoutUrl).pathname;
  const page = await app.inject({ method: 'GET', url: path });
  // A completed checkout's page sends the browser on to the success page, as Stripe's does.
  if (page.statusCode !== 303) {
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('No card is taken');
  }
  const response = await app.inject({
    method: 'POST',
    url: `${path}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ promoCode }).toString(),
  });
  return {
    status: response.statusCode,
    location: response.headers.location as string | undefined,
    body: response.body,
  };
}

export const upgradePath = TRIAL_PATHS.upgrade;

export async function schoolOfUser(t: TTestApp, email: string) {
  const [row] = await t.database.db
    .select({ user: users, school: schools })
    .from(users)
    .innerJoin(schools, eq(schools.id, users.schoolId))
    .where(eq(users.email, email));
  return row ?? null;
}

export async function signInAs(t: TTestApp, email: string, password?: string) {
  return signIn(t.app, email, password);
}

/** The temporary password and school code from the purchase mail. */
export function credentialsFrom(text: string): { password: string; code: string } {
  const password = /Temporary password: (\S+)/.exec(text)?.[1];
  const code = /School code: ([A-Z0-9]{16})/.exec(text)?.[1];
  if (!password || !code) throw new Error(`no credentials in mail:\n${text}`);
  return { password, code };
}
