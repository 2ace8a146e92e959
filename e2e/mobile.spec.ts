import { MESSAGES } from '@stem/contract/messages';
import { accounts, pick } from './support/accounts';
import { expectNoHorizontalOverflow, fillSignInForm, PHONE, signIn, snap } from './support/pages';
import { OWNER } from './support/run-state';
import { expect, test } from './support/test';

test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

test.describe('on a phone (390 px)', () => {
  test('login and register fit the screen', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: MESSAGES.loginPage.heading })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expect(page.getByRole('button', { name: MESSAGES.loginPage.signIn })).toBeInViewport();

    await page.goto('/register');
    const R = MESSAGES.registerPage;
    await expect(page.getByRole('heading', { name: R.heading })).toBeVisible();
    for (const [from, to] of [
      [1, 4],
      [5, 8],
      [9, 12],
      [13, 16],
    ] as const) {
      // All four boxes sit side by side within the screen's width.
      const box = page.getByRole('textbox', { name: R.schoolCodeBox(from, to) });
      await box.scrollIntoViewIfNeeded();
      await expect(box).toBeInViewport({ ratio: 1 });
    }
    await expectNoHorizontalOverflow(page);
    await snap(page, 'register');
  });

  test('the side navigation hides behind a burger', async ({ page }) => {
    const teacher = pick(accounts().teachers, 1, 'teacher');
    await page.goto('/login');
    await fillSignInForm(page, teacher.email, teacher.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Active Classes', { exact: true })).toBeVisible();
    await expectNoHorizontalOverflow(page);

    const logOut = page.getByRole('button', { name: 'Log Out' });
    await expect(logOut).not.toBeInViewport();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(logOut).toBeInViewport();
    await snap(page, 'mobile-navigation', [PHONE]);

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'View Questions' })
      .click();
    await expect(page).toHaveURL(/\/view-questions$/);
    await expect(logOut).not.toBeInViewport();
    await expectNoHorizontalOverflow(page);

    await page.getByRole('button', { name: 'Open navigation' }).click();
    await logOut.click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("the owner's users table keeps each row on one line and scrolls sideways", async ({
    page,
  }) => {
    await signIn(page, OWNER.email, OWNER.password);
    await page.goto('/user-management');
    const rows = page.getByTestId('user-row');
    await expect(rows.first()).toBeVisible();
    const heights = await rows.evaluateAll((all) =>
      all.map((row) => row.getBoundingClientRect().height),
    );
    const lineHeight = await rows
      .first()
      .locator('td')
      .first()
      .evaluate((cell) => parseFloat(getComputedStyle(cell).lineHeight));
    // A cell's padding and one line of text: a wrapped name or date would double it or more.
    for (const height of heights) expect(height).toBeLessThan(lineHeight * 2 + 4);
    await expectNoHorizontalOverflow(page);
  });
});
