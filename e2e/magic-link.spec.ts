import { MESSAGES } from '@stem/contract/messages';
import { accounts, pick } from './support/accounts';
import { linkTo, readOutbox } from './support/outbox';
import { snap } from './support/pages';
import { expect, test } from './support/test';

const L = MESSAGES.loginPage;
const M = MESSAGES.magicLinkPage;

test('a teacher signs in with a magic link, which then works no more', async ({
  page,
  browser,
  baseURL,
}) => {
  const teacher = pick(accounts().teachers, 0, 'teacher');

  await page.goto('/login');
  await page.getByRole('tab', { name: L.magicLinkTab }).click();
  await page.getByRole('textbox', { name: L.emailLabel }).fill(teacher.email);
  const since = Date.now();
  await page.getByRole('button', { name: L.sendMagicLink }).click();
  await expect(page.getByText(MESSAGES.login.magicLinkSent)).toBeVisible();
  await snap(page, 'login-magic-link-sent');

  const mail = await readOutbox({ to: teacher.email, since });
  const link = linkTo(mail, '/login/verify');
  expect(new URL(link).origin).toBe(baseURL);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: M.successTitle })).toBeVisible();
  await expect(page.getByText(M.successText)).toBeVisible();
  // The spec's 2 s pause on the success view, then the teacher's dashboard.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
  await expect(page.getByText('Active Classes', { exact: true })).toBeVisible();
  await expect(page.getByText('Total Questions', { exact: true })).toBeVisible();
  await snap(page, 'teacher-dashboard');

  // The same link opened again, say on another device, is refused.
  const other = await browser.newContext({ baseURL });
  try {
    const second = await other.newPage();
    await second.goto(link);
    await expect(second.getByRole('heading', { name: M.errorTitle })).toBeVisible();
    await expect(second.getByText(MESSAGES.magicLink.alreadyUsed)).toBeVisible();
    await snap(second, 'magic-link-used');
    await second.getByRole('button', { name: M.backToLogin }).click();
    await expect(second).toHaveURL(/\/login$/);
    await expect(second.getByText(MESSAGES.magicLink.alreadyUsed)).toBeVisible();
    await expect(second.getByRole('heading', { name: L.heading })).toBeVisible();
  } finally {
    await other.close();
  }
});

test('a magic-link address without a token says so', async ({ page }) => {
  await page.goto('/login/verify');
  await expect(page.getByRole('heading', { name: M.errorTitle })).toBeVisible();
  await expect(page.getByText(MESSAGES.magicLink.missingToken)).toBeVisible();
});
