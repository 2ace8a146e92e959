import type { PaymentsPort } from './port';

/** Thrown by every call of the `off` provider that would start or change a payment. */
export class PaymentsOffError extends Error {
  constructor() {
    super('payments are off on this server (PAYMENTS=off, or no STRIPE_SECRET_KEY)');
  }
}

/**
 * PAYMENTS=off (the default without Stripe keys): plans are not on sale. Nothing can be bought,
 * changed or cancelled; the payments module refuses checkouts before they get here, and what is
 * asked of the provider answers that it knows nothing.
 */
export function createOffPayments(): PaymentsPort {
  const refuse = () => Promise.reject(new PaymentsOffError());
  return {
    name: 'off',
    createCheckout: refuse,
    retrieveCheckout: async () => null,
    retrieveSubscription: async () => null,
    cancelAtPeriodEnd: refuse,
    createPortalSession: refuse,
  };
}
