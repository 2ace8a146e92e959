import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { API_BASE } from '@stem/contract/api';
import { MESSAGES } from '@stem/contract/messages';
import { PAYMENT_PATHS } from '@stem/contract/trial';
import { readOutbox } from './support/outbox';
import { openSignedIn, signIn, snap } from './support/pages';
import { trialUpgradeAccount } from './support/trial-account';
import { expect, test } from './support/test';

const P = MESSAGES.paymentPages;

/** The landing page's Buy: the public checkout call, as the Buy button makes it. */
async function startPublicCheckout(page: Page, email: string): Promise<string> {
  const response = await page.request.post(`${API_BASE}${PAYMENT_PATHS.createCheckout}`, {
    data: { planType: 'personal', billingOption: 'monthly', customer_email: email },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { checkoutUrl: string };
  return body.checkoutUrl;
}

// The run's server has PAYMENTS=test (global-setup.ts): the built-in test checkout, on by name.
test.describe('plans and payments with the built-in test checkout', () => {
  // Whole journeys (checkout, mail, sign-in, subscription pages) on shared, busy machines.
  test.describe.configure({ timeout: 120_000 });

  test('buys the Personal plan, signs in with the e-mailed password, then cancels at the period end', async ({
    page,
  }) => {
    const email = `buyer.${randomBytes(4).toString('hex')}@example.com`;
    const since = Date.now();
    await page.goto(await startPublicCheckout(page, email));
    await expect(page.getByText(/TEST PAYMENT PAGE/)).toBeVisible();
    await expect(page.getByText('Personal Learning Plan')).toBeVisible();
    await expect(page.getByText('£4.99', { exact: true })).toBeVisible();
    await page.getByLabel('Promo code').fill('EXAM2025');
    await snap(page, 'payments-test-checkout');
    await page.getByRole('button', { name: /^Pay £4\.99/ }).click();

    await expect(page).toHaveURL(/\/payment\/success\?session_id=/);
    await expect(page.getByRole('heading', { name: P.successTitle })).toBeVisible();
    await expect(page.getByText(P.successText)).toBeVisible();
    await expect(page.getByText(MESSAGES.payments.verifyCompleted)).toBeVisible();
    await expect(page.getByText(/Redirecting to your dashboard in 1[0-5] seconds/)).toBeVisible();
    await snap(page, 'payments-success');

    const mail = await readOutbox({ to: email, subject: 'is ready', since });
    const password = /Temporary password: (\S+)/.exec(mail.text)?.[1] ?? '';
    const code = /School code: ([A-Z0-9]{16})/.exec(mail.text)?.[1] ?? '';
    expect(password).not.toBe('');
    expect(code).toMatch(/^[A-Z0-9]{16}$/);
    await page.getByRole('button', { name: P.returnToDashboard }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, email, password);
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.getByRole('link', { name: 'Payments' }).first().click();
    await expect(page).toHaveURL(/\/payments$/);
    await expect(page.getByRole('heading', { name: 'Personal Learning Plan' })).toBeVisible();
    await expect(page.getByTestId('subscription-period')).toHaveText(/^Renews on /);
    await expect(page.getByRole('cell', { name: /EXAM2025: 2 months free/ })).toBeVisible();
    await expect(page.getByRole('cell', { name: '£0.00' })).toBeVisible();
    await snap(page, 'payments-management');

    await page.getByRole('link', { name: P.cancelSubscription }).click();
    await expect(page).toHaveURL(/\/payments\/cancel$/);
    await expect(page.getByText(P.cancelQuestion)).toBeVisible();
    await expect(page.getByText(P.cancelAccess)).toBeVisible();
    await snap(page, 'payments-cancel');
    await page.getByRole('button', { name: P.confirmCancel }).click();
    await expect(page).toHaveURL(/\/payments$/);
    await expect(
      page.getByText(/^Your subscription has been cancelled\. Your access continues until /),
    ).toBeVisible();
    await expect(page.getByTestId('subscription-period')).toHaveText(
      /^Your access continues until .+, then the subscription ends\.$/,
    );
    await expect(page.getByRole('link', { name: P.cancelSubscription })).toHaveCount(0);

    await page.getByRole('button', { name: 'Settings' }).first().click();
    await expect(page.getByTestId('settings-access-until')).toHaveText(
      /^Your access continues until /,
    );
  });

  test('a trial teacher upgrades from /payments and keeps the school, its work and its code', async ({
    page,
  }) => {
    const { teacher, school } = trialUpgradeAccount();
    await openSignedIn(page, teacher.email, teacher.password, '/classes');
    await expect(page.getByTestId('class-card')).toHaveCount(3, { timeout: 20_000 });
    await expect(page.getByText(MESSAGES.questions.trialBanner, { exact: true })).toBeVisible();

    await page.goto('/payments');
    await expect(page.getByText(/^Your free trial ends on /)).toBeVisible();
    await expect(page.getByRole('button', { name: P.comingSoon })).toBeDisabled();
    await snap(page, 'payments-pricing-trial');
    await page.getByRole('button', { name: P.buy('Personal Learning Plan') }).click();
    await expect(page.getByText(/TEST PAYMENT PAGE/)).toBeVisible();
    await page.getByRole('button', { name: /^Pay £4\.99/ }).click();
    await expect(page.getByRole('heading', { name: P.successTitle })).toBeVisible();
    await expect(page.getByText(MESSAGES.payments.verifyCompleted)).toBeVisible();
    // An upgrade makes no new account: the page does not send them looking for a password.
    await expect(page.getByText(P.successTextUpgrade)).toBeVisible();
    await expect(page.getByText(P.successText)).toHaveCount(0);
    await snap(page, 'payments-success-upgrade');
    await page.getByRole('button', { name: P.returnToDashboard }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/payments');
    await expect(page.getByRole('heading', { name: 'Personal Learning Plan' })).toBeVisible();
    await page.goto('/classes');
    await expect(page.getByTestId('class-card')).toHaveCount(3);
    await expect(page.getByText(MESSAGES.questions.trialBanner, { exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Settings' }).first().click();
    await expect(page.getByText(school.code.replace(/(.{4})(?!$)/g, '$1-'))).toBeVisible();
  });

  test('cancelling at the checkout charges nothing and goes home with the cancelled flag', async ({
    page,
  }) => {
    const email = `changed.mind.${randomBytes(4).toString('hex')}@example.com`;
    await page.goto(await startPublicCheckout(page, email));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/payment\/cancel$/);
    await expect(page.getByRole('heading', { name: P.cancelTitle })).toBeVisible();
    await expect(page.getByText(P.cancelText)).toBeVisible();
    await expect(page.getByText(/Redirecting to the home page in 1[0-5] seconds/)).toBeVisible();
    await snap(page, 'payments-cancelled');
    await page.getByRole('button', { name: P.returnToHome }).click();
    // The landing page says nothing was charged and clears the query string.
    await expect(page.getByText(MESSAGES.landing.paymentCancelled)).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
    const response = await page.request.post(`${API_BASE}${PAYMENT_PATHS.createCheckout}`, {
      data: { planType: 'personal', billingOption: 'monthly', customer_email: email },
    });
    // Nothing was made: the same address can still buy.
    expect(response.status()).toBe(200);
  });
});
