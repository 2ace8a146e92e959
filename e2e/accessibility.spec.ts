import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { accounts, pick } from './support/accounts';
import { signIn } from './support/pages';
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

async function audit(page: Page, path: string): Promise<string[]> {
  const found: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    // Entrance transitions (Mantine's 150-200 ms) finish before colours are measured.
    await page.waitForTimeout(400);
    const result = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
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
  // Each page is loaded and audited twice (desktop and phone).
  test.describe.configure({ timeout: 240_000 });

  test('a visitor’s pages', async ({ page }) => {
    await auditAll(page, PAGES.visitor);
  });

  test('a student’s pages', async ({ page }) => {
    const student = pick(accounts().students, 2, 'student');
    await signIn(page, student.email, student.password);
    await auditAll(page, PAGES.student);
  });

  test('a teacher’s pages', async ({ page }) => {
    const teacher = pick(accounts().teachers, 0, 'teacher');
    await signIn(page, teacher.email, teacher.password);
    await auditAll(page, PAGES.teacher);
  });

  test('an admin’s pages', async ({ page }) => {
    const { admin } = accounts();
    await signIn(page, admin.email, admin.password);
    await auditAll(page, PAGES.admin);
  });

  test('the owner’s pages', async ({ page }) => {
    await signIn(page, OWNER.email, OWNER.password);
    await auditAll(page, PAGES.owner);
  });
});
