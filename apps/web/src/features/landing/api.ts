import type {
  TCheckoutRequest,
  TCheckoutResponse,
  TEmailCheckResponse,
  TTrialCreateData,
} from '@stem/contract/trial';
import type { TPublicSiteConfig } from '@stem/contract/site';
import { SITE_DEFAULTS } from '@stem/contract/site-constants';

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

export const SITE_CONFIG_FALLBACK: TPublicSiteConfig = { ...SITE_DEFAULTS, introOfferEndsOn: null };

/** The deployment's public addresses; the defaults stand in when the call fails. */
export async function getSiteConfig(): Promise<TPublicSiteConfig> {
  try {
    return await (await calls()).getSiteConfig();
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
