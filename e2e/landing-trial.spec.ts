/**
 * From the landing page's Get Started to a registered trial teacher signing in: the trial modal
 * creates the school (POST /trial/create), Register Now opens registration in trial mode, the sign-up
 * link comes by e-mail, and the new teacher signs in.
 */
import { MESSAGES } from '@stem/contract/messages';
import { formatSchoolCode } from '@stem/contract/school-code';
import { readOutbox } from './support/outbox';
import { fillSignInForm } from './support/pages';
import { expect, test } from './support/test';

const L = MESSAGES.landing;
const T = MESSAGES.trialModal;
const R = MESSAGES.registerPage;

test('Get Started makes a trial school whose teacher registers by the e-mailed link and signs in', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await page
    .getByRole('region', { name: L.hero.title })
    .getByRole('button', { name: L.hero.getStarted })
    .click();
  const dialog = page.getByRole('dialog', { name: T.title });
  await dialog.getByRole('button', { name: T.start }).click();
  await expect(dialog.getByTestId('trial-created')).toBeVisible();
  const code = (await dialog.getByTestId('trial-school-code').innerText()).replace(/-/g, '');
  expect(code).toMatch(/^[A-Z0-9]{16}$/);
  const schoolName = await dialog.getByTestId('trial-school-name').innerText();
  await expect(dialog).toContainText(T.expires('', 14).split(' on ')[0] ?? '');
  await dialog.getByRole('link', { name: T.registerNow }).click();
  await expect(page).toHaveURL(new RegExp(`/register\\?showTrial=true&code=${code}$`));

  // Registration in trial mode asks for the address to send the sign-up link to.
  const email = `trial.${Date.now().toString(36)}@e2e.test`;
  const sentAt = Date.now();
  await page.getByRole('textbox', { name: R.emailLabel }).fill(email);
  await page.getByRole('button', { name: /sign-up link/i }).click();
  const mail = await readOutbox({ to: email, since: sentAt, timeoutMs: 20_000 });
  const link = mail.links.find((candidate) => new URL(candidate).pathname === '/register');
  expect(link, 'a /register link in the mail').toBeTruthy();
  await page.goto(new URL(link ?? '').pathname + new URL(link ?? '').search);
  await expect(page.getByText(schoolName)).toBeVisible();

  const password = 'Trial-pass-42';
  await page.getByRole('textbox', { name: R.fullNameLabel, exact: true }).fill('Tess Trialist');
  await expect(page.getByRole('textbox', { name: R.emailLabel, exact: true })).toHaveValue(email);
  await page.getByRole('textbox', { name: R.passwordLabel, exact: true }).fill(password);
  await page.getByRole('textbox', { name: R.confirmPasswordLabel, exact: true }).fill(password);
  await page.getByRole('checkbox', { name: R.licenceLabel }).click();
  for (const title of [R.privacyPolicy, R.eula]) {
    const modal = page.getByRole('dialog', { name: title });
    await modal
      .getByRole('region', { name: title })
      .evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await modal.getByRole('button', { name: title === R.eula ? R.accept : R.next }).click();
  }
  await page.getByRole('button', { name: R.submit }).click();
  await expect(page).toHaveURL(/\/login$/, { timeout: 30_000 });
  await expect(page.getByText(formatSchoolCode(code))).toBeVisible();

  await fillSignInForm(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Active Classes', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('role'))).toBe('teacher');
});
