import { afterEach, describe, expect, it } from 'vitest';
import { apiPath } from '@stem/contract/api';
import { SITE_DEFAULTS, SITE_PATHS, ZPublicSiteConfig } from '@stem/contract/site';
import { ConfigError, loadConfig } from '../../src/config';
import { buildTestApp, type TTestApp } from '../helpers/test-app';

let current: TTestApp | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

describe('site.config', () => {
  it('gives the landing page the default addresses and no introductory offer', async () => {
    current = await buildTestApp();
    const reply = await current.app.inject({
      method: 'GET',
      url: apiPath(SITE_PATHS.publicConfig),
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('public, max-age=300');
    expect(ZPublicSiteConfig.parse(reply.json())).toEqual({
      bookDemoUrl: SITE_DEFAULTS.bookDemoUrl,
      linkedinUrl: SITE_DEFAULTS.linkedinUrl,
      contactEmail: SITE_DEFAULTS.contactEmail,
      introOfferEndsOn: null,
      plansOnSale: false,
    });
  });

  it('answers with what the operator configured, signed in or not', async () => {
    current = await buildTestApp({
      BOOK_DEMO_URL: 'https://cal.example.org/stem/demo',
      LINKEDIN_URL: 'https://www.linkedin.com/company/example-school-tools',
      CONTACT_EMAIL: 'Hello@Example.org',
      INTRO_OFFER_ENDS: '2031-08-31',
      PAYMENTS: 'test',
    });
    const reply = await current.app.inject({
      method: 'GET',
      url: apiPath(SITE_PATHS.publicConfig),
    });
    expect(reply.json()).toEqual({
      bookDemoUrl: 'https://cal.example.org/stem/demo',
      linkedinUrl: 'https://www.linkedin.com/company/example-school-tools',
      contactEmail: 'hello@example.org',
      introOfferEndsOn: '2031-08-31',
      plansOnSale: true,
    });
  });

  it.each([
    ['BOOK_DEMO_URL', 'javascript:alert(1)'],
    ['LINKEDIN_URL', 'linkedin'],
    ['CONTACT_EMAIL', 'not-an-address'],
    ['INTRO_OFFER_ENDS', '31/08/2031'],
  ])('stops at start-up on a bad %s, naming it', (name, value) => {
    expect(() =>
      loadConfig({ DATA_DIR: '/tmp', JWT_SECRET: 'x'.repeat(32), [name]: value }),
    ).toThrow(ConfigError);
    try {
      loadConfig({ DATA_DIR: '/tmp', JWT_SECRET: 'x'.repeat(32), [name]: value });
    } catch (error) {
      expect((error as Error).message).toContain(name);
    }
  });
});
