import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { accounts, pick } from './support/accounts';
import { openSignedIn } from './support/pages';
import { OWNER } from './support/run-state';
import { expect, test } from './support/test';

/**
 * Accessibility (issue 13): axe-core on every page of every role, at a desktop and a phone width.
 * No serious or critical finding (WCAG 2.1 A and AA rules) is allowed; the message lists each rule,
 * its help text and the first elements it found, so a failure says what to fix.
 */
const PAGES = {
  visitor: ['/', '/login', '/register', '/privacy-policy', '/eula', '/reset-password?token=x'],
  student: ['/dashboard', '/my-classes', '/my-submissions'],
  teacher: [
    '/dashboard',
    '/classes',
    '/create-class',
    '/view-questions',
    '/insert-question',
    '/submissions',
    '/upload-student-work',
    '/upload-stack',
    '/payments',
  ],
  admin: [
    '/admin-dashboard',
    '/users',
    '/all-classes',
    '/all-submissions',
    '/admin/create-class',
    '/admin/analytics',
  ],
  owner: ['/owner-dashboard', '/school-management', '/user-management'],
} as const;

const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/**
 * One load per page, audited at each width in turn: the page is resized as a turned tablet would be
 * (the layout follows the width through CSS and Mantine's media hooks), rather than loaded again.
 */
async function audit(page: Page, path: string): Promise<string[]> {
  const found: string[] = [];
  await page.setViewportSize(SIZES[0]);
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  for (const size of SIZES) {
    await page.setViewportSize(size);
    // Entrance and resize transitions (Mantine's 150-200 ms) finish before colours are measured.
    await page.waitForTimeout(400);
    const result = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      // Only violations are read: axe then skips collecting every passing node (its advice for
      // large pages).
      .options({ resultTypes: ['violations'] })
      .analyze();
    for (const v of result.violations) {
      if (v.impact !== 'serious' && v.impact !== 'critical') continue;
      const where = v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ');
      found.push(`${path} @${size.width}px: ${v.id} (${v.impact}) ${v.help} — ${where}`);
    }
  }
  return found;
}

async function auditAll(page: Page, paths: readonly string[]): Promise<void> {
  const found: string[] = [];
  for (const path of paths) found.push(...(await audit(page, path)));
  expect(found, 'serious or critical accessibility findings').toEqual([]);
}

test.describe('accessibility (axe-core)', () => {
  // Each page is loaded once and audited twice (desktop, then phone).
  test.describe.configure({ timeout: 240_000 });

  test('a visitor’s pages', async ({ page }) => {
    await auditAll(page, PAGES.visitor);
  });

  test('a student’s pages', async ({ page }) => {
    const student = pick(accounts().students, 2, 'student');
    await openSignedIn(page, student.email, student.password, PAGES.student[0]);
    await auditAll(page, PAGES.student);
  });

  test('a teacher’s pages', async ({ page }) => {
    const teacher = pick(accounts().teachers, 0, 'teacher');
    await openSignedIn(page, teacher.email, teacher.password, PAGES.teacher[0]);
    await auditAll(page, PAGES.teacher);
  });

  test('an admin’s pages', async ({ page }) => {
    const { admin } = accounts();
    await openSignedIn(page, admin.email, admin.password, PAGES.admin[0]);
    await auditAll(page, PAGES.admin);
  });

  test('the owner’s pages', async ({ page }) => {
    await openSignedIn(page, OWNER.email, OWNER.password, PAGES.owner[0]);
    await auditAll(page, PAGES.owner);
  });
});
