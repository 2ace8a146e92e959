import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@stem/contract/messages';
import { accounts, pick } from './support/accounts';
import {
  DESKTOP,
  expectNoHorizontalOverflow,
  openSignedIn,
  PHONE,
  signIn,
  snap,
} from './support/pages';
import { teachingApi } from './support/teaching-api';
import { expect, test } from './support/test';

const S = MESSAGES.student;

/** Text that appears only in the rubrics: the student's screens must never show it. */
const RUBRIC_MARKER = 'RUBRIC-ONLY';

/** A rubric in the product's format whose every line carries the marker. */
function rubricFor(low: string, high: string): string {
  return (
    `Low Mark Range (${low}):\n${RUBRIC_MARKER} vague answer.\n\n` +
    `High Mark Range (${high}):\n${RUBRIC_MARKER} names the idea precisely.`
  );
}

test.describe("a student's classes", () => {
  test('sees the class with its question count, opens it, and sees questions and marks but never the rubric', async ({
    page,
    request,
  }) => {
    // Student 24 is in teacher 2's seeded "Year 10 Chemistry" (with the seed's questions); the teacher
    // adds a class with two questions and an empty one through the API.
    const teacher = pick(accounts().teachers, 1, 'teacher');
    const student = pick(accounts().students, 23, 'student');
    const api = await teachingApi(request, teacher);
    const className = `Forces and Motion ${randomUUID().slice(0, 6)}`;
    const studentId = await api.studentId(student.email);
    const classId = await api.createClass(className, [studentId]);
    const emptyClassName = `Not Started Yet ${randomUUID().slice(0, 6)}`;
    await api.createClass(emptyClassName, [studentId]);
    const questions = [
      { question: 'Explain what a balanced force does to a moving object.', marks: 5 },
      { question: 'State the unit of force.', marks: 1 },
    ];
    for (const q of questions) {
      const low = q.marks === 1 ? '0-0' : '0-1';
      const high = q.marks === 1 ? '1-1' : '3-5';
      const id = await api.createQuestion({
        ...q,
        lowMarkRange: low,
        highMarkRange: high,
        rubric: rubricFor(low, high),
      });
      await api.addToClass(id, classId);
    }

    await signIn(page, student.email, student.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    const activeClasses = page.getByTestId('stat-Active Classes');
    await expect(activeClasses).toBeVisible();

    await page.goto('/my-classes');
    await expect(page.getByRole('heading', { level: 1, name: 'My Classes' })).toBeVisible();
    await expect(page).toHaveTitle('My Classes · STEM@Home');
    const cards = page.getByTestId('student-class-card');
    const card = cards.filter({ hasText: className });
    await expect(card).toContainText(`Teacher: ${teacher.name}`);
    await expect(card).toContainText('2 questions');
    await expect(cards.filter({ hasText: emptyClassName })).toContainText('0 questions');
    const classCount = await cards.count();
    expect(classCount).toBeGreaterThanOrEqual(2);
    await snap(page, 'student-my-classes', [DESKTOP]);

    const reply = page.waitForResponse((r) => r.url().includes(`/student/class/${classId}`));
    await card.click();
    await expect(page).toHaveURL(new RegExp(`/student/class/${classId}$`));
    // Not on the screen, and not even in the reply the page received.
    expect(await (await reply).text()).not.toContain(RUBRIC_MARKER);
    await expect(page.getByRole('heading', { level: 1, name: className })).toBeVisible();
    await expect(page.getByText(teacher.name, { exact: true })).toBeVisible();
    await expect(page.getByTestId('fact-questions')).toHaveText('2');
    await expect(page.getByTestId('fact-total-marks')).toHaveText('6');
    const rows = page.getByTestId('overview-question');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(questions[0]?.question ?? '');
    await expect(rows.nth(0)).toContainText('5 marks');
    await expect(rows.nth(1)).toContainText(questions[1]?.question ?? '');
    await expect(rows.nth(1)).toContainText('1 mark');
    await expect(page.locator('body')).not.toContainText(RUBRIC_MARKER);
    await expect(page.getByRole('link', { name: 'Start Submission' })).toHaveAttribute(
      'href',
      `/start-submission/${classId}`,
    );
    await snap(page, 'student-class-overview', [DESKTOP]);

    // The same overview under its other address.
    await page.goto(`/class-details/${classId}`);
    await expect(page.getByRole('heading', { level: 1, name: className })).toBeVisible();

    // A class without questions cannot be started.
    await page.goto('/my-classes');
    await cards.filter({ hasText: emptyClassName }).click();
    await expect(page.getByRole('heading', { level: 1, name: emptyClassName })).toBeVisible();
    await expect(page.getByText(S.noQuestionsYet)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start Submission' })).toBeDisabled();

    await page.goto('/start-submission');
    await expect(page.getByRole('heading', { level: 1, name: 'Start Submission' })).toBeVisible();
    const select = page.getByRole('region', { name: 'Select Your Class' });
    await expect(select.getByTestId('student-class-card')).toHaveCount(classCount);
    await expect(select.getByRole('link', { name: new RegExp(className) })).toHaveAttribute(
      'href',
      `/start-submission/${classId}`,
    );

    // The dashboard's Active Classes count is the number of classes /my-classes lists.
    await page.goto('/dashboard');
    await expect(activeClasses).toHaveText(String(classCount));
  });

  test('a malformed or unknown class id gets a clear message and a way back', async ({ page }) => {
    const student = pick(accounts().students, 22, 'student');
    await openSignedIn(page, student.email, student.password, '/student/class/not-a-class');
    await expect(page.getByRole('alert')).toContainText(S.invalidClassId);

    // The server answers 404 for a class that does not exist and for one the student is not in.
    await page.goto(`/student/class/${randomUUID()}`);
    await expect(page.getByRole('alert')).toContainText(MESSAGES.classes.notFound);
    await page.getByRole('link', { name: 'Back to My Classes' }).click();
    await expect(page).toHaveURL(/\/my-classes$/);
    await expect(
      page.getByTestId('student-class-card').filter({ hasText: 'Year 10 Chemistry' }),
    ).toBeVisible();
  });
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('the class list, the overview and the class choice fit the screen', async ({
    page,
    request,
  }) => {
    const teacher = pick(accounts().teachers, 1, 'teacher');
    const student = pick(accounts().students, 20, 'student');
    const api = await teachingApi(request, teacher);
    const className = `Waves, Sound and Light for Year Ten ${randomUUID().slice(0, 6)}`;
    const classId = await api.createClass(className, [await api.studentId(student.email)]);
    const questionId = await api.createQuestion({
      question:
        'Describe how a longitudinal sound wave travels through air, naming compressions and rarefactions, and explain why sound cannot travel through a vacuum.',
      marks: 6,
      lowMarkRange: '0-1',
      highMarkRange: '4-6',
      rubric: rubricFor('0-1', '4-6'),
    });
    await api.addToClass(questionId, classId);

    await openSignedIn(page, student.email, student.password, '/my-classes');
    const card = page.getByTestId('student-class-card').filter({ hasText: className });
    await expect(card).toContainText('1 question');
    await expectNoHorizontalOverflow(page);
    await snap(page, 'student-my-classes', [PHONE]);

    await card.click();
    await expect(page.getByRole('heading', { level: 1, name: className })).toBeVisible();
    await expect(page.getByTestId('overview-question')).toContainText('6 marks');
    // Start Submission may sit below the fold, but wholly on screen once scrolled to.
    const start = page.getByRole('link', { name: 'Start Submission' });
    await start.scrollIntoViewIfNeeded();
    await expect(start).toBeInViewport({ ratio: 1 });
    await expectNoHorizontalOverflow(page);
    await snap(page, 'student-class-overview', [PHONE]);

    await page.goto('/start-submission');
    await expect(page.getByRole('link', { name: new RegExp(className) })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await snap(page, 'student-start-submission', [PHONE]);
  });
});
