import { randomUUID } from 'node:crypto';
import { type Page } from '@playwright/test';
import { MESSAGES } from '@stem/contract/messages';
import { accounts, pick, type TAccount } from './support/accounts';
import { handwritingImage } from './support/handwriting';
import { DESKTOP, expectNoHorizontalOverflow, openSignedIn, PHONE, snap } from './support/pages';
import { teachingApi } from './support/teaching-api';
import { expect, test } from './support/test';

const A = MESSAGES.answeringPage;
const SP = MESSAGES.submissionsPage;

/** OCR on a loaded machine, and marking after it, can take a while: generous but bounded. */
const EXTRACTION_TIMEOUT_MS = 60_000;
const MARKING_TIMEOUT_MS = 60_000;

const QUESTIONS = [
  {
    question: 'Explain what happens to a trolley when the forces on it are unbalanced.',
    marks: 4,
    lowMarkRange: '0-1',
    highMarkRange: '3-4',
    rubric:
      'Low Mark Range (0-1):\nSays the trolley moves without naming a change in speed.\n\n' +
      'High Mark Range (3-4):\nStates that an unbalanced force makes the trolley speed up, slow down or change direction.',
  },
  {
    question: 'Describe the journey of mRNA after it leaves the nucleus.',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    rubric:
      'Low Mark Range (0-0):\nDoes not describe where the mRNA goes.\n\n' +
      'High Mark Range (2-2):\nThe mRNA travels through the cytoplasm to a ribosome, where it is translated.',
  },
] as const;
const TOTAL_MARKS = QUESTIONS.reduce((sum, q) => sum + q.marks, 0);

const TYPED_ANSWER =
  'An unbalanced force makes the trolley accelerate: it speeds up in the direction of the resultant force.';

/** A class of the seeded teacher 1 holding `student` and the two questions; returns its id. */
async function classWithQuestions(
  request: Parameters<typeof teachingApi>[0],
  student: TAccount,
  className: string,
): Promise<string> {
  const api = await teachingApi(request, pick(accounts().teachers, 0, 'teacher'));
  const classId = await api.createClass(className, [await api.studentId(student.email)]);
  for (const q of QUESTIONS) await api.addToClass(await api.createQuestion(q), classId);
  return classId;
}

/** Picks an answer mode by its label, as a person taps it (the radio itself is hidden). */
async function chooseMode(page: Page, label: string): Promise<void> {
  await page.getByText(label, { exact: true }).click();
  await expect(page.getByRole('radio', { name: label })).toBeChecked();
}

/**
 * Scrolls to the end of the page, where the Previous / Next / Submit row sits (scrollIntoViewIfNeeded
 * can stop a fraction of a pixel short of a button at the very bottom).
 */
async function scrollToEnd(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
}

function answerBox(page: Page) {
  return page.getByRole('textbox', { name: A.answerLabel });
}

