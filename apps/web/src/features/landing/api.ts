import type {
  TCheckoutRequest,
  TCheckoutResponse,
  TEmailCheckResponse,
  TTrialCreateData,
} from '@stem/contract/trial';
import type { TPublicSiteConfig } from '@stem/contract/site';
import { API_BASE } from '@stem/contract/api';
import { SITE_DEFAULTS, SITE_PATHS } from '@stem/contract/site-constants';

/**
 * The landing page's calls (spec 01 §7). Each loads ./api-calls (axios and the reply schemas) when
 * first made, after the page has shown, so the first load of `/` stays small.
 */
const calls = () => import('./api-calls');

/** POST /trial/create with the landing page's empty body (spec 01 §7). */
export async function createTrial(): Promise<TTrialCreateData> {
  return (await calls()).createTrial();
}

/** The e-mail check before an e-mail trial (spec 01 §4 "Trial purchase flow"). */
export async function checkEmail(email: string): Promise<TEmailCheckResponse> {
  return (await calls()).checkEmail(email);
}

/** GET /trial/email-trial?email=…: the server e-mails a signed sign-up link to that address. */
export async function requestEmailTrial(email: string): Promise<void> {
  return (await calls()).requestEmailTrial(email);
}

/** Create checkout (spec 01 §3): the reply's checkoutUrl is where the browser goes next. */
export async function createCheckout(body: TCheckoutRequest): Promise<TCheckoutResponse> {
  return (await calls()).createCheckout(body);
}

/**
 * Until the reply: the defaults, and plans shown on sale, as the page rendered at build time shows
 * them (a deployment that sells shows no change; one that does not changes its buttons on the reply).
 */
export const SITE_CONFIG_FALLBACK: TPublicSiteConfig = {
  ...SITE_DEFAULTS,
  introOfferEndsOn: null,
  plansOnSale: true,
};

const text = (value: unknown): value is string => typeof value === 'string';

/**
 * The deployment's public addresses; the defaults stand in when the call fails. Read with fetch
 * and checked field by field (the page asks on opening, before any dialog loads the HTTP client).
 */
export async function getSiteConfig(): Promise<TPublicSiteConfig> {
  try {
    const url = new URL(`${API_BASE}${SITE_PATHS.publicConfig}`, window.location.href);
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return SITE_CONFIG_FALLBACK;
    const body: unknown = await response.json();
    if (!body || typeof body !== 'object') return SITE_CONFIG_FALLBACK;
    const site = body as Record<string, unknown>;
    const ends = site.introOfferEndsOn;
    if (!text(site.bookDemoUrl) || !text(site.linkedinUrl) || !text(site.contactEmail)) {
      return SITE_CONFIG_FALLBACK;
    }
    if (ends !== null && !text(ends)) return SITE_CONFIG_FALLBACK;
    return {
      bookDemoUrl: site.bookDemoUrl,
      linkedinUrl: site.linkedinUrl,
      contactEmail: site.contactEmail,
      introOfferEndsOn: ends,
      // Only an explicit false takes the plans off sale.
      plansOnSale: site.plansOnSale !== false,
    };
  } catch {
    return SITE_CONFIG_FALLBACK;
  }
}

/** Leaving the app for a checkout page; replaced in tests (jsdom cannot navigate). */
export const browser = {
  go: (url: string) => {
    window.location.assign(url);
  },
};
