import AxeBuilder from '@axe-core/playwright';
import { MESSAGES } from '@stem/contract/messages';
import { accounts, pick } from './support/accounts';
import { DESKTOP, expectNoHorizontalOverflow, PHONE, signIn, snap } from './support/pages';
import { CLASSROOM_COURSE } from './support/run-state';
import { submitAndMark } from './support/student-api';
import { teachingApi } from './support/teaching-api';
import { expect, test } from './support/test';

const C = MESSAGES.classroom;

const QUESTION = {
  question: 'Explain why ice floats on water.',
  marks: 4,
  lowMarkRange: '0-1',
  highMarkRange: '3-4',
  rubric:
    'Low Mark Range (0-1):\nSays ice is light without a reason.\n\n' +
    'High Mark Range (3-4):\nIce is less dense than liquid water because its molecules are held further apart in a lattice, so it floats.',
};
const ANSWER =
  'Ice is less dense than liquid water because the molecules are held further apart in a lattice, so it floats.';

/** The page's first sight of something may wait on a slow, shared machine. */
const LOADED = { timeout: 30_000 };

// The local Classroom server (global-setup.ts) has a self-signed certificate.
test.use({ ignoreHTTPSErrors: true });

/** Issue 29: a teacher links a class to a Google Classroom course and pushes a question's marks. */
test('a teacher links a class to a Classroom course and pushes a question’s marks', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // The first seeded teacher is the local Classroom server's teacher (global-setup.ts).
  const teacher = pick(accounts().teachers, 0, 'teacher');
  const marked = pick(accounts().students, 0, 'student');
  const waiting = pick(accounts().students, 1, 'student');
  const api = await teachingApi(request, teacher);
  const classId = await api.createClass(`Classroom ${Date.now().toString(36)}`, [
    await api.studentId(marked.email),
    await api.studentId(waiting.email),
  ]);
  const questionId = await api.createQuestion(QUESTION);
  await api.addToClass(questionId, classId);
  await api.createTest(classId, 'Ice test', [questionId]);
  await submitAndMark(request, marked, classId, questionId, ANSWER);

  await signIn(page, teacher.email, teacher.password);
  await page.goto(`/class/${classId}`);
  const section = page.getByRole('region', { name: C.title });
  await expect(section.getByRole('button', { name: C.connect })).toBeVisible(LOADED);
  await snap(page, 'classroom-connect', [DESKTOP, PHONE]);

  // Google's consent (the local server gives it at once) sends the teacher back to the class.
  await section.getByRole('button', { name: C.connect }).click();
  await expect(page).toHaveURL(new RegExp(`/class/${classId}$`), LOADED);
  await expect(section.getByText(C.connected)).toBeVisible(LOADED);

  const courseLabel = `${CLASSROOM_COURSE.name} (${CLASSROOM_COURSE.section})`;
  await section.getByRole('combobox', { name: C.courseLabel }).click();
  await page.getByRole('option', { name: courseLabel }).click();
  await section.getByRole('button', { name: C.linkCourse }).click();
  await expect(section.getByTestId('classroom-linked')).toHaveText(
    C.linkedTo(CLASSROOM_COURSE.name),
    LOADED,
  );

  // The roster's preview: the seeded students are already in the school, one is new.
  await section.getByRole('button', { name: C.importRoster }).click();
  const dialog = page.getByRole('dialog', { name: C.rosterTitle });
  await expect(dialog.getByTestId('roster-row').filter({ hasText: 'Nobody Here' })).toContainText(
    MESSAGES.roster.outcome.new,
    LOADED,
  );
  await expect(dialog.getByTestId('roster-row').filter({ hasText: marked.email })).toContainText(
    MESSAGES.roster.outcome.existing,
  );
  await snap(page, 'classroom-roster-preview', [DESKTOP, PHONE]);
  await dialog.getByRole('button', { name: C.cancel }).click();
  await expect(dialog).toBeHidden();

  await section.getByRole('combobox', { name: C.questionLabel }).click();
  await page.getByRole('option', { name: QUESTION.question }).click();
  await section.getByRole('button', { name: C.pushSubmit }).click();
  await expect(section.getByText(C.pushed(1, 2))).toBeVisible(LOADED);
  const rows = section.getByTestId('classroom-push-row');
  await expect(rows.filter({ hasText: marked.name })).toContainText(C.outcome.pushed);
  await expect(rows.filter({ hasText: waiting.name })).toContainText(C.outcome.notMarked);
  await expectNoHorizontalOverflow(page);
  await snap(page, 'classroom-pushed', [DESKTOP, PHONE]);
  // The section with its outcomes passes axe-core as every page does (accessibility.spec.ts).
  const axe = await new AxeBuilder({ page })
    .include('section')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  expect(
    axe.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
  ).toEqual([]);

  // A second push updates the same coursework; the question says when it was last pushed.
  await section.getByRole('button', { name: C.pushSubmit }).click();
  await expect(section.getByText(C.pushed(1, 2))).toBeVisible(LOADED);
  await expect(section.getByText(/^Last pushed /)).toBeVisible(LOADED);

  // The class's saved test goes as one assignment worth its total marks.
  await section.getByRole('combobox', { name: C.questionLabel }).click();
  const testOption = page.getByRole('option', { name: C.testOption('Ice test', QUESTION.marks) });
  await expect(testOption).toBeVisible();
  await snap(page, 'classroom-choose-test', [DESKTOP]);
  await testOption.click();
  await section.getByRole('button', { name: C.pushSubmit }).click();
  await expect(section.getByText(C.pushed(1, 2))).toBeVisible(LOADED);
  await expect(rows.filter({ hasText: marked.name })).toContainText(`/ ${QUESTION.marks}`);
  await expectNoHorizontalOverflow(page);
  await snap(page, 'classroom-pushed-test', [DESKTOP, PHONE]);
});
