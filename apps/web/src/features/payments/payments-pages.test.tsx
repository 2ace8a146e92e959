// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@stem/contract/messages';
import type { TSubscription, TSubscriptionResponse } from '@stem/contract/payments';
import { PAYMENT_PATHS, TRIAL_PATHS } from '@stem/contract/trial';
import { PAYMENT_EXTRA_PATHS } from '@stem/contract/payments';
import { setupLocalBackend } from '../../test/local-backend';
import { signIn } from '../../test/session';
import { LocationProbe, renderRoutes } from '../../test/render-app';
import CancelSubscriptionPage from './pages/cancel-subscription-page';
import PaymentCancelPage from './pages/payment-cancel-page';
import PaymentSuccessPage from './pages/payment-success-page';
import SubscriptionPage from './pages/subscription-page';

const confetti = vi.hoisted(() =>
  Object.assign(
    vi.fn(() => Promise.resolve()),
    { reset: vi.fn() },
  ),
);
vi.mock('canvas-confetti', () => ({ default: confetti }));

const T = MESSAGES.paymentPages;
const backend = setupLocalBackend();

const subscription = (overrides: Partial<TSubscription> = {}): TSubscription => ({
  status: 'active',
  isActive: true,
  isTrial: false,
  plan: 'personal',
  planName: 'Personal Learning Plan',
  billingOption: 'monthly',
  amountPence: 499,
  currentPeriodEnd: '2026-12-26T10:00:00.000Z',
  cancelAtPeriodEnd: false,
  firstChargeOn: null,
  trialExpiresAt: null,
  canCreate: true,
  ...overrides,
});
const reply = (overrides: Partial<TSubscriptionResponse> = {}): TSubscriptionResponse => ({
  success: true,
  subscription: subscription(),
  isTrial: false,
  hasStripeAccount: true,
  portalUrl: null,
  canManage: true,
  message: 'Subscription loaded',
  ...overrides,
});

/** A school on its free trial, ending on 1 December 2026. */
const trialReply = () =>
  reply({
    isTrial: true,
    hasStripeAccount: false,
    subscription: subscription({
      status: 'trial',
      isActive: false,
      isTrial: true,
      plan: 'trial',
      planName: 'Free Trial',
      billingOption: null,
      amountPence: null,
      currentPeriodEnd: null,
      trialExpiresAt: '2026-12-01T10:00:00.000Z',
    }),
  });

const routes = [
  { path: '/payment/success', element: <PaymentSuccessPage /> },
  { path: '/payment/cancel', element: <PaymentCancelPage /> },
  { path: '/payments', element: <SubscriptionPage /> },
  { path: '/payments/cancel', element: <CancelSubscriptionPage /> },
  { path: '*', element: <LocationProbe /> },
];