test.describe('a student answers a class', () => {
  test('types one answer, uploads handwriting for the other, submits and sees the marks arrive', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const student = pick(accounts().students, 10, 'student');
    const className = `Forces and Cells ${randomUUID().slice(0, 6)}`;
    const classId = await classWithQuestions(request, student, className);
    const image = await handwritingImage();

    await openSignedIn(page, student.email, student.password, `/start-submission/${classId}`);
    await expect(page).toHaveTitle(A.documentTitle);
    await expect(page.getByRole('heading', { level: 1, name: className })).toBeVisible();
    await expect(page.getByTestId('total-questions')).toHaveText(A.totalQuestions(2));
    await expect(page.getByTestId('question-position')).toHaveText(A.questionOf(1, 2));
    await expect(page.getByTestId('question-text')).toHaveText(QUESTIONS[0].question);
    await expect(page.getByRole('button', { name: A.previous })).toBeDisabled();

    // Question 1, typed. Next refuses an empty answer first.
    await page.getByRole('button', { name: A.next }).click();
    await expect(page.getByText(MESSAGES.submissions.answerRequired)).toBeVisible();
    await expect(page.getByTestId('question-position')).toHaveText(A.questionOf(1, 2));
    await answerBox(page).fill(TYPED_ANSWER);
    await expect(page.getByText(A.answered(1, 2))).toBeVisible();
    await page.getByRole('button', { name: A.next }).click();
    await expect(page.getByTestId('question-position')).toHaveText(A.questionOf(2, 2));
    await expect(page).toHaveURL(new RegExp(`/start-submission/${classId}/[0-9a-f-]{36}$`));
    await expect(page.getByTestId('question-text')).toHaveText(QUESTIONS[1].question);
    await expect(answerBox(page)).toHaveValue('');

    // Question 2, from a picture of handwriting.
    await chooseMode(page, A.uploadImage);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: MESSAGES.imageCapture.chooseFile }).click();
    const chosenAt = Date.now();
    await (await chooser).setFiles(image.file);
    await expect(page.getByTestId('extraction-progress')).toBeVisible();
    await expect(answerBox(page)).not.toHaveValue('', { timeout: EXTRACTION_TIMEOUT_MS });
    const extractionMs = Date.now() - chosenAt;
    await expect(page.getByTestId('extraction-progress')).toBeHidden();
    const extracted = await answerBox(page).inputValue();
    expect(extracted, 'the text read from the picture').toMatch(image.words);
    await expect(page.getByText(A.checkExtracted)).toBeVisible();
    await expect(answerBox(page)).toBeEditable();
    await snap(page, 'student-answer-extracted', [DESKTOP]);

    // Back to question 1 and forward again: both answers are kept.
    await page.getByRole('button', { name: A.previous }).click();
    await expect(answerBox(page)).toHaveValue(TYPED_ANSWER);
    await page.getByRole('button', { name: A.next }).click();
    await expect(answerBox(page)).toHaveValue(extracted);
    await expect(page.getByText(A.answered(2, 2))).toBeVisible();

    const submittedAt = Date.now();
    await page.getByRole('button', { name: A.submit }).click();
    await expect(page.getByText(MESSAGES.submissions.saving)).toBeVisible();
    await expect(page).toHaveURL(/\/submission-complete\/[0-9a-f-]{36}$/);
    const submissionId = new URL(page.url()).pathname.split('/').pop() ?? '';
    await expect(page).toHaveTitle(A.completeDocumentTitle);
    await expect(page.getByRole('heading', { level: 1, name: A.completeHeading })).toBeVisible();

    // The marks arrive on this page without a reload.
    const overall = page.getByTestId('overall-score');
    await expect(overall).toBeVisible({ timeout: MARKING_TIMEOUT_MS });
    const markingMs = Date.now() - submittedAt;
    await expect(overall).toHaveText(new RegExp(`^\\d+/${TOTAL_MARKS}$`));
    await expect(page.getByTestId('percentage')).toHaveText(/^\d+%$/);
    await expect(page.getByTestId('marking')).toBeHidden();
    const completed = page.getByTestId('completed-question');
    await expect(completed).toHaveCount(2);
    for (const [index, q] of QUESTIONS.entries()) {
      const card = completed.nth(index);
      await expect(card).toContainText(q.question);
      await expect(card.getByText(A.feedback, { exact: true })).toBeVisible();
      await expect(card.getByLabel(`${A.score}: `, { exact: false })).toHaveText(
        new RegExp(`^\\d+/${q.marks}$`),
      );
      await expect(card.getByTestId('feedback-item').first()).toContainText(`${SP.aiComment}:`);
      // The feedback opens with a verdict that agrees with the score, in plain sentences.
      const score = Number(
        ((await card.getByLabel(`${A.score}: `, { exact: false }).textContent()) ?? '').split(
          '/',
        )[0],
      );
      const verdict =
        score >= q.marks
          ? 'Your response is correct.'
          : score === 0
            ? 'Your response is incorrect'
            : 'Your response is partially correct.';
      const comment = card.getByTestId('feedback-item').first();
      await expect(comment).toContainText(`${SP.aiComment}: ${verdict}`);
      await expect(comment).not.toContainText('|');
      if (index === 0) await expect(card).not.toContainText('could not be read');
    }
    await expect(completed.nth(0)).toContainText(TYPED_ANSWER);
    const scores = await completed.getByLabel(`${A.score}: `).allTextContents();
    const total = scores.reduce((sum, text) => sum + Number(text.split('/')[0]), 0);
    await expect(overall).toHaveText(`${total}/${TOTAL_MARKS}`);

    console.log(
      `timings (${image.source} image ${image.file.split('/').pop()}): ` +
        `image chosen → text in the answer box ${extractionMs} ms; ` +
        `Submit clicked → marks visible ${markingMs} ms`,
    );
    // Each question can be tried again: 1 of its 3 attempts is used.
    for (const index of [0, 1]) {
      const again = completed.nth(index).getByTestId('try-again');
      await expect(again).toContainText(MESSAGES.limits.attemptsLeft(2));
      await expect(
        again.getByRole('link', { name: MESSAGES.limits.tryAgainLabel(index + 1) }),
      ).toBeVisible();
    }
    const tryAgainHref = await completed
      .nth(0)
      .getByRole('link', { name: MESSAGES.limits.tryAgainLabel(1) })
      .getAttribute('href');
    await snap(page, 'student-submission-complete');

    // My Submissions lists it with its score and attempt, without the teacher's filter and order,
    // and the details show the marker's comment.
    await page.goto('/my-submissions');
    await expect(page.getByRole('heading', { level: 1, name: SP.myHeading })).toBeVisible();
    await expect(page.getByRole('combobox', { name: SP.filterLabel })).toHaveCount(0);
    await expect(
      page
        .getByRole('combobox', { name: SP.sortLabel })
        .locator('option', { hasText: SP.sortStudent }),
    ).toHaveCount(0);
    const listed = page.getByTestId('submission-card').filter({ hasText: className });
    await expect(listed).toHaveCount(1);
    await expect(listed.getByTestId('submission-attempt')).toHaveText(
      MESSAGES.limits.attemptOf(1, 1, 3),
    );
    await expect(listed.getByTestId('score-badge')).toHaveText(`${total}/${TOTAL_MARKS}`);
    await expect(listed.getByTestId('score-badge')).not.toHaveText(MESSAGES.submissions.pending);
    await listed.click();
    await expect(page).toHaveURL(new RegExp(`/my-submissions/${submissionId}$`));
    await expect(page.getByRole('heading', { level: 1, name: SP.detailsHeading })).toBeVisible();
    await expect(page.getByTestId('total-score')).toHaveText(`${total}/${TOTAL_MARKS}`);
    const reviews = page.getByTestId('answer-review');
    await expect(reviews).toHaveCount(2);
    await expect(reviews.nth(0)).toContainText(TYPED_ANSWER);
    await expect(reviews.nth(1)).toContainText(extracted.split('\n')[0] ?? extracted);
    for (const index of [0, 1]) {
      await expect(reviews.nth(index).getByTestId('feedback-item').first()).toContainText(
        `${SP.aiComment}:`,
      );
    }
    await snap(page, 'student-submission-details', [DESKTOP]);

    // The result page's Try again at the first question: that question alone, its 2nd attempt.
    await page.goto(tryAgainHref ?? '');
    await expect(page).toHaveURL(/\?retry=1$/);
    await expect(page.getByTestId('question-position')).toHaveText(A.questionOf(1, 1));
    await expect(page.getByTestId('attempts-used')).toHaveText(MESSAGES.limits.attemptsUsed(1, 3));
    await page.getByText(A.typeAnswer, { exact: true }).click();
    await page.getByRole('textbox', { name: A.answerLabel }).fill(TYPED_ANSWER);
    await page.getByRole('button', { name: A.submit }).click();
    await expect(page).toHaveURL(/\/submission-complete\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('completed-question')).toHaveCount(1);
    await page.goto('/my-submissions');
    await expect(
      page.getByTestId('submission-card').filter({ hasText: className }).first(),
    ).toContainText(MESSAGES.limits.attemptOf(2, 2, 3));
  });
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('the answering screen fits the screen in every answer mode', async ({ page, request }) => {
    test.setTimeout(120_000);
    const student = pick(accounts().students, 11, 'student');
    const className = `Forces and Cells for Year Ten Triple Science ${randomUUID().slice(0, 6)}`;
    const classId = await classWithQuestions(request, student, className);
    const image = await handwritingImage();

    await openSignedIn(page, student.email, student.password, `/start-submission/${classId}`);
    await expect(page.getByTestId('question-text')).toHaveText(QUESTIONS[0].question);
    await expectNoHorizontalOverflow(page);
    await answerBox(page).fill(TYPED_ANSWER);
    await expectNoHorizontalOverflow(page);
    await snap(page, 'student-answering-typed', [PHONE]);

    const next = page.getByRole('button', { name: A.next });
    await scrollToEnd(page);
    await expect(next).toBeInViewport({ ratio: 1 });
    await next.click();
    await expect(page.getByTestId('question-position')).toHaveText(A.questionOf(2, 2));

    // The three modes sit side by side within the width.
    for (const mode of [A.takePhoto, A.uploadImage, A.typeAnswer]) {
      await expect(page.getByText(mode, { exact: true })).toBeInViewport();
    }
    await chooseMode(page, A.uploadImage);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: MESSAGES.imageCapture.chooseFile }).click();
    await (await chooser).setFiles(image.file);
    await expect(page.getByTestId('extraction-progress')).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expect(answerBox(page)).not.toHaveValue('', { timeout: EXTRACTION_TIMEOUT_MS });
    await expectNoHorizontalOverflow(page);
    await snap(page, 'student-answering-upload', [PHONE]);

    const submit = page.getByRole('button', { name: A.submit });
    await scrollToEnd(page);
    await expect(submit).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('button', { name: A.previous })).toBeInViewport({ ratio: 1 });
  });
});
