import type { TConfig } from '../../config';
import type { TDb } from '../../db/client';
import { createLocalPayments } from './local';
import type { PaymentsPort } from './port';
import { createStripePayments } from './stripe';

/** Config picks the payment provider, in this one place: Stripe when STRIPE_SECRET_KEY is set. */
export function selectPayments(config: TConfig, db: TDb, now: () => Date): PaymentsPort {
  if (config.stripe.secretKey) return createStripePayments(config);
  return createLocalPayments({ db, appUrl: config.appUrl, now });
}