describe('payment pages (spec 01 §2)', { timeout: 20_000 }, () => {
  beforeEach(() => {
    confetti.mockClear();
    signIn('admin', { permissions: ['view_payments', 'manage_payments'] });
    backend.on('GET', PAYMENT_EXTRA_PATHS.plans, {
      status: 200,
      body: { success: true, plansOnSale: true, classroomEnabled: false, introOfferEnds: null },
    });
  });

  it('confirms a payment, bursts confetti, counts down from 15 and returns to the dashboard', async () => {
    localStorage.clear();
    backend.on('GET', PAYMENT_PATHS.verify, {
      status: 200,
      body: {
        success: true,
        status: 'completed',
        kind: 'purchase',
        message: MESSAGES.payments.verifyCompleted,
      },
    });
    renderRoutes(routes, '/payment/success?session_id=cs_local_1');
    expect(screen.getByRole('heading', { name: T.successTitle })).toBeTruthy();
    expect(screen.getByText(T.successText)).toBeTruthy();
    expect(screen.getByText(T.successCountdown(15))).toBeTruthy();
    expect(confetti).toHaveBeenCalled();
    expect(await screen.findByText(MESSAGES.payments.verifyCompleted)).toBeTruthy();
    expect(screen.getByText(T.successText)).toBeTruthy();
    expect(backend.seen.find((r) => r.path === PAYMENT_PATHS.verify)).toBeTruthy();
    await screen.findByText(T.successCountdown(14), undefined, { timeout: 20_000 });
    fireEvent.click(screen.getByRole('button', { name: T.returnToDashboard }));
    expect((await screen.findByTestId('location')).textContent).toBe('/dashboard');
  });

  it('tells a school that upgraded that nothing new is sent to sign in with', async () => {
    backend.on('GET', PAYMENT_PATHS.verify, {
      status: 200,
      body: {
        success: true,
        status: 'completed',
        kind: 'upgrade',
        message: MESSAGES.payments.verifyCompleted,
      },
    });
    renderRoutes(routes, '/payment/success?session_id=cs_local_2');
    expect(await screen.findByText(MESSAGES.payments.verifyCompleted)).toBeTruthy();
    expect(screen.getByText(T.successTextUpgrade)).toBeTruthy();
    expect(screen.queryByText(/temporary password/)).toBeNull();
  });

  it('says when the first charge falls after a promotion code', async () => {
    backend.on('GET', PAYMENT_PATHS.subscription, {
      status: 200,
      body: reply({ subscription: subscription({ firstChargeOn: '2027-01-26T10:00:00.000Z' }) }),
    });
    backend.on('GET', PAYMENT_PATHS.history, {
      status: 200,
      body: { success: true, payments: [] },
    });
    renderRoutes(routes, '/payments');
    expect((await screen.findByTestId('subscription-first-charge')).textContent).toBe(
      T.firstCharge('£4.99', '26 January 2027'),
    );
  });

  it('says plans are not on sale yet, with no way to buy, when the server takes no payments', async () => {
    backend.on('GET', PAYMENT_EXTRA_PATHS.plans, {
      status: 200,
      body: { success: true, plansOnSale: false, classroomEnabled: false, introOfferEnds: null },
    });
    backend.on('GET', PAYMENT_PATHS.subscription, {
      status: 200,
      body: trialReply(),
    });
    renderRoutes(routes, '/payments');
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: T.notOnSale })).toHaveLength(2),
    );
    for (const button of screen.getAllByRole('button', { name: T.notOnSale })) {
      expect(button).toHaveProperty('disabled', true);
    }
    expect(screen.getAllByText(T.notOnSaleNote)).toHaveLength(2);
    expect(screen.queryByRole('button', { name: T.buy('Personal Learning Plan') })).toBeNull();
    expect(screen.queryByLabelText(T.promoLabel, { exact: false })).toBeNull();
  });

  it('says nothing was charged and goes home with the cancelled flag', async () => {
    const { router } = renderRoutes(routes, '/payment/cancel');
    expect(screen.getByRole('heading', { name: T.cancelTitle })).toBeTruthy();
    expect(screen.getByText(T.cancelText)).toBeTruthy();
    expect(screen.getByText(T.cancelCountdown(15))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: T.returnToHome }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe('?payment_status=cancelled');
  });

  it('shows the management view of an active plan with its invoices, portal and cancel', async () => {
    backend.on('GET', PAYMENT_PATHS.subscription, { status: 200, body: reply() });
    backend.on('GET', PAYMENT_PATHS.history, {
      status: 200,
      body: {
        success: true,
        payments: [
          {
            id: 'p1',
            description: 'Personal Learning Plan (monthly)',
            plan: 'personal',
            billingOption: 'monthly',
            amountPence: 499,
            currency: 'gbp',
            invoiceId: 'in_1',
            status: 'paid',
            date: '2026-11-26T10:00:00.000Z',
          },
        ],
      },
    });
    renderRoutes(routes, '/payments');
    expect(await screen.findByRole('heading', { name: 'Personal Learning Plan' })).toBeTruthy();
    expect(screen.getByText(T.renewsOn('26 December 2026'))).toBeTruthy();
    expect(await screen.findByText('Personal Learning Plan (monthly)')).toBeTruthy();
    const table = screen.getByRole('table');
    expect(within(table).getAllByText('£4.99')).toHaveLength(1);
    expect(screen.getByRole('button', { name: T.manageInPortal })).toBeTruthy();
    expect(screen.getByRole('link', { name: T.cancelSubscription }).getAttribute('href')).toBe(
      '/payments/cancel',
    );
  });

  it('shows a trial the pricing view and upgrades it through /trial/upgrade', async () => {
    backend.on('GET', PAYMENT_PATHS.subscription, {
      status: 200,
      body: trialReply(),
    });
    backend.on('POST', TRIAL_PATHS.upgrade, {
      status: 400,
      body: { success: false, code: 'BAD_REQUEST', message: MESSAGES.payments.checkoutUnavailable },
    });
    renderRoutes(routes, '/payments');
    expect(await screen.findByText(T.trialNote('1 December 2026'))).toBeTruthy();
    expect(within(screen.getByTestId('plan-personal')).getByTestId('price').textContent).toBe(
      '£4.99',
    );
    expect(screen.getByRole('button', { name: T.comingSoon })).toHaveProperty('disabled', true);
    // The promo is refused at once on the annual plan, with the server's words.
    fireEvent.click(
      within(screen.getAllByRole('radiogroup')[0] as HTMLElement).getByText(T.annual),
    );
    expect(within(screen.getByTestId('plan-personal')).getByTestId('price').textContent).toBe(
      '£49.99',
    );
    fireEvent.change(screen.getByLabelText(T.promoLabel, { exact: false }), {
      target: { value: 'EXAM2025' },
    });
    fireEvent.click(screen.getByRole('button', { name: T.buy('Personal Learning Plan') }));
    expect(await screen.findByText(MESSAGES.payments.promoWrongPlan)).toBeTruthy();
    expect(backend.seen.some((r) => r.path === TRIAL_PATHS.upgrade)).toBe(false);
    fireEvent.click(
      within(screen.getAllByRole('radiogroup')[0] as HTMLElement).getByText(T.monthly),
    );
    fireEvent.click(screen.getByRole('button', { name: T.buy('Personal Learning Plan') }));
    await waitFor(() =>
      expect(backend.seen.some((r) => r.path === TRIAL_PATHS.upgrade)).toBe(true),
    );
    expect(backend.seen.find((r) => r.path === TRIAL_PATHS.upgrade)?.body).toEqual({
      planId: 'personal',
      billingOption: 'monthly',
      promoCode: 'EXAM2025',
    });
    expect(await screen.findByText(MESSAGES.payments.checkoutUnavailable)).toBeTruthy();
  });

  it('tells a classroom teacher without the payment permissions who looks after the plan, without asking', async () => {
    signIn('teacher', { permissions: [] });
    renderRoutes(routes, '/payments');
    expect(screen.getByText(MESSAGES.payments.managedByAdmin)).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(backend.seen.some((r) => r.path === PAYMENT_PATHS.subscription)).toBe(false);
  });

  it('says who looks after the plan when the server refuses the stored permissions', async () => {
    backend.on('GET', PAYMENT_PATHS.subscription, {
      status: 403,
      body: { success: false, code: 'FORBIDDEN', message: 'no' },
    });
    renderRoutes(routes, '/payments');
    expect(await screen.findByText(MESSAGES.payments.managedByAdmin)).toBeTruthy();
  });

  it('cancels at the period end and comes back to /payments saying until when', async () => {
    backend.on('GET', PAYMENT_PATHS.subscription, { status: 200, body: reply() });
    backend.on('POST', PAYMENT_PATHS.cancelSubscription, {
      status: 200,
      body: {
        success: true,
        message: MESSAGES.payments.cancelScheduled('26 December 2026'),
        cancelAtPeriodEnd: true,
        accessUntil: '2026-12-26T10:00:00.000Z',
      },
    });
    const { router } = renderRoutes(routes, '/payments/cancel');
    expect(screen.getByText(T.cancelQuestion)).toBeTruthy();
    expect(screen.getByText(T.cancelAccess)).toBeTruthy();
    expect(await screen.findByText(T.cancelAccessUntil('26 December 2026'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: T.confirmCancel }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payments'));
    expect(
      await screen.findByText(MESSAGES.payments.cancelScheduled('26 December 2026')),
    ).toBeTruthy();
  });

  it('offers no Yes to someone with nothing to cancel, and says why', async () => {
    // A plan granted without a purchase (no billing account): the server would answer 404.
    backend.on('GET', PAYMENT_PATHS.subscription, {
      status: 200,
      body: reply({ hasStripeAccount: false }),
    });
    const { unmount } = renderRoutes(routes, '/payments/cancel');
    expect(await screen.findByText(MESSAGES.payments.noSubscription)).toBeTruthy();
    expect(screen.queryByRole('button', { name: T.confirmCancel })).toBeNull();
    expect(screen.getByRole('link', { name: T.backToSubscription }).getAttribute('href')).toBe(
      '/payments',
    );
    unmount();

    // The owner has no school and so no subscription.
    signIn('owner', { permissions: ['view_payments', 'manage_payments'] });
    backend.on('GET', PAYMENT_PATHS.subscription, {
      status: 200,
      body: reply({
        subscription: null,
        hasStripeAccount: false,
        message: 'The platform owner has no subscription.',
      }),
    });
    const owner = renderRoutes(routes, '/payments/cancel');
    expect(await screen.findByText('The platform owner has no subscription.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: T.confirmCancel })).toBeNull();
    owner.unmount();

    // Already set to end.
    signIn('admin', { permissions: ['view_payments', 'manage_payments'] });
    backend.on('GET', PAYMENT_PATHS.subscription, {
      status: 200,
      body: reply({ subscription: subscription({ cancelAtPeriodEnd: true }) }),
    });
    const ending = renderRoutes(routes, '/payments/cancel');
    expect(await screen.findByText(MESSAGES.payments.alreadyCancelled)).toBeTruthy();
    ending.unmount();

    // A classroom teacher without the payment permissions: told who looks after it, nothing asked.
    signIn('teacher', { permissions: [] });
    renderRoutes(routes, '/payments/cancel');
    expect(screen.getByText(MESSAGES.payments.managedByAdmin)).toBeTruthy();
    expect(screen.queryByRole('button', { name: T.confirmCancel })).toBeNull();
    expect(backend.seen.some((r) => r.path === PAYMENT_PATHS.cancelSubscription)).toBe(false);
  });

  it('keeps the subscription and goes to the dashboard on No', async () => {
    backend.on('GET', PAYMENT_PATHS.subscription, { status: 200, body: reply() });
    renderRoutes(routes, '/payments/cancel');
    fireEvent.click(screen.getByRole('button', { name: T.keepSubscription }));
    expect((await screen.findByTestId('location')).textContent).toBe('/dashboard');
    expect(backend.seen.some((r) => r.path === PAYMENT_PATHS.cancelSubscription)).toBe(false);
  });
});
