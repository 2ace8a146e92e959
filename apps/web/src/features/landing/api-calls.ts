/**
 * The landing page's calls, with the HTTP client and the reply schemas. Loaded on first use through
 * ./api, so the page's first load carries neither axios nor zod.
 */
import {
  PAYMENT_PATHS,
  TRIAL_PATHS,
  ZCheckoutResponse,
  ZEmailCheckResponse,
  ZTrialCreateResponse,
  type TCheckoutRequest,
  type TCheckoutResponse,
  type TEmailCheckResponse,
  type TTrialCreateData,
} from '@stem/contract/trial';
import { api } from '../../lib/http';

/** POST /trial/create with the landing page's empty body (spec 01 §7). */
export async function createTrial(): Promise<TTrialCreateData> {
  return ZTrialCreateResponse.parse(await api.post(TRIAL_PATHS.create, {})).data;
}

/** The e-mail check before an e-mail trial (spec 01 §4 "Trial purchase flow"). */
export async function checkEmail(email: string): Promise<TEmailCheckResponse> {
  return ZEmailCheckResponse.parse(await api.post(TRIAL_PATHS.checkEmail, { email }));
}

/** GET /trial/email-trial?email=…: the server e-mails a signed sign-up link to that address. */
export async function requestEmailTrial(email: string): Promise<void> {
  await api.get(TRIAL_PATHS.emailTrial, { email });
}

/** Create checkout (spec 01 §3): the reply's checkoutUrl is where the browser goes next. */
export async function createCheckout(body: TCheckoutRequest): Promise<TCheckoutResponse> {
  return ZCheckoutResponse.parse(await api.post(PAYMENT_PATHS.createCheckout, body));
}
