import { MESSAGES } from '@stem/contract/messages';
import { accounts } from './support/accounts';
import { logOut, signIn, snap } from './support/pages';
import { expect, test } from './support/test';

const O = MESSAGES.oidc;
const D = O.schoolDomains;

// The local OpenID Provider (global-setup.ts) has a self-signed certificate.
test.use({ ignoreHTTPSErrors: true });

test('a student of a listed domain signs in with Google (the local provider) and lands on their dashboard', async ({
  page,
}) => {
  const domain = `oidc-${Date.now().toString(36)}.example.org`;
  const { admin } = accounts();

  // The admin lists the school's e-mail domain in Settings.
  await signIn(page, admin.email, admin.password);
  await page.getByRole('button', { name: 'Settings' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: D.title })).toBeVisible();
  await dialog.getByRole('textbox', { name: D.label }).fill('gmail.com');
  await dialog.getByRole('button', { name: D.add }).click();
  await expect(dialog.getByText(D.publicDomain('gmail.com'))).toBeVisible();
  await dialog.getByRole('textbox', { name: D.label }).fill(domain.toUpperCase());
  await dialog.getByRole('button', { name: D.add }).click();
  await expect(dialog.getByText(D.added(domain))).toBeVisible();
  await expect(dialog.getByRole('button', { name: D.remove(domain) })).toBeVisible();
  await snap(page, 'settings-school-domains', [{ width: 1280, height: 800 }]);
  await page.keyboard.press('Escape');
  await logOut(page);

  // A student of that domain signs in with the provider's own login page. That page (oidc-provider's
  // development login form) asks for a web font from the internet; nothing here may need it.
  await page.route('https://fonts.googleapis.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/css', body: '' }),
  );
  await page.goto('/login');
  const button = page.getByRole('link', { name: O.signInWith('Google') });
  await expect(button).toBeVisible();
  await snap(page, 'login-with-google');
  await button.click();
  await expect(page).toHaveURL(/^https:\/\/127\.0\.0\.1:\d+\/interaction\//);
  await page.getByPlaceholder('Enter any login').fill(`maya.patel@${domain}`);
  await page.getByPlaceholder('and password').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('shell-user-name')).toHaveText('Maya Patel');
  await expect(page.getByText('Total Submissions', { exact: true })).toBeVisible();
  await snap(page, 'oidc-student-dashboard', [{ width: 1280, height: 800 }]);
});
