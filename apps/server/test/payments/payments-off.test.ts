import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath } from '@stem/contract/api';
import { MESSAGES } from '@stem/contract/messages';
import { PAYMENT_EXTRA_PATHS } from '@stem/contract/payments';
import { SITE_PATHS } from '@stem/contract/site';
import { PAYMENT_PATHS } from '@stem/contract/trial';
import { ConfigError, loadConfig } from '../../src/config';
import { checkoutSessions, schools } from '../../src/db/schema';
import { buildSchool, buildUser, signIn } from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import { authedPost, publicCheckout, upgradePath } from './payment-helpers';

/**
 * Issue 26: leaving the Stripe keys out used to sell every plan through the built-in test checkout.
 * Now nothing is on sale unless PAYMENTS says who takes payments.
 */
describe('payments without Stripe keys and without PAYMENTS: plans are not on sale', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('refuses every checkout with 403 and the not-on-sale text, and makes nothing', async () => {
    const anonymous = await publicCheckout(t.app, {
      planType: 'personal',
      billingOption: 'monthly',
      customer_email: 'new.buyer@example.com',
    });
    expect(anonymous.status).toBe(403);
    expect(anonymous.json).toMatchObject({
      success: false,
      code: 'FORBIDDEN',
      message: MESSAGES.payments.notOnSale,
    });

    const trial = await buildSchool(t, { plan: 'trial' });
    const teacher = await buildUser(t, { role: 'teacher', schoolId: trial.id });
    const session = await signIn(t.app, teacher.email, teacher.password);
    for (const [route, body] of [
      [upgradePath, { planId: 'personal' }],
      [
        PAYMENT_PATHS.createAuthenticatedCheckout,
        { planType: 'personal', billingOption: 'annual' },
      ],
    ] as const) {
      const refused = await authedPost(t.app, session, route, body);
      expect(refused.statusCode, route).toBe(403);
      expect(refused.json().message).toBe(MESSAGES.payments.notOnSale);
    }
    const [made] = await t.database.db.select({ n: count() }).from(checkoutSessions);
    expect(made?.n).toBe(0);
    const [paid] = await t.database.db.select({ n: count() }).from(schools);
    expect(paid?.n).toBe(1);
  });

  it('serves no test checkout or test portal pages', async () => {
    for (const url of [
      apiPath('/payment/test-checkout/cs_local_0123'),
      apiPath('/payment/test-portal/cus_local_0123'),
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('tells the web app that plans are not on sale (site config and plans)', async () => {
    const site = await t.app.inject({ method: 'GET', url: apiPath(SITE_PATHS.publicConfig) });
    expect(site.json()).toMatchObject({ plansOnSale: false });
    const plans = await t.app.inject({ method: 'GET', url: apiPath(PAYMENT_EXTRA_PATHS.plans) });
    expect(plans.json()).toMatchObject({ plansOnSale: false });
  });
});

describe('PAYMENTS configuration', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stem-payments-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const stripe = {
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
    STRIPE_PRICE_PERSONAL_MONTHLY: 'price_a',
    STRIPE_PRICE_PERSONAL_ANNUAL: 'price_b',
  };
  const load = (env: Record<string, string>) =>
    loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40), ...env });
  const refusal = (env: Record<string, string>) => {
    try {
      load(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message.split('\n')).toHaveLength(1);
      return message;
    }
    throw new Error('loadConfig accepted it');
  };

  it('defaults to stripe with keys and to off without them; test only by name', () => {
    expect(load({}).payments.provider).toBe('off');
    expect(load(stripe).payments.provider).toBe('stripe');
    expect(load({ PAYMENTS: 'test' }).payments.provider).toBe('test');
    expect(load({ ...stripe, PAYMENTS: 'off' }).payments.provider).toBe('off');
  });

  it('stops start-up with one clear line on a bad value or a contradiction', () => {
    expect(refusal({ PAYMENTS: 'free' })).toBe(
      'Invalid configuration: PAYMENTS must be stripe, test or off',
    );
    expect(refusal({ PAYMENTS: 'stripe' })).toBe(
      'Invalid configuration: STRIPE_SECRET_KEY is required when PAYMENTS=stripe',
    );
    expect(refusal({ ...stripe, PAYMENTS: 'test' })).toContain('PAYMENTS=test');
  });
});
