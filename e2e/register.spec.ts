import type { Page } from '@playwright/test';
import { MESSAGES } from '@stem/contract/messages';
import { accounts } from './support/accounts';
import {
  expectNoHorizontalOverflow,
  fillSignInForm,
  logOut,
  snap,
  storedToken,
} from './support/pages';
import { expect, test } from './support/test';

const R = MESSAGES.registerPage;

function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@e2e.test`;
}

/** Types the code into the first box, as a person would; full boxes hand focus to the next one. */
async function typeSchoolCode(page: Page, code: string): Promise<void> {
  await page.getByRole('textbox', { name: R.schoolCodeBox(1, 4) }).click();
  await page.keyboard.type(code.toLowerCase());
  for (let box = 0; box < 4; box += 1) {
    const from = box * 4 + 1;
    await expect(page.getByRole('textbox', { name: R.schoolCodeBox(from, from + 3) })).toHaveValue(
      code.slice(box * 4, box * 4 + 4),
    );
  }
}

/** Scrolls a legal document of the consent modal to its end. */
async function readToTheEnd(page: Page, title: string): Promise<void> {
  await page
    .getByRole('dialog', { name: title })
    .getByRole('region', { name: title })
    .evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
}

test.describe('registration', () => {
  test('a student registers with the school code, signs in and logs out', async ({ page }) => {
    const { school } = accounts();
    const email = uniqueEmail('new.student');
    const password = 'Student-pass-42';

    await page.goto('/register');
    await expect(page.getByRole('heading', { name: R.heading })).toBeVisible();
    await page.getByRole('textbox', { name: R.fullNameLabel, exact: true }).fill('Robin Newcomer');
    await page.getByRole('textbox', { name: R.emailLabel, exact: true }).fill(email);
    await page.getByRole('textbox', { name: R.passwordLabel, exact: true }).fill(password);
    await page.getByRole('textbox', { name: R.confirmPasswordLabel, exact: true }).fill(password);
    await typeSchoolCode(page, school.code);
    await expect(page.getByText(R.schoolName(school.name))).toBeVisible();
    // The four boxes are the same width (the first, without a dash before it, was wider).
    const widths = await Promise.all(
      [1, 5, 9, 13].map(async (from) => {
        const box = await page
          .getByRole('textbox', { name: R.schoolCodeBox(from, from + 3) })
          .boundingBox();
        return Math.round(box?.width ?? 0);
      }),
    );
    expect(Math.max(...widths) - Math.min(...widths)).toBeLessThanOrEqual(1);

    const createAccount = page.getByRole('button', { name: R.submit });
    const licence = page.getByRole('checkbox', { name: R.licenceLabel });
    await expect(createAccount).toBeDisabled();
    // Everything filled in but the licence, whose box is not touched yet: no error under it.
    await expect(page.getByText(MESSAGES.register.licenceRequired)).toHaveCount(0);
    await snap(page, 'register-filled');

    // Ticking opens the documents; only Accept at the end of the second one ticks the box.
    await licence.click();
    const privacy = page.getByRole('dialog', { name: R.privacyPolicy });
    await expect(privacy).toBeVisible();
    const next = privacy.getByRole('button', { name: R.next });
    await expect(next).toBeDisabled();
    await snap(page, 'register-privacy-modal');
    await readToTheEnd(page, R.privacyPolicy);
    await expect(next).toBeEnabled();
    await next.click();

    const eula = page.getByRole('dialog', { name: R.eula });
    await expect(eula).toBeVisible();
    const accept = eula.getByRole('button', { name: R.accept });
    await expect(accept).toBeDisabled();
    await readToTheEnd(page, R.eula);
    await expect(accept).toBeEnabled();
    await accept.click();
    await expect(eula).toBeHidden();
    await expect(licence).toBeChecked();

    await expect(createAccount).toBeEnabled();
    await createAccount.click();
    await expect(page.getByText(MESSAGES.register.success)).toBeVisible();
    await expect(page.getByText(MESSAGES.register.redirecting)).toBeVisible();
    // The spec's 1.5 s redirect, with room for a slow machine.
    await expect(page).toHaveURL(/\/login$/, { timeout: 30_000 });
    await expect(page.getByText(MESSAGES.register.success)).toBeVisible();

    await fillSignInForm(page, email, password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Active Classes', { exact: true })).toBeVisible();
    await expect(page.getByText('Total Submissions', { exact: true })).toBeVisible();
    await snap(page, 'student-dashboard');
    expect(await storedToken(page)).toBeTruthy();

    await logOut(page);
    expect(await storedToken(page)).toBeNull();
    await expect(page.getByRole('heading', { name: MESSAGES.loginPage.heading })).toBeVisible();
  });

  test('an unknown school code is refused and Create Account stays disabled', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('textbox', { name: R.fullNameLabel, exact: true }).fill('Wrong Code');
    await page
      .getByRole('textbox', { name: R.emailLabel, exact: true })
      .fill(uniqueEmail('wrong.code'));
    await page.getByRole('textbox', { name: R.passwordLabel, exact: true }).fill('Student-pass-42');
    await page
      .getByRole('textbox', { name: R.confirmPasswordLabel, exact: true })
      .fill('Student-pass-42');
    // Well-formed, so the server is asked; no school has it (codes are random and never this).
    await typeSchoolCode(page, 'ZZZZ0000ZZZZ0000');
    await expect(page.getByText(MESSAGES.register.invalidCode, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: R.submit })).toBeDisabled();
    await expectNoHorizontalOverflow(page);
  });
});
