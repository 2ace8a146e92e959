import { MESSAGES } from '@stem/contract/messages';
import { RESET_REDIRECT_SECONDS } from '@stem/contract/limits';
import { accounts, pick } from './support/accounts';
import { linkTo, readOutbox } from './support/outbox';
import { fillSignInForm, snap } from './support/pages';
import { expect, test } from './support/test';

const L = MESSAGES.loginPage;
const P = MESSAGES.resetPasswordPage;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('a student resets a forgotten password through the e-mailed link', async ({ page }) => {
  const student = pick(accounts().students, 0, 'student');
  const newPassword = 'Fresh-start-2025';

  await page.goto('/login');
  await page.getByRole('button', { name: L.forgotPassword }).click();
  await expect(page.getByRole('heading', { name: L.resetHeading })).toBeVisible();
  await page.getByRole('textbox', { name: L.emailLabel }).fill(student.email);
  const since = Date.now();
  await page.getByRole('button', { name: L.sendResetInstructions }).click();
  await expect(page.getByText(MESSAGES.login.resetSent)).toBeVisible();

  const mail = await readOutbox({ to: student.email, since });
  await page.goto(linkTo(mail, '/reset-password'));
  await expect(page).toHaveURL(/\/reset-password\?token=.+/);
  await page.getByRole('textbox', { name: P.newPasswordLabel, exact: true }).fill(newPassword);
  await page.getByRole('textbox', { name: P.confirmPasswordLabel, exact: true }).fill(newPassword);
  await snap(page, 'reset-password');
  await page.getByRole('button', { name: P.submit }).click();
  await expect(page.getByText(MESSAGES.password.success)).toBeVisible();
  await expect(page.getByText(P.countdown(RESET_REDIRECT_SECONDS))).toBeVisible();
  // It counts down: any later second will do, however slowly this machine polls.
  const later = Array.from({ length: RESET_REDIRECT_SECONDS - 1 }, (_, i) => P.countdown(i + 1));
  await expect(page.getByText(new RegExp(later.map(escapeRegExp).join('|')))).toBeVisible();

  // The 5-second countdown ends on /login, which repeats the success message.
  await expect(page).toHaveURL(/\/login$/, { timeout: (RESET_REDIRECT_SECONDS + 30) * 1000 });
  await expect(page.getByText(MESSAGES.password.success)).toBeVisible();

  await fillSignInForm(page, student.email, student.password);
  await expect(page.getByText(MESSAGES.login.invalidCredentials)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await fillSignInForm(page, student.email, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Total Submissions', { exact: true })).toBeVisible();
});

test('a reset link without a token says so', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByText(MESSAGES.password.tokenMissing)).toBeVisible();
});
