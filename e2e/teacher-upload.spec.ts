import { randomUUID } from 'node:crypto';
import { type Page } from '@playwright/test';
import { MESSAGES } from '@stem/contract/messages';
import { accounts, pick } from './support/accounts';
import { handwritingImage } from './support/handwriting';
import { DESKTOP, openSignedIn, snap } from './support/pages';
import { teachingApi } from './support/teaching-api';
import { expect, test } from './support/test';

const U = MESSAGES.uploadPage;
const SP = MESSAGES.submissionsPage;

/** OCR on a loaded machine, and marking after it, can take a while: generous but bounded. */
const EXTRACTION_TIMEOUT_MS = 60_000;
const MARKING_TIMEOUT_MS = 60_000;

const QUESTION = {
  question: 'Describe the journey of mRNA after it leaves the nucleus.',
  marks: 3,
  lowMarkRange: '0-0',
  highMarkRange: '2-3',
  rubric:
    'Low Mark Range (0-0):\nDoes not describe where the mRNA goes.\n\n' +
    'High Mark Range (2-3):\nThe mRNA travels through the cytoplasm to a ribosome, where it is translated.',
};

/** Picks an option of a searchable Mantine select by typing part of it, as a teacher would. */
async function choose(page: Page, label: string, typed: string, option: string | RegExp) {
  const box = page.getByRole('combobox', { name: label });
  await expect(box).toBeEnabled();
  await box.click();
  await box.fill(typed);
  await page.getByRole('option', { name: option }).click();
  await expect(box).toHaveValue(typeof option === 'string' ? option : new RegExp(typed));
}

test.describe("a teacher uploads a student's handwritten work", () => {
  test('reads the picture, corrects the text, uploads it, and finds it marked under All Submissions', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const teacher = pick(accounts().teachers, 0, 'teacher');
    const student = pick(accounts().students, 12, 'student');
    const api = await teachingApi(request, teacher);
    const className = `Cell Biology ${randomUUID().slice(0, 6)}`;
    const classId = await api.createClass(className, [await api.studentId(student.email)]);
    const questionText = `${QUESTION.question} [${className}]`;
    await api.addToClass(
      await api.createQuestion({ ...QUESTION, question: questionText }),
      classId,
    );
    const image = await handwritingImage();

    await openSignedIn(page, teacher.email, teacher.password, '/upload-student-work');
    await expect(page).toHaveTitle(U.documentTitle);
    await expect(page.getByRole('heading', { level: 2, name: U.section })).toBeVisible();
    const uploadImage = page.getByRole('button', { name: U.uploadImage });
    const uploadWork = page.getByRole('button', { name: U.uploadWork });
    await expect(uploadImage).toBeDisabled();
    await expect(page.getByText(U.chooseFirst)).toBeVisible();

    await choose(page, U.classLabel, className, className);
    await choose(page, U.studentLabel, student.name, `${student.name} (${student.email})`);
    await choose(page, U.questionLabel, className, questionText);
    await expect(page.getByRole('table', { name: U.classQuestions })).toContainText(questionText);
    await expect(uploadImage).toBeEnabled();
    await expect(uploadWork).toBeDisabled();

    const chooser = page.waitForEvent('filechooser');
    await uploadImage.click();
    const chosenAt = Date.now();
    await (await chooser).setFiles(image.file);
    await expect(page.getByText(MESSAGES.upload.extracting)).toBeVisible();
    await expect(page.getByTestId('file-preview')).toContainText(image.file.split('/').pop() ?? '');
    const text = page.getByRole('textbox', { name: U.extractedLabel });
    await expect(text).not.toHaveValue('', { timeout: EXTRACTION_TIMEOUT_MS });
    const extractionMs = Date.now() - chosenAt;
    await expect(page.getByText(MESSAGES.upload.extracting)).toBeHidden();
    const extracted = await text.inputValue();
    expect(extracted, 'the text read from the picture').toMatch(image.words);
    await expect(page.getByText(U.extractedHint)).toBeVisible();
    console.log(
      `timings (${image.source} image ${image.file.split('/').pop()}): ` +
        `teacher upload: image chosen → extracted text shown ${extractionMs} ms`,
    );

    // The teacher corrects what was read.
    const correction = ' It is translated at a ribosome.';
    await text.press('Control+End');
    await text.pressSequentially(correction);
    const finalText = `${extracted}${correction}`;
    await expect(text).toHaveValue(finalText);
    await snap(page, 'teacher-upload-extracted', [DESKTOP]);

    const uploadedAt = Date.now();
    await uploadWork.click();
    await expect(page.getByText(MESSAGES.upload.uploaded)).toBeVisible();
    // The form starts over for the next piece of work.
    await expect(text).toHaveValue('');
    await expect(page.getByRole('combobox', { name: U.classLabel })).toHaveValue('');

    // All Submissions: found by the student's name, opened in the drawer.
    await page.goto('/submissions');
    await expect(
      page.getByRole('heading', { level: 1, name: /^All Submissions \(\d+\)$/ }),
    ).toBeVisible();
    await page.getByRole('searchbox', { name: SP.searchLabel }).fill(student.name);
    const card = page.getByTestId('teacher-submission-card').filter({ hasText: className });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(student.name);
    await expect(card).toContainText(SP.uploadedByTeacher);

    // The drawer shows what the list holds: reload until marking has finished.
    const badge = card.getByTestId('score-badge');
    await expect(async () => {
      if ((await badge.textContent()) === MESSAGES.submissions.pending) {
        await page.reload();
        await page.getByRole('searchbox', { name: SP.searchLabel }).fill(student.name);
      }
      await expect(badge).toHaveText(new RegExp(`^\\d+/${QUESTION.marks}$`), { timeout: 1_000 });
    }).toPass({ timeout: MARKING_TIMEOUT_MS, intervals: [1_000, 2_000] });
    const markedMs = Date.now() - uploadedAt;
    const score = (await badge.textContent()) ?? '';
    console.log(`timings: teacher upload: Upload Work clicked → marked in the list ${markedMs} ms`);

    await card
      .getByRole('button', { name: new RegExp(`^View details of ${student.name}'s`) })
      .click();
    const drawer = page.getByRole('dialog', { name: SP.drawerTitle(student.name) });
    await expect(drawer).toBeVisible();
    const details = drawer.getByTestId('submission-drawer');
    await expect(details).toContainText(className);
    await expect(details.getByTestId('score-badge').first()).toHaveText(score);
    const review = details.getByTestId('answer-review');
    await expect(review).toHaveCount(1);
    await expect(review).toContainText(questionText);
    await expect(review).toContainText(correction.trim());
    await expect(review.getByTestId('feedback-item').first()).toContainText(`${SP.aiComment}:`);
    await snap(page, 'teacher-submission-drawer', [DESKTOP]);

    await drawer.getByRole('button', { name: SP.closeDrawer }).click();
    await expect(drawer).toBeHidden();
  });
});
