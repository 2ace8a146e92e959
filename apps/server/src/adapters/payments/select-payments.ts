import type { TConfig } from '../../config';
import type { TDb } from '../../db/client';
import { createLocalPayments } from './local';
import { createOffPayments } from './off';
import type { PaymentsPort } from './port';
import { createStripePayments } from './stripe';

/**
 * Config picks the payment provider, in this one place (PAYMENTS): Stripe; the built-in test
 * checkout only when asked for by name; otherwise none, and plans are not on sale.
 */
export function selectPayments(config: TConfig, db: TDb, now: () => Date): PaymentsPort {
  switch (config.payments.provider) {
    case 'stripe':
      return createStripePayments(config);
    case 'test':
      return createLocalPayments({ db, appUrl: config.appUrl, now });
    case 'off':
      return createOffPayments();
  }
}
