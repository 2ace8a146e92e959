import type { Page } from '@playwright/test';
import { MESSAGES } from '@stem/contract/messages';
import { accounts, pick } from './support/accounts';
import { expectNoHorizontalOverflow, signIn, snap } from './support/pages';
import { expect as baseExpect, test } from './support/test';

/** Pages load their code lazily: allow for a busy machine. */
const expect = baseExpect.configure({ timeout: 20_000 });

/** Spec 02 §9: 769–1024 px is a layout of its own; 820 px is a common tablet in portrait. */
const TABLET = { width: 820, height: 1180 } as const;
const L = MESSAGES.landing;

async function followNav(page: Page, label: string, url: RegExp, heading: RegExp): Promise<void> {
  await page.getByRole('link', { name: label, exact: true }).first().click();
  await expect(page).toHaveURL(url);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expectNoHorizontalOverflow(page);
}

test.describe('on an 820 px tablet', () => {
  test.use({ viewport: TABLET, hasTouch: true });
  test.describe.configure({ timeout: 90_000 });

  test('the landing page fits, keeps its section links in the bar and its menu works', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: L.hero.title })).toBeVisible({
      timeout: 20_000,
    });
    await expectNoHorizontalOverflow(page);
    const nav = page.getByRole('navigation', { name: L.nav.label });
    await expect(nav.getByRole('link', { name: L.nav.product })).toBeVisible();
    await expect(page.getByRole('link', { name: L.nav.clientLogin })).toBeVisible();
    await page.getByRole('button', { name: L.nav.openMenu }).click();
    const menu = page.getByRole('navigation', { name: L.nav.menu });
    await expect(menu.getByRole('link', { name: L.nav.bookDemo })).toBeVisible();
    await page.keyboard.press('Escape');
    await nav.getByRole('link', { name: L.nav.pricing }).click();
    await expect(page.getByTestId('plan-personal')).toBeInViewport();
    // The plans sit two to a row here, each fully on screen.
    const [personal, classroom] = await Promise.all(
      ['plan-personal', 'plan-classroom'].map((id) => page.getByTestId(id).boundingBox()),
    );
    expect(personal && classroom && Math.abs(personal.y - classroom.y)).toBeLessThan(2);
    await expectNoHorizontalOverflow(page);
    await snap(page, 'landing-pricing', [TABLET]);
  });

  test("a teacher's dashboard and submissions list fit, and the navigation works", async ({
    page,
  }) => {
    const teacher = pick(accounts().teachers, 0, 'teacher');
    await signIn(page, teacher.email, teacher.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('recent-submission').first()).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await snap(page, 'teacher-dashboard', [TABLET]);
    await followNav(page, 'Submissions', /\/submissions$/, /Submissions/);
    await expect(page.getByTestId('teacher-submission-card').first()).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await snap(page, 'teacher-submissions', [TABLET]);
    await followNav(page, 'View Questions', /\/view-questions$/, /Questions/);
    await followNav(page, 'Classes', /\/classes$/, /Classes/);
    await followNav(page, 'Dashboard', /\/dashboard$/, /Dashboard/);
  });

  test("a student's dashboard and submissions list fit, and the navigation works", async ({
    page,
  }) => {
    const student = pick(accounts().students, 2, 'student');
    await signIn(page, student.email, student.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('recent-submission').first()).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await snap(page, 'student-dashboard', [TABLET]);
    await followNav(page, 'Submissions', /\/my-submissions$/, /Submissions/);
    await expect(page.getByTestId('submission-card').first()).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await snap(page, 'student-submissions', [TABLET]);
    await followNav(page, 'Classes', /\/my-classes$/, /Classes/);
    await followNav(page, 'Dashboard', /\/dashboard$/, /Dashboard/);
  });
});
