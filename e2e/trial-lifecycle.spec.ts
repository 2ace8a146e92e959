import type { Page } from '@playwright/test';
import { API_BASE, AUTH_PATHS } from '@stem/contract/api';
import { MESSAGES } from '@stem/contract/messages';
import { SUBMISSION_PATHS } from '@stem/contract/submissions';
import { accounts, pick } from './support/accounts';
import { linkTo, readOutbox } from './support/outbox';
import { expectChartLabelsApart, openSignedIn, signIn, snap } from './support/pages';
import { baseUrl } from './support/run-state';
import { teachingApi } from './support/teaching-api';
import { expiredTrialAccount, trialAccount } from './support/trial-account';
import { expect, test } from './support/test';

const R = MESSAGES.registerPage;
const RUBRIC =
  'Low Mark Range (0-1):\nNames one idea.\n\nHigh Mark Range (2-3):\nExplains the idea with a reason.';

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click();
  return page.getByRole('dialog', { name: 'Settings' });
}

/** Scrolls a legal document of the consent modal to its end. */
async function readToTheEnd(page: Page, title: string): Promise<void> {
  await page
    .getByRole('dialog', { name: title })
    .getByRole('region', { name: title })
    .evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
}

test.describe('trials and plan limits', () => {
  // Long journeys (several sign-ins, a registration with the licence step): give them room.
  test.slow();
  test('an expired trial: sign-in works, the work stays visible, creating is refused with the upgrade link', async ({
    page,
  }) => {
    const { teacher } = expiredTrialAccount();
    await signIn(page, teacher.email, teacher.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    const banner = page.getByTestId('trial-banner');
    await expect(banner).toContainText(MESSAGES.register.trialExpired);
    await expect(banner.getByRole('link', { name: MESSAGES.trial.upgradeToPaid })).toHaveAttribute(
      'href',
      '/payments',
    );
    await expect(page.getByRole('button', { name: 'Create Class' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Add Question' })).toBeDisabled();
    await snap(page, 'trial-expired-dashboard');

    await page.goto('/classes');
    await expect(page.getByTestId('class-card')).toHaveCount(3);
    // The shell's banner says it once, with the upgrade link; no second alert on the page repeats it.
    await expect(page.getByTestId('trial-banner')).toContainText(MESSAGES.register.trialExpired);
    await expect(
      page.getByTestId('trial-banner').getByRole('link', { name: MESSAGES.trial.upgradeToPaid }),
    ).toBeVisible();
    await expect(page.getByText(MESSAGES.register.trialExpired)).toHaveCount(1);
    await expect(page.getByTestId('trial-limit-banner')).toHaveCount(0);
    await expect(page.getByText(MESSAGES.questions.trialBanner)).toHaveCount(0);
  });

  test('settings popup of a trial teacher: usage bars, no editing, days left in the banner', async ({
    page,
  }) => {
    const { teacher, school } = trialAccount();
    await signIn(page, teacher.email, teacher.password);
    await expect(page.getByTestId('trial-banner')).toContainText(MESSAGES.trial.daysLeft(14));
    const dialog = await openSettings(page);
    await expect(dialog.getByText(school.name)).toBeVisible();
    await expect(dialog.getByText(MESSAGES.settings.paidOnly)).toBeVisible();
    await expect(dialog.getByText(MESSAGES.settings.trialUsage)).toBeVisible();
    await expect(dialog.getByLabel('Teacher accounts used: 1 of 1')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Edit school name' })).toHaveCount(0);
    await expect(dialog.getByText(MESSAGES.settings.studentUsage)).toHaveCount(0);
    await snap(page, 'settings-trial-teacher');
  });

  test('settings popup of a paid teacher: rename the school and see the Student Usage chart', async ({
    page,
  }) => {
    const { school, teachers } = accounts();
    const teacher = pick(teachers, 1, 'teacher');
    await signIn(page, teacher.email, teacher.password);
    const dialog = await openSettings(page);
    await expect(dialog.getByTestId('student-usage')).toBeVisible();
    await expect(dialog.getByTestId('student-usage')).toContainText(/of 30 students/);
    await expect(dialog.locator('.recharts-surface').first()).toBeVisible();
    // The weeks' dates under the chart stand apart (they were crowded, 6 px between two of them).
    expect(
      (await expectChartLabelsApart(dialog.getByTestId('student-usage'))).length,
    ).toBeGreaterThan(2);

    await dialog.getByRole('button', { name: 'Edit school name' }).click();
    const nameBox = dialog.getByRole('textbox', { name: 'School name' });
    await nameBox.fill('   ');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog.getByText(MESSAGES.settings.nameEmpty)).toBeVisible();
    await nameBox.fill(`${school.name} (renamed)`);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    // The success line clears itself after 3 s, so the new name is what stays to check.
    await expect(dialog.getByText(`${school.name} (renamed)`)).toBeVisible();
    await snap(page, 'settings-paid-teacher');
    // Put the name back for the other specs.
    await dialog.getByRole('button', { name: 'Edit school name' }).click();
    await dialog.getByRole('textbox', { name: 'School name' }).fill(school.name);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog.getByText(school.name, { exact: true })).toBeVisible();
  });

  test('a student at the attempt limit of one question still answers the others', async ({
    page,
    request,
  }) => {
    const { teachers, students } = accounts();
    const teacher = pick(teachers, 0, 'teacher');
    const student = pick(students, students.length - 1, 'student');
    const api = await teachingApi(request, teacher);
    const classId = await api.createClass(`Attempts ${Date.now()}`, [
      await api.studentId(student.email),
    ]);
    const used = await api.createQuestion({
      question: 'Why does ice float on water?',
      marks: 3,
      lowMarkRange: '0-1',
      highMarkRange: '2-3',
      rubric: RUBRIC,
    });
    const fresh = await api.createQuestion({
      question: 'Why do we see lightning before we hear thunder?',
      marks: 3,
      lowMarkRange: '0-1',
      highMarkRange: '2-3',
      rubric: RUBRIC,
    });
    await api.addToClass(used, classId);
    await api.addToClass(fresh, classId);

    // Three attempts at the first question, through the API.
    const login = await request.post(`${baseUrl()}${API_BASE}${AUTH_PATHS.login}`, {
      data: { email: student.email, password: student.password },
    });
    const { token } = (await login.json()) as { token: string };
    for (let i = 0; i < 3; i += 1) {
      const reply = await request.post(
        `${baseUrl()}${API_BASE}${SUBMISSION_PATHS.studentSubmissions}`,
        {
          headers: { authorization: `Bearer ${token}` },
          data: {
            classId,
            submissions: [{ questionId: used, answer: `Ice is less dense, try ${i + 1}.` }],
          },
        },
      );
      expect(reply.status(), await reply.text()).toBe(201);
    }

    await openSignedIn(page, student.email, student.password, `/start-submission/${classId}`);
    await expect(page.getByTestId('answering-limits')).toContainText(
      MESSAGES.limits.exhaustedHidden(1),
    );
    await expect(page.getByTestId('question-text')).toHaveText(
      'Why do we see lightning before we hear thunder?',
    );
    await expect(page.getByTestId('attempts-used')).toHaveText(MESSAGES.limits.attemptsUsed(0, 3));
    await expect(page.getByTestId('total-questions')).toHaveText(
      MESSAGES.answeringPage.totalQuestions(1),
    );
    await expect(page.getByTestId('answer-counter')).toHaveText(
      MESSAGES.limits.characters(0, 20_000),
    );
    await snap(page, 'attempt-limit-answering');
  });

  test('trial sign-up through the e-mailed link makes a teacher who signs in to the trial', async ({
    page,
  }) => {
    const email = `trial.${Date.now()}@e2e.test`;
    const password = 'Trial-pass-123';
    const since = Date.now();
    await page.goto('/register?showTrial=true');
    await page.getByRole('textbox', { name: R.emailLabel }).fill(email);
    await page.getByRole('button', { name: MESSAGES.trial.sendLink }).click();
    await expect(page.getByText(MESSAGES.trial.linkSent(email))).toBeVisible();

    const mail = await readOutbox({ to: email, since });
    await page.goto(linkTo(mail, '/register'));
    await expect(page.getByText(MESSAGES.trial.badge, { exact: true })).toBeVisible();
    await expect(page.getByText(MESSAGES.trial.limitedAccess)).toBeVisible();
    await expect(page.getByText(MESSAGES.trial.oneTeacher)).toBeVisible();
    await expect(page.getByText(MESSAGES.trial.oneStudent)).toBeVisible();
    await expect(page.getByText(/^Expires on /)).toBeVisible();
    const emailBox = page.getByRole('textbox', { name: R.emailLabel, exact: true });
    await expect(emailBox).toHaveValue(email);
    await expect(emailBox).toHaveAttribute('readonly', '');
    await expect(page.getByRole('textbox', { name: R.schoolCodeBox(1, 4) })).toHaveCount(0);

    await page.getByRole('textbox', { name: R.fullNameLabel, exact: true }).fill('Tess Trial');
    await page.getByRole('textbox', { name: R.passwordLabel, exact: true }).fill(password);
    await page.getByRole('textbox', { name: R.confirmPasswordLabel, exact: true }).fill(password);
    await page.getByRole('checkbox', { name: R.licenceLabel }).click();
    await readToTheEnd(page, R.privacyPolicy);
    await page
      .getByRole('dialog', { name: R.privacyPolicy })
      .getByRole('button', { name: R.next })
      .click();
    await readToTheEnd(page, R.eula);
    await page
      .getByRole('dialog', { name: R.eula })
      .getByRole('button', { name: R.accept })
      .click();
    await snap(page, 'trial-register-filled');
    await page.getByRole('button', { name: R.submit }).click();
    await expect(page.getByText(MESSAGES.register.success)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 30_000 });
    await expect(page.getByText(MESSAGES.generatedSchoolCode.title)).toBeVisible();

    const codeMail = await readOutbox({
      to: email,
      subject: MESSAGES.trial.codeMailSubject,
      since,
    });
    expect(codeMail.text).toMatch(/[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}/);

    await signIn(page, email, password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('trial-banner')).toContainText(MESSAGES.trial.daysLeft(14));
  });
});
