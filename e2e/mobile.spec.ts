import { MESSAGES } from '@stem/contract/messages';
import { accounts, pick } from './support/accounts';
import {
  expectNoHorizontalOverflow,
  fillSignInForm,
  openSignedIn,
  PHONE,
  snap,
} from './support/pages';
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
    await openSignedIn(page, OWNER.email, OWNER.password, '/user-management');
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

  test("the upload page's class questions show all four columns, none past the edge", async ({
    page,
  }) => {
    const U = MESSAGES.uploadPage;
    const teacher = pick(accounts().teachers, 0, 'teacher');
    await openSignedIn(page, teacher.email, teacher.password, '/upload-student-work');
    await page.getByRole('combobox', { name: U.classLabel }).click();
    await page.getByRole('option').first().click();
    const table = page.getByRole('table', { name: U.classQuestions });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    // Scrolled down to the table, not sideways within it.
    await table.evaluate((t) => window.scrollBy(0, t.getBoundingClientRect().top - 80));
    // Four short columns fit a phone: the mark ranges are not hidden past the edge to scroll to.
    for (const column of [U.questionColumn, U.marksColumn, U.lowColumn, U.highColumn]) {
      await expect(table.getByRole('columnheader', { name: column })).toBeInViewport({ ratio: 1 });
    }
    await expectNoHorizontalOverflow(page);
  });

  /** Whether an element's text is cut short (ellipsis or clipping) rather than shown whole. */
  const isCut = (el: Element) => el.scrollWidth > el.clientWidth + 1;

  test("the owner's add-school form shows both plan names whole", async ({ page }) => {
    await openSignedIn(page, OWNER.email, OWNER.password, '/school-management');
    await page.getByRole('button', { name: 'Add New School' }).click();
    await expect(page.getByText('Personal Learning Plan', { exact: true })).toBeVisible();
    for (const name of ['Classroom Success Plan', 'Personal Learning Plan']) {
      const label = page.getByText(name, { exact: true });
      await expect(label).toBeInViewport({ ratio: 1 });
      expect(await label.evaluate(isCut)).toBe(false);
    }
    await expectNoHorizontalOverflow(page);
  });

  test("a class's students show their e-mail across the card, the buttons beneath", async ({
    page,
  }) => {
    const teacher = pick(accounts().teachers, 1, 'teacher');
    await openSignedIn(page, teacher.email, teacher.password, '/classes');
    await page.locator('a[href^="/class/"]').first().click();
    const email = page.getByText(/@example\.com$/).first();
    await expect(email).toBeVisible();
    const card = email.locator('xpath=ancestor::div[contains(@class, "mantine-Paper-root")][1]');
    const [emailBox, cardBox] = [await email.boundingBox(), await card.boundingBox()];
    // The e-mail has (nearly) the card's width, not a narrow column beside the buttons.
    expect(emailBox?.width ?? 0).toBeGreaterThan((cardBox?.width ?? 0) * 0.6);
    await expectNoHorizontalOverflow(page);
  });

  test("Add To Class says 'Already added' in full", async ({ page }) => {
    const teacher = pick(accounts().teachers, 1, 'teacher');
    await openSignedIn(page, teacher.email, teacher.password, '/view-questions');
    await page.getByRole('button', { name: 'Add To Class' }).first().click();
    const label = page
      .getByRole('dialog')
      .getByText(MESSAGES.questionsPage.alreadyInClass, { exact: true })
      .first();
    await expect(label).toBeVisible();
    expect(await label.evaluate(isCut)).toBe(false);
  });

  test("the admin's create-class steps sit in one column, none wrapped onto a line of its own", async ({
    page,
  }) => {
    await openSignedIn(
      page,
      accounts().admin.email,
      accounts().admin.password,
      '/admin/create-class',
    );
    const steps = page.locator('.mantine-Stepper-step');
    await expect(steps).toHaveCount(3);
    const boxes = await steps.evaluateAll((all) =>
      all.map((step) => {
        const box = step.getBoundingClientRect();
        return { x: Math.round(box.left), y: Math.round(box.top) };
      }),
    );
    const oneRow = boxes.every((box) => box.y === boxes[0]?.y);
    const oneColumn = boxes.every((box) => box.x === boxes[0]?.x);
    expect(oneRow || oneColumn).toBe(true);
    await expectNoHorizontalOverflow(page);
  });
});
