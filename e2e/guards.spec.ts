import { accounts, pick } from './support/accounts';
import { logOut, signIn, snap } from './support/pages';
import { OWNER } from './support/run-state';
import { expect, test } from './support/test';

test.describe('route guards', () => {
  test('a signed-out visitor is sent to /login', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/owner-dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await snap(page, 'login');
  });

  test('a student reaches only student pages', async ({ page }) => {
    const student = pick(accounts().students, 1, 'student');
    await signIn(page, student.email, student.password);
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/classes');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/owner-dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/admin-dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
    // Signed in, the login page leads back to the dashboard.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Total Submissions', { exact: true })).toBeVisible();
  });

  test('an admin lands on /admin-dashboard', async ({ page }) => {
    const { admin } = accounts();
    await signIn(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/admin-dashboard$/);
    await expect(page.getByTestId('shell-user-name')).toHaveText(admin.name);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/admin-dashboard$/);
    await snap(page, 'admin-dashboard');
    await logOut(page);
  });

  test('the owner from OWNER_EMAIL lands on /owner-dashboard', async ({ page }) => {
    await signIn(page, OWNER.email, OWNER.password);
    await expect(page).toHaveURL(/\/owner-dashboard$/);
    await page.goto('/classes');
    await expect(page).toHaveURL(/\/owner-dashboard$/);
    await snap(page, 'owner-dashboard');
  });

  test('an unknown address shows a not-found page', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await snap(page, 'not-found');
  });
});
