import type { APIRequestContext, Page } from '@playwright/test';
import { apiPath, AUTH_PATHS } from '@stem/contract/api';
import { MESSAGES } from '@stem/contract/messages';
import { accounts, pick } from './support/accounts';
import { expectNoHorizontalOverflow, openSignedIn, PHONE, signIn, snap } from './support/pages';
import { expect, test } from './support/test';

const T = MESSAGES.admin;
const PASSWORD = 'admin-e2e-password-1';

/** A new student of the demo school, registered through the API with the school's code. */
async function registerStudent(request: APIRequestContext, name: string) {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`;
  const response = await request.post(apiPath(AUTH_PATHS.register), {
    data: { fullName: name, email, password: PASSWORD, schoolCode: accounts().school.code },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { name, email };
}

async function findUser(page: Page, name: string) {
  await page.goto('/users');
  await page.getByRole('textbox', { name: T.searchUsers }).fill(name);
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
}

async function changeRole(page: Page, name: string, change: 'promote' | 'demote') {
  const label = change === 'promote' ? T.promote : T.demote;
  await page.getByRole('button', { name: `${label} ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: T.confirm }).click();
  await expect(
    page.getByText(change === 'promote' ? T.userPromoted : T.userDemoted, { exact: true }).first(),
  ).toBeVisible();
}

test.describe('the school admin', () => {
  test('promotes, demotes and deletes people, creates a class with the wizard, browses classes and submissions', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const run = Date.now().toString(36);
    const teacherToBe = await registerStudent(request, `Tina Wizard ${run}`);
    const pupil = await registerStudent(request, `Pat Pupil ${run}`);
    const className = `Admin E2E ${run}`;
    const { admin } = accounts();
    await signIn(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/admin-dashboard$/);
    // The seeded school's newest submissions (it always said "No recent submissions").
    const recent = page.getByRole('region', { name: 'Recent Submissions' });
    await expect(recent.getByTestId('recent-submission').first()).toBeVisible();
    await expect(recent.getByText(MESSAGES.dashboard.noRecentSubmissions)).toHaveCount(0);
    await snap(page, 'admin-dashboard');

    // Promote a student to teacher, then demote and promote again.
    await findUser(page, teacherToBe.name);
    await changeRole(page, teacherToBe.name, 'promote');
    await changeRole(page, teacherToBe.name, 'demote');
    await changeRole(page, teacherToBe.name, 'promote');
    await snap(page, 'admin-users');

    // The 3-step wizard: a name, a teacher, then at least one student.
    await page.goto('/admin/create-class');
    await page.getByRole('textbox', { name: MESSAGES.classesPage.classNameLabel }).fill(className);
    await page.getByRole('button', { name: T.next }).click();
    await page.getByRole('radio', { name: new RegExp(teacherToBe.name) }).check();
    await page.getByRole('button', { name: T.next }).click();
    await page.getByRole('textbox', { name: MESSAGES.classesPage.searchStudents }).fill(pupil.name);
    await page.getByRole('checkbox', { name: new RegExp(pupil.name) }).check();
    await page.getByRole('button', { name: T.createClass }).click();
    await expect(page).toHaveURL(/\/all-classes$/);

    // All classes: search, then the class's details.
    await page.getByRole('textbox', { name: T.searchClasses }).fill(className);
    // The search has been applied (the list shows that class alone) before the card is clicked: a
    // card clicked while the list is redrawn is replaced under the pointer.
    await expect(page.getByTestId('class-card')).toHaveCount(1);
    await page.getByTestId('class-card').filter({ hasText: className }).click();
    await expect(page.getByRole('heading', { name: className })).toBeVisible();
    await expect(page.getByText(`${T.teacherLabel}: ${teacherToBe.name}`)).toBeVisible();
    await page.getByRole('button', { name: `${T.viewWork}: ${pupil.name}` }).click();
    await expect(page.getByRole('dialog').getByText(T.noStudentWork)).toBeVisible();
    await page.keyboard.press('Escape');
    await snap(page, 'admin-class-details');

    // A promoted student leaves the class's student list (the seeded school is at its plan's
    // 30 students, so the class's own pupil is promoted, then demoted back).
    const classPage = page.url();
    await findUser(page, pupil.name);
    await changeRole(page, pupil.name, 'promote');
    await page.goto(classPage);
    await expect(page.getByRole('heading', { name: className })).toBeVisible();
    await expect(page.getByText(MESSAGES.classesPage.noClassStudents)).toBeVisible();
    await expect(page.getByRole('button', { name: `${T.viewWork}: ${pupil.name}` })).toHaveCount(0);
    await findUser(page, pupil.name);
    await changeRole(page, pupil.name, 'demote');

    // Deleting a teacher who teaches a class: the dialog explains first, nothing fails yet.
    await findUser(page, teacherToBe.name);
    await page.getByRole('button', { name: `${T.delete} ${teacherToBe.name}` }).click();
    const blocked = page.getByRole('dialog');
    await expect(blocked.getByText(T.deleteBlockedTitle(1))).toBeVisible();
    await expect(blocked.getByText(T.deleteBlockedTeacher(teacherToBe.name, 1, 0))).toBeVisible();
    await expect(blocked.getByRole('button', { name: T.delete })).toBeDisabled();
    await expect(page.getByText(/^Failed to delete user/)).toHaveCount(0);
    await snap(page, 'admin-delete-teacher-blocked');
    await blocked.getByRole('button', { name: T.cancel }).click();

    // A teacher who teaches a class is not demoted; the server's reason is shown.
    await findUser(page, teacherToBe.name);
    await page.getByRole('button', { name: `${T.demote} ${teacherToBe.name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: T.confirm }).click();
    await expect(
      page
        .getByText(T.demoteFailed(T.teacherOwnsClasses(teacherToBe.name, 1)), { exact: true })
        .first(),
    ).toBeVisible();

    // Deleting a student says what goes with them first.
    await findUser(page, pupil.name);
    await page.getByRole('button', { name: `${T.delete} ${pupil.name}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(T.confirmDeleteBody(1, 0, 0))).toBeVisible();
    await dialog.getByRole('button', { name: T.delete }).click();
    await expect(page.getByText(T.userDeleted, { exact: true }).first()).toBeVisible();
    await expect(page.getByText(T.noUsers)).toBeVisible();

    // The school's submissions, with the shared list's details drawer.
    await page.goto('/all-submissions');
    await expect(page.getByRole('heading', { name: /^All Submissions \(\d+\)$/ })).toBeVisible();
    const details = page.getByRole('button', { name: /^View details of/ }).first();
    if (await details.isVisible()) {
      await details.click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.keyboard.press('Escape');
    }
    await snap(page, 'admin-submissions');
  });

  test('fits a phone: users, classes and submissions', async ({ page }) => {
    const { admin } = accounts();
    await page.setViewportSize(PHONE);
    await signIn(page, admin.email, admin.password);
    for (const path of ['/users', '/all-classes', '/all-submissions', '/admin/create-class']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoHorizontalOverflow(page);
    }
    await page.goto('/users');
    await expect(page.getByTestId('user-row').first()).toBeVisible();
    await expectNoHorizontalOverflow(page);
  });

  test('route access: the admin pages are the admin’s; a teacher opening /all-classes gets /classes', async ({
    page,
  }) => {
    const teacher = pick(accounts().teachers, 0, 'teacher');
    await openSignedIn(page, teacher.email, teacher.password, '/all-classes');
    await expect(page).toHaveURL(/\/classes$/);
    for (const path of ['/users', '/admin/users', '/all-submissions', '/admin/all-classes']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
    }
  });
});
