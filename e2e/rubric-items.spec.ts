import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { CLASS_EXTRA_PATHS } from '@stem/contract/admin';
import { API_BASE, AUTH_PATHS, QUESTION_PATHS, fillPath } from '@stem/contract/api';
import { MESSAGES } from '@stem/contract/messages';
import { accounts, pick } from './support/accounts';
import { DESKTOP, openSignedIn, PHONE, snap } from './support/pages';
import { baseUrl } from './support/run-state';
import { submitAndMark } from './support/student-api';
import { teachingApi } from './support/teaching-api';
import { expect, test } from './support/test';

const C = MESSAGES.classMarking;
const R = MESSAGES.rubricItems;

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
  question: 'Why does a metal spoon feel colder than a wooden spoon in the same room?',
  marks: 4,
  lowMarkRange: '0-1',
  highMarkRange: '3-4',
  rubric:
    'Low Mark Range (0-1):\nSays metal is cold without explaining heat transfer.\n\n' +
    'High Mark Range (3-4):\nMetal conducts heat and wood insulates, so heat flows from the hand into the metal faster.',
};

const ANSWERS = [
  'Metal is a conductor so heat flows from my hand into the spoon quickly; wood is an insulator.',
  'The metal spoon is colder because cold flows into your hand.',
];

test.describe('rubric items, saved comments and re-marks on the marking screen', () => {
  test('a teacher marks with items and keys, changes an item, reuses a comment and re-marks after a rubric change', async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    const teacher = pick(accounts().teachers, 0, 'teacher');
    const students = [7, 8].map((i) => pick(accounts().students, i, 'student'));
    const api = await teachingApi(request, teacher);
    const studentIds = [];
    for (const student of students) studentIds.push(await api.studentId(student.email));
    const classId = await api.createClass(`Spoons ${randomUUID().slice(0, 6)}`, studentIds);
    const questionId = await api.createQuestion(QUESTION);
    await api.addToClass(questionId, classId);
    for (const [i, answer] of ANSWERS.entries()) {
      const student = students[i];
      if (student) await submitAndMark(request, student, classId, questionId, answer);
    }

    await openSignedIn(
      page,
      teacher.email,
      teacher.password,
      `/class/${classId}/questions/${questionId}/mark`,
    );
    const status = page.getByTestId('class-marking-status');
    const current = page.getByTestId('class-marking-student');
    const panel = page.getByTestId('rubric-items');
    await expect(panel).toContainText(R.none);

    // Two items, added from the screen.
    for (const [label, points] of [
      ['Heat flows from the hand', '2'],
      ['Names conductor and insulator', '1'],
    ] as const) {
      await panel.getByRole('button', { name: R.add }).click();
      await page.getByTestId('rubric-item-label').fill(label);
      await page.getByTestId('rubric-item-points').fill(points);
      await page.getByTestId('rubric-item-form').getByRole('button', { name: R.add }).click();
      await expect(status).toHaveText(R.added);
    }
    await expect(panel.getByTestId('rubric-item')).toHaveCount(2);
    // On a phone each of the panel's buttons is a finger's tap: at least 24 px each way (WCAG 2.5.8).
    await page.setViewportSize(PHONE);
    // The panel follows the width through a media hook, a render after the resize: wait for it.
    await expect
      .poll(
        () =>
          panel
            .getByRole('button')
            .evaluateAll((buttons) =>
              Math.min(
                ...buttons.map((b) =>
                  Math.min(b.getBoundingClientRect().width, b.getBoundingClientRect().height),
                ),
              ),
            ),
        { message: 'the smallest button of the rubric items panel, in px', timeout: 20_000 },
      )
      .toBeGreaterThanOrEqual(24);
    await page.setViewportSize(DESKTOP);

    // 1 and 2 apply the items: the mark is their points added up, saved as a review.
    const first = (await current.textContent()) ?? '';
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('1');
    await expect(status).toHaveText(R.itemToggled(first, 2, 4));
    await page.keyboard.press('2');
    await expect(status).toHaveText(R.itemToggled(first, 3, 4));
    await expect(page.getByTestId('class-marking-mark')).toHaveText(C.mark(3, 4));
    await expect(page.getByTestId('answer-rubric-lines')).toContainText('Heat flows from the hand');

    // A comment, saved on the answer and for reuse.
    await page.keyboard.press('c');
    await page.getByTestId('class-marking-comment-input').fill('Say which way the heat flows.');
    await page.getByRole('button', { name: R.saveForReuse }).click();
    await expect(status).toHaveText(R.commentSaved);
    await page.getByRole('button', { name: R.saveComment }).click();
    await expect(status).toHaveText(R.commentStored(first));

    // N: the other student (still to review). Shift+1 puts the saved comment in the box; M types a mark anyway.
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('n');
    await expect(current).not.toHaveText(first);
    const second = (await current.textContent()) ?? '';
    await page.keyboard.press('Shift+Digit1');
    await expect(page.getByTestId('class-marking-comment-input')).toHaveValue(
      'Say which way the heat flows.',
    );
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('2');
    await expect(status).toHaveText(R.itemToggled(second, 1, 4));

    // Item 1 worth 1 instead of 2: the first student's mark follows (3 → 2), and the screen says so.
    await page.getByRole('button', { name: R.editLabel('Heat flows from the hand') }).click();
    await page.getByTestId('rubric-item-points').fill('1');
    await page
      .getByTestId('rubric-item-form')
      .getByRole('button', { name: R.save, exact: true })
      .click();
    await expect(status).toHaveText(R.updated(1));
    const firstRow = page
      .getByTestId('class-marking-students')
      .getByRole('button', { name: new RegExp(first) });
    await expect(firstRow).toContainText('2/4');

    await snap(page, 'class-marking-rubric-items', [DESKTOP]);
    expect(await axeFindings(page), 'accessibility with rubric items').toEqual([]);

    // A third student's answer, marked by the marker; then the question's rubric changes. Marks the
    // teacher made stay; the marker's mark is shown as made under an earlier rubric, and re-marked.
    const third = pick(accounts().students, 17, 'student');
    const login = await request.post(`${baseUrl()}${API_BASE}${AUTH_PATHS.login}`, {
      data: { email: teacher.email, password: teacher.password },
    });
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    const assign = await request.post(
      `${baseUrl()}${API_BASE}${CLASS_EXTRA_PATHS.assignStudents}`,
      {
        headers,
        data: { classId, students: [await api.studentId(third.email)] },
      },
    );
    expect(assign.ok(), await assign.text()).toBe(true);
    await submitAndMark(request, third, classId, questionId, 'Wood is warmer than metal.');
    const changed = await request.put(
      `${baseUrl()}${API_BASE}${fillPath(QUESTION_PATHS.update, { id: questionId })}`,
      {
        headers,
        data: { ...QUESTION, rubric: `${QUESTION.rubric} The hand cools faster.` },
      },
    );
    expect(changed.ok(), await changed.text()).toBe(true);
    await page.reload();
    const notice = page.getByTestId('earlier-rubric-notice');
    await expect(notice).toContainText(R.earlierRubricCount(1));
    await notice.getByRole('button', { name: R.remark(1) }).click();
    await expect(status).toHaveText(R.remarkQueued(1));
    await expect(notice).toBeHidden();
  });
});
