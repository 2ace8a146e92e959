import { MESSAGES } from '@stem/contract/messages';
import { accounts, pick } from './support/accounts';
import { logOut, signIn, snap } from './support/pages';
import { ltiPlatform, OWNER } from './support/run-state';
import { expect, test } from './support/test';

const L = MESSAGES.lti;
const P = L.platforms;

// The local LTI platform (global-setup.ts) has a self-signed certificate.
test.use({ ignoreHTTPSErrors: true });

test('the owner registers an LMS; a teacher deep links a question from it and a student launches it', async ({
  page,
  browser,
}) => {
  const lms = ltiPlatform();
  const seed = accounts();
  const teacher = pick(seed.teachers, 0, 'teacher');
  const student = pick(seed.students, 0, 'student');

  // The owner registers the LMS for the demo school.
  await signIn(page, OWNER.email, OWNER.password);
  await page.getByRole('link', { name: 'LMS Platforms' }).first().click();
  await expect(page.getByRole('heading', { name: P.toolSettings })).toBeVisible();
  await page.getByRole('textbox', { name: P.name }).fill('Canvas (local)');
  await page.getByRole('combobox', { name: P.school }).fill(seed.school.name.slice(0, 6));
  await page.getByRole('option', { name: seed.school.name }).click();
  await page.getByRole('textbox', { name: P.issuer }).fill(lms.issuer);
  await page.getByRole('textbox', { name: P.clientId }).fill(lms.clientId);
  await page.getByRole('textbox', { name: P.authLoginUrl }).fill(lms.authLoginUrl);
  await page.getByRole('textbox', { name: P.accessTokenUrl }).fill(lms.accessTokenUrl);
  await page.getByRole('textbox', { name: P.keySetUrl }).fill(lms.jwksUrl);
  await page.getByRole('textbox', { name: P.deploymentIds }).fill(lms.deploymentId);
  await page.getByRole('button', { name: P.add }).click();
  await expect(page.getByText(P.added('Canvas (local)'))).toBeVisible();
  await expect(page.getByRole('cell', { name: lms.clientId })).toBeVisible();
  await snap(page, 'lms-platforms');
  await logOut(page);

  // The teacher adds a STEM@Home assignment in the course: the LMS launches deep linking.
  const start = (params: Record<string, string>) =>
    `${lms.issuer}/start?${new URLSearchParams(params).toString()}`;
  await page.goto(
    start({
      kind: 'deepLink',
      sub: 'e2e-teacher',
      name: teacher.name,
      email: teacher.email,
      role: 'instructor',
    }),
  );
  await expect(page).toHaveURL(/\/lti\/deep-link\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { name: L.deepLinkTitle })).toBeVisible();
  await page.getByRole('combobox', { name: L.deepLinkClass }).click();
  await page.getByRole('option').first().click();
  await page.getByRole('combobox', { name: L.deepLinkQuestion }).click();
  const question = page.getByRole('option').first();
  await question.click();
  await snap(page, 'lti-deep-link');
  await page.getByRole('button', { name: L.deepLinkSubmit }).click();
  // The signed response went back to the LMS, which made the link and its gradebook column.
  await expect(page.getByRole('heading', { name: 'Added to the course' })).toBeVisible();
  const link = (await page.locator('#links').textContent())?.trim() ?? '';
  expect(link).toMatch(/^link-\d+$/);

  // A student opens the assignment from the course: signed in, on the question.
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  const studentPage = await context.newPage();
  await studentPage.goto(
    start({
      kind: 'resource',
      link,
      sub: 'e2e-student',
      name: student.name,
      email: student.email,
      role: 'learner',
    }),
  );
  await expect(studentPage).toHaveURL(/\/start-submission\/[0-9a-f-]+\/[0-9a-f-]+$/);
  await expect(studentPage.getByTestId('shell-user-name')).toHaveText(student.name);
  await snap(studentPage, 'lti-student-question');

  // Someone the LMS calls an instructor but who has no teacher account is refused with a page.
  await studentPage.goto(
    start({
      kind: 'resource',
      link,
      sub: 'e2e-stranger',
      name: 'Stranger Teacher',
      email: 'stranger.teacher@e2e.test',
      role: 'instructor',
    }),
  );
  await expect(studentPage.getByRole('heading', { name: L.refusedTitle })).toBeVisible();
  await expect(studentPage.getByText(L.instructorWithoutAccount)).toBeVisible();
  await snap(studentPage, 'lti-refused');
  await context.close();

  // The teacher's launch of the link opens the class, whose LMS section sends marks.
  await page.goto(
    start({
      kind: 'resource',
      link,
      sub: 'e2e-teacher',
      name: teacher.name,
      email: teacher.email,
      role: 'instructor',
    }),
  );
  await expect(page).toHaveURL(/\/class\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { name: L.classTitle })).toBeVisible();
  await page.getByRole('button', { name: L.sendMarks }).first().click();
  await expect(page.getByText(/marks? sent/)).toBeVisible();
  await snap(page, 'class-lms-section');
});
