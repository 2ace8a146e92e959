import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { MESSAGES } from '@stem/contract/messages';
import { accounts, pick } from './support/accounts';
import { DESKTOP, expectNoHorizontalOverflow, openSignedIn, snap } from './support/pages';
import { submitAndMark } from './support/student-api';
import { teachingApi } from './support/teaching-api';
import { expect, test } from './support/test';

const C = MESSAGES.classMarking;
const R = MESSAGES.rubricItems;
/** The brief's smallest phone: nothing may be wider than 375 px. */
const SMALL_PHONE = { width: 375, height: 812 } as const;

/** Serious or critical axe-core findings on the page as it is (WCAG 2.1 A and AA). */
async function axeFindings(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

const QUESTION = {
  question: 'Why does a metal spoon feel colder than a wooden spoon at the same temperature?',
  marks: 4,
  lowMarkRange: '0-1',
  highMarkRange: '3-4',
  rubric:
    'Low Mark Range (0-1):\nSays metal is cold without explaining heat transfer.\n\n' +
    'High Mark Range (3-4):\nMetal is a good thermal conductor and wood an insulator, so heat flows from the hand into the metal faster, and the hand cools faster.',
};

const ANSWERS = [
  'Metal is a conductor so heat flows from my hand into the spoon quickly, and wood is an insulator so it does not.',
  'The metal spoon is colder.',
  'Metal conducts heat away from the hand faster than wood, which is an insulator, so the hand loses heat faster and feels cold.',
];

test.describe('marking one question across the class', () => {
  test('a teacher opens a class question, moves with keys, accepts one mark, overrides another and hides the names', async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    const teacher = pick(accounts().teachers, 0, 'teacher');
    const students = [3, 4, 5, 6].map((i) => pick(accounts().students, i, 'student'));
    const api = await teachingApi(request, teacher);
    const className = `Heat ${randomUUID().slice(0, 6)}`;
    const studentIds = [];
    for (const student of students) studentIds.push(await api.studentId(student.email));
    const classId = await api.createClass(className, studentIds);
    const questionId = await api.createQuestion(QUESTION);
    await api.addToClass(questionId, classId);
    // Three of the four answer; the fourth has not yet.
    for (const [i, answer] of ANSWERS.entries()) {
      const student = students[i];
      if (student) await submitAndMark(request, student, classId, questionId, answer);
    }

    await openSignedIn(page, teacher.email, teacher.password, `/class/${classId}`);
    await page.getByRole('button', { name: MESSAGES.classesPage.showQuestions(1) }).click();
    await expect(page.getByRole('link', { name: C.openLabel(QUESTION.question) })).toBeVisible();
    // The class page's question list with its new button, at both widths.
    await snap(page, 'class-marking-class-page', [DESKTOP, SMALL_PHONE]);
    await page.getByRole('link', { name: C.openLabel(QUESTION.question) }).click();
    await expect(page).toHaveURL(new RegExp(`/class/${classId}/questions/${questionId}/mark$`));

    const screenRoot = page.getByTestId('class-marking');
    const current = page.getByTestId('class-marking-student');
    const position = page.getByTestId('class-marking-position');
    const progress = page.getByTestId('class-marking-progress');
    const status = page.getByTestId('class-marking-status');
    await expect(screenRoot).toBeVisible();
    await expect(progress).toHaveText(C.progress(0, 3));
    await expect(page.getByTestId('class-marking-rubric')).toContainText('thermal conductor');
    const studentList = page.getByTestId('class-marking-students');
    await expect(studentList.getByRole('button')).toHaveCount(4);
    // It opens on the first answer to review (students by name).
    await expect(position).toHaveText(/^Student \d of 4$/);
    const firstName = (await current.textContent()) ?? '';
    expect(students.map((s) => s.name)).toContain(firstName);

    // J and K (and the arrows) move through the class.
    const startAt = (await position.textContent()) ?? '';
    await page.keyboard.press('j');
    await expect(position).not.toHaveText(startAt);
    await page.keyboard.press('k');
    await expect(position).toHaveText(startAt);
    await page.keyboard.press('ArrowDown');
    await expect(position).not.toHaveText(startAt);
    await page.keyboard.press('ArrowUp');
    await expect(current).toHaveText(firstName);

    // A accepts the marker's mark, and the screen goes on to the next answer to review.
    await page.keyboard.press('a');
    await expect(status).toContainText(`${firstName}: `);
    await expect(progress).toHaveText(C.progress(1, 3));
    await expect(current).not.toHaveText(firstName);
    const secondName = (await current.textContent()) ?? '';
    await expect(page.getByTestId('class-marking-ai-mark')).toBeVisible();
    const aiScore = Number(
      /(\d+)\/4/.exec((await page.getByTestId('class-marking-ai-mark').textContent()) ?? '')?.[1],
    );
    const teacherScore = aiScore === 1 ? 2 : 1;

    // Digits type a mark; Enter saves it through the review call.
    await page.keyboard.press(String(teacherScore));
    await expect(page.getByTestId('class-marking-mark-input')).toHaveValue(String(teacherScore));
    await expect(status).toHaveText(C.typed(String(teacherScore)));
    await page.keyboard.press('Enter');
    await expect(status).toHaveText(C.saved(secondName, teacherScore, 4));
    await expect(progress).toHaveText(C.progress(2, 3));
    const secondRow = studentList.getByRole('button', { name: new RegExp(secondName) });
    await expect(secondRow).toContainText(C.state.changed);
    await expect(secondRow).toContainText(`${teacherScore}/4`);

    // ? shows the keys; P opens the original.
    await page.keyboard.press('?');
    await expect(page.getByTestId('class-marking-keys')).toBeVisible();
    expect(await axeFindings(page), 'accessibility of the keys dialog').toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('class-marking-keys')).toBeHidden();
    await page.keyboard.press('p');
    await expect(page.getByTestId('class-marking-original')).toBeVisible();
    expect(await axeFindings(page), 'accessibility of the original').toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('class-marking-original')).toBeHidden();

    await snap(page, 'class-marking', [DESKTOP, SMALL_PHONE]);
    expect(await axeFindings(page), 'accessibility at 1280 px').toEqual([]);
    await page.setViewportSize(SMALL_PHONE);
    await expectNoHorizontalOverflow(page);
    // On a phone the same actions are buttons.
    await expect(page.getByRole('button', { name: C.nextToReview })).toBeVisible();
    expect(await axeFindings(page), 'accessibility at 375 px').toEqual([]);
    await page.setViewportSize(DESKTOP);

    // Anonymous mode: no names, "Student n" in a shuffled order that stays the same.
    const shownBefore = (await current.textContent()) ?? '';
    await page.getByRole('switch', { name: new RegExp(C.anonymous) }).click();
    await expect(current).toHaveText(/^Student \d$/);
    for (const student of students) {
      await expect(studentList.getByText(student.name, { exact: true })).toHaveCount(0);
    }
    const order = await studentList.getByRole('button').allTextContents();
    expect(order.map((t) => /^Student \d/.exec(t)?.[0])).toEqual([
      'Student 1',
      'Student 2',
      'Student 3',
      'Student 4',
    ]);
    await snap(page, 'class-marking-anonymous', [DESKTOP, SMALL_PHONE]);
    await page.reload();
    await expect(current).toHaveText(/^Student \d$/);
    expect(await studentList.getByRole('button').allTextContents()).toEqual(order);
    await page.getByRole('switch', { name: new RegExp(C.anonymous) }).click();
    await expect(studentList.getByText(shownBefore, { exact: true })).toBeVisible();

    // Test on a few first: the marker proposes the one answer left to mark; with the teacher's two
    // marks as examples, it marks the rest.
    await page.getByRole('button', { name: R.fewFirst }).click();
    const few = page.getByTestId('few-first');
    await expect(few.getByTestId('few-first-answer')).toHaveCount(1);
    await expect(few.getByTestId('few-first-progress')).toHaveText(R.fewFirstProgress(0, 1));
    await few.getByRole('button', { name: R.markRest(1) }).click();
    await expect(status).toHaveText(R.markRestQueued(1));
    await expect(few).toBeHidden();
    await expect(progress).toHaveText(C.progress(2, 3));
  });
});
