import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@stem/contract/messages';
import { SCAN_MESSAGES } from '@stem/contract/scans';
import { bookletLayoutOf } from '../apps/server/src/extraction/sheets/sheet-pdf';
import {
  fillBooklets,
  fillSheets,
  renderSheets,
  scanLook,
  scannedPdf,
} from '../apps/server/test/sheets/scan-fixtures';
import { accounts, pick } from './support/accounts';
import { DESKTOP, logOut, openSignedIn, PHONE, snap } from './support/pages';
import { teachingApi } from './support/teaching-api';
import { expect, test } from './support/test';

const T = SCAN_MESSAGES;
/** What a smudged or scribbled box reads as: no words anyone could mark. */
const SCRIBBLE = 'Xqzv Jkwp zzkt Wxvq bnkq Pqxz vvkj Zqwx';
const R = MESSAGES.review;
const TT = MESSAGES.classTests;
/** What the teacher reads on the paper beside the scan, typed over the text read. */
const CORRECTED =
  'Light energy is absorbed by chlorophyll and turns carbon dioxide and water into glucose and oxygen';
/** The same sheet written again and scanned anew: what its re-scan reads. */
const REWRITTEN = 'Sunlight splits water in the leaf and the sugar it makes is stored as starch';

const QUESTIONS = [
  {
    question: 'Explain how photosynthesis makes glucose in a leaf.',
    marks: 4,
    lowMarkRange: '0-1',
    highMarkRange: '3-4',
    rubric:
      'Low Mark Range (0-1):\nNames photosynthesis only.\n\nHigh Mark Range (3-4):\nLight, water and carbon dioxide become glucose and oxygen.',
  },
  {
    question: 'Describe osmosis in a root hair cell.',
    marks: 3,
    lowMarkRange: '0-1',
    highMarkRange: '2-3',
    rubric:
      'Low Mark Range (0-1):\nMentions water.\n\nHigh Mark Range (2-3):\nWater moves from dilute to concentrated across a partially permeable membrane.',
  },
];

test.describe('answer sheets on paper, one upload for the stack', () => {
  test('downloads the sheets, uploads the scanned stack, watches progress, clears the pages that need the teacher, replaces a read answer with a re-scan and sees the marks', async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    const teacher = pick(accounts().teachers, 0, 'teacher');
    const students = [
      pick(accounts().students, 13, 'student'),
      pick(accounts().students, 14, 'student'),
    ];
    const api = await teachingApi(request, teacher);
    const className = `Paper Biology ${randomUUID().slice(0, 6)}`;
    const classId = await api.createClass(
      className,
      await Promise.all(students.map((s) => api.studentId(s.email))),
    );
    for (const q of QUESTIONS) {
      await api.addToClass(
        await api.createQuestion({ ...q, question: `${q.question} [${className}]` }),
        classId,
      );
    }

    // 1. Print: the class page's control downloads one PDF, a page per student per question.
    await openSignedIn(page, teacher.email, teacher.password, `/class/${classId}`);
    await page.getByRole('button', { name: T.printSheets }).click();
    const dialog = page.getByRole('dialog', { name: T.printTitle });
    await expect(dialog).toBeVisible();
    await snap(page, 'answer-sheets-print', [DESKTOP, PHONE]);
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: T.download }).click();
    const download = await downloading;
    const saved = path.join(os.tmpdir(), `sheets-${randomUUID()}.pdf`);
    await download.saveAs(saved);
    const sheets = readFileSync(saved);
    expect(sheets.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // 2. The students write (one leaves question 2 blank); the stack comes back scanned, out of
    // order, one page upside down, one whose top (code, name, question) was torn off, and a spare
    // copy of a page, torn too: those two need the teacher.
    const filled = await fillSheets(sheets, [
      { answer: 'Light energy turns carbon dioxide and water into glucose and oxygen' },
      { answer: '' },
      { answer: 'Chlorophyll absorbs light to make glucose' },
      { answer: 'Water goes from dilute to concentrated solution' },
    ]);
    const pages = await renderSheets(filled, 4);
    const scans = await Promise.all([
      scanLook(pages[3]!, { rotate: 180 }),
      scanLook(pages[0]!, { rotate: 2 }),
      scanLook(pages[2]!, { hideHeader: true }),
      scanLook(pages[1]!, { noisy: true }),
      scanLook(pages[0]!, { hideHeader: true }),
    ]);
    const stack = await scannedPdf(scans);
    // The first sheet written again differently, for its re-scan: the same printed page (its code),
    // scanned on its own.
    const rewritten = await renderSheets(await fillSheets(sheets, [{ answer: REWRITTEN }]), 4);
    const rescan = await scannedPdf([await scanLook(rewritten[0]!, { rotate: -1 })]);

    // 3. Upload the stack at once and watch the server's progress (it survives a reload).
    await page.goto(`/upload-stack?class=${classId}`);
    await expect(page.getByRole('heading', { level: 1, name: T.uploadTitle })).toBeVisible();
    await expect(page.getByRole('combobox', { name: T.classLabel })).toHaveValue(className);
    await page.locator('input[type="file"]').setInputFiles({
      name: 'stack.pdf',
      mimeType: 'application/pdf',
      buffer: stack,
    });
    await page.getByRole('button', { name: T.uploadButton }).click();
    await expect(page).toHaveURL(/\?batch=/);
    // The bar is fed by the server: it names how many pages are read.
    await expect(page.getByRole('progressbar', { name: /^Read \d+ of 5 pages$/ })).toBeAttached();
    await page.reload();
    await expect(
      page.getByRole('heading', { name: `${T.progressTitle}: ${className}` }),
    ).toBeVisible();
    await expect(page.getByText(T.needsTeacherTitle)).toBeVisible({ timeout: 120_000 });

    // 4. The leftover page: its place, its scan beside its text; the teacher picks student and
    // question.
    const leftover = page.getByRole('article', { name: new RegExp(`^${T.pagePlace(3, 5)}(,|$)`) });
    await expect(leftover).toContainText(T.reasons.no_code);
    await expect(leftover.getByRole('textbox')).toHaveValue(/glucose/i);
    // The scan is fetched once it scrolls into view.
    await leftover.scrollIntoViewIfNeeded();
    await expect(leftover.getByRole('img', { name: T.cropAlt(T.pagePlace(3, 5)) })).toBeVisible();
    await expect(page.getByTestId('images-note')).toContainText(
      /^The scan images of this batch are kept/,
    );

    // 4a. A read answer beside its scan (issue 28): the teacher corrects the text read from it, and
    // the answer is marked again. The batch is open (pages still need the teacher): its images are kept.
    const read = page.getByRole('article', { name: new RegExp(`^${T.pagePlace(2, 5)} · `) });
    const crop = read.getByRole('img', { name: T.cropAlt(T.pagePlace(2, 5)) });
    await read.scrollIntoViewIfNeeded({ timeout: 120_000 });
    await expect(crop).toBeVisible();
    // A real image, decoded by the browser: the answer box as cut from the scan.
    await expect
      .poll(() => crop.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(600);
    await expect(read.getByText(/^\d+\/4$/)).toBeVisible({
      timeout: 120_000,
    });
    await snap(page, 'answer-sheets-crop-beside-text', [DESKTOP, PHONE]);
    const box = read.getByRole('textbox', { name: `${R.correctTextLabel}: ${T.pagePlace(2, 5)}` });
    await expect(box).toHaveValue(/glucose/i);
    await box.fill(CORRECTED);
    await read.getByRole('button', { name: R.correctText }).click();
    await expect(read.getByRole('status')).toContainText(R.textCorrected, { timeout: 120_000 });
    await expect(box).toHaveValue(CORRECTED);
    await expect(read.getByText(/^\d+\/4$/)).toBeVisible({ timeout: 120_000 });
    await leftover
      .getByRole('combobox', { name: `${T.studentLabel} for ${T.pagePlace(3, 5)}` })
      .click();
    await page.getByRole('option', { name: students[1]!.name }).click();
    await leftover
      .getByRole('combobox', { name: `${T.questionLabel} for ${T.pagePlace(3, 5)}` })
      .click();
    await page
      .getByRole('option', { name: new RegExp(`^1\\. ${QUESTIONS[0]!.question.slice(0, 20)}`) })
      .click();
    await leftover.getByRole('button', { name: T.assign }).click();
    // The placed page stays, saying where it went.
    await expect(leftover.getByRole('status')).toContainText(T.assigned);
    await expect(leftover.getByRole('status')).toContainText(students[1]!.name);
    // The spare copy is set aside; the blank answer is listed apart, submitted for nobody.
    const spare = page.getByRole('article', { name: new RegExp(`^${T.pagePlace(5, 5)}(,|$)`) });
    await spare.getByRole('button', { name: T.discard }).click();
    await expect(spare.getByRole('status')).toContainText(T.statusDiscarded);
    await expect(page.getByRole('heading', { name: T.blankTitle })).toBeVisible();
    // (The sheets come in class-list order: whichever student's sheet came first.)
    await expect(
      page.getByRole('article', { name: new RegExp(`^${T.pagePlace(4, 5)}(,|$)`) }),
    ).toContainText(new RegExp(students.map((s) => s.name).join('|')));
    await expect(page.getByText(T.done)).toBeVisible({ timeout: 120_000 });
    await expect(page.getByText(T.summaryMarked, { exact: true }).locator('..')).toContainText('3');
    await expect(
      page.getByText(T.summaryNeedsTeacher, { exact: true }).locator('..'),
    ).toContainText('0');
    // Its row in the recent uploads says the same as the progress above it.
    await expect(
      page.getByRole('region', { name: T.recentTitle }).locator('a[aria-current="page"]'),
    ).toContainText(T.marking(3, 3));

    // Every page matched: the images go once no answer waits for a review (or stay until then).
    await expect(page.getByTestId('images-note')).toContainText(/^The scan images of this batch/);

    // 4b. The teacher replaces the read answer with a re-scan of its page, written differently: the
    // answer takes the new text in place and is marked again; the batch says it replaced a scan.
    const heading = page.locator(`[id="${await read.getAttribute('aria-labelledby')}"]`);
    const readFor = (await heading.textContent()) ?? '';
    const rescanned = students.find((s) => readFor.endsWith(` · ${s.name}`))!;
    expect(rescanned, readFor).toBeDefined();
    await read.locator('input[type="file"]').setInputFiles({
      name: 'rescan.pdf',
      mimeType: 'application/pdf',
      buffer: rescan,
    });
    await expect(
      read.getByRole('button', { name: `${T.replaceLabel}: ${T.pagePlace(2, 5)}` }),
    ).toContainText('rescan.pdf');
    await read.getByRole('button', { name: T.replace }).click();
    await expect(read.getByRole('status').filter({ hasText: T.replacedEarlier })).toBeVisible({
      timeout: 120_000,
    });
    await expect(box).toHaveValue(/starch/i, { timeout: 120_000 });
    await expect(read.getByText(T.pendingBadge, { exact: true })).toBeHidden({ timeout: 120_000 });
    await expect(read.getByText(/^\d+\/4$/)).toBeVisible({ timeout: 120_000 });
    // The text is the re-scan's now, no longer the teacher's correction: not said to be.
    await expect(read.getByRole('status').filter({ hasText: R.textCorrected })).toHaveCount(0);
    // The whole page from its top (the app's fixed bar would stand over a page scrolled down).
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, 'answer-sheets-rescan', [DESKTOP, PHONE]);

    // 5. The marks are in All Submissions.
    await page.getByRole('link', { name: T.viewSubmissions }).click();
    await expect(page).toHaveURL(/\/submissions$/);
    const cards = page.getByTestId('teacher-submission-card').filter({ hasText: className });
    // One submission per student for the stack, and one for the page the teacher assigned; none
    // for the blank answer.
    await expect(cards).toHaveCount(3);
    await expect(cards.getByTestId('score-badge').first()).toHaveText(/^\d+\/\d+$/);
    // A scanned answer in the drawer: beside its scan while the batch is open (an answer still waits
    // for review), else saying the scan is no longer kept. The re-scanned answer's: its student's
    // submission from the stack (newest first: the page the teacher assigned came later).
    await cards
      .filter({ hasText: rescanned.name })
      .last()
      .getByRole('button', { name: /View details/ })
      .click();
    const drawer = page.getByTestId('submission-drawer');
    const beside = drawer.getByTestId('scan-beside-text').first();
    await expect(beside).toBeVisible();
    await expect(beside.getByRole('img').or(beside.getByText(T.cropGone))).toBeVisible();
    await snap(page, 'submission-scan-beside-text', [DESKTOP, PHONE]);
    // Its history keeps what the re-scan replaced: the text the teacher had corrected, and its mark.
    const rescanLine = new RegExp(
      R.historyRescan('BY', 'BEFORE', 'DATE')
        .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        .replace('BY', '.+')
        .replace('BEFORE', '\\d+/4')
        .replace('DATE', '.+'),
    );
    const history = drawer.getByTestId('review-history').filter({ hasText: rescanLine });
    await expect(history).toBeVisible();
    await expect(history).toContainText(R.historyEarlierText(CORRECTED));
    // The drawer scrolls on its own: the history brought into view at each width.
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await history.scrollIntoViewIfNeeded();
      await snap(page, 'submission-rescan-history', [size]);
    }
    await page.setViewportSize(DESKTOP);
  });

  test('prints test booklets, uploads the filled scan to wait for release, corrects a scribbled box beside its scan, releases the stack, and the student sees the marks of the questions answered and nothing for the blank one', async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    const teacher = pick(accounts().teachers, 0, 'teacher');
    const students = [
      pick(accounts().students, 13, 'student'),
      pick(accounts().students, 14, 'student'),
    ];
    const api = await teachingApi(request, teacher);
    const className = `Booklet Biology ${randomUUID().slice(0, 6)}`;
    const classId = await api.createClass(
      className,
      await Promise.all(students.map((s) => api.studentId(s.email))),
    );
    const third = {
      ...QUESTIONS[1]!,
      question: 'Name the gas that plants release in daylight.',
      rubric: 'Low Mark Range (0-1):\nA gas.\n\nHigh Mark Range (2-3):\nOxygen.',
    };
    const questions = [...QUESTIONS, third].map((q) => ({
      ...q,
      question: `${q.question} [${className}]`,
    }));
    const questionIds: string[] = [];
    for (const q of questions) {
      questionIds.push(await api.createQuestion(q));
      await api.addToClass(questionIds.at(-1)!, classId);
    }

    // 1. Print: a booklet per student from a new test made in the dialog, question 1 moved below
    // question 2, on Letter paper; the test is saved with its title.
    await openSignedIn(page, teacher.email, teacher.password, `/class/${classId}`);
    await page.getByRole('button', { name: T.printSheets }).click();
    const dialog = page.getByRole('dialog', { name: T.printTitle });
    await dialog.getByText(T.formatBooklet).click();
    await expect(dialog.getByRole('radio', { name: T.formatBooklet })).toBeChecked();
    await expect(dialog.getByText(T.blankLabel)).toHaveCount(0);
    await dialog.getByRole('textbox', { name: TT.titleLabel }).fill('Plants test');
    await dialog.getByRole('button', { name: T.questionOrderDown(1) }).click();
    await expect(dialog.getByRole('checkbox').first()).toHaveAccessibleName(
      `1. ${questions[1]!.question}`,
    );
    await dialog.getByText(T.paperLetter).click();
    await snap(page, 'answer-booklets-print', [DESKTOP, PHONE]);
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: TT.printSaveAndDownload }).click();
    await (await downloading).saveAs(path.join(os.tmpdir(), `booklets-${randomUUID()}.pdf`));
    await expect(dialog).toBeHidden();

    // The saved test prints again without picking its questions: the same booklet layout (a
    // printing of its own), and these reprinted pages are the ones the students fill in.
    await page.getByRole('button', { name: T.printSheets }).click();
    await dialog.getByText(T.formatBooklet).click();
    await expect(dialog.getByRole('combobox', { name: TT.printTestLabel })).toHaveValue(
      `Plants test (${TT.questionCount(3)})`,
    );
    await expect(dialog.getByTestId('print-test-questions')).toContainText(questions[1]!.question);
    await dialog.getByText(T.paperLetter).click();
    await snap(page, 'answer-booklets-print-saved-test', [DESKTOP, PHONE]);
    const reprinting = page.waitForEvent('download');
    await dialog.getByRole('button', { name: T.download }).click();
    const saved = path.join(os.tmpdir(), `booklets-${randomUUID()}.pdf`);
    await (await reprinting).saveAs(saved);
    const booklets = readFileSync(saved);
    expect(booklets.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // 2. The students write in the boxes; the second leaves printed question 2 blank, the first
    // scribbles printed question 3 so the reader can't make it out. The scan comes back shuffled,
    // one page upside down.
    const printedOrder = [questions[1]!, questions[0]!, questions[2]!];
    const layout = await bookletLayoutOf({
      paper: 'letter',
      continuation: true,
      questions: printedOrder.map((q, i) => ({ id: `q${i}`, text: q.question, marks: q.marks })),
    });
    const perBooklet = layout.pages.length;
    const answers = [
      'Water goes from dilute to concentrated solution',
      'Light energy turns carbon dioxide and water into glucose',
      'Oxygen is released by the leaves',
    ];
    const filled = await fillBooklets(booklets, layout, (i, region) => {
      const student = Math.floor(i / perBooklet);
      if (region.continuation || (student === 1 && region.number === 2)) return null;
      if (student === 0 && region.number === 3) return { answer: SCRIBBLE };
      return { answer: answers[region.number - 1] ?? '' };
    });
    const pages = await renderSheets(filled, 2 * perBooklet);
    const order = pages.map((_, i) => i).reverse();
    const stack = await scannedPdf(
      await Promise.all(
        order.map((i) => scanLook(pages[i]!, i === perBooklet ? { rotate: 180 } : { rotate: 1 })),
      ),
    );

    // 3. Upload, the marks to wait for the teacher; each box becomes one answer on its student and
    // printed question, the scribble waits for the teacher beside its scan.
    await page.goto(`/upload-stack?class=${classId}`);
    await page.locator('input[type="file"]').setInputFiles({
      name: 'booklets.pdf',
      mimeType: 'application/pdf',
      buffer: stack,
    });
    await page.getByRole('combobox', { name: T.holdLabel }).click();
    await page.getByRole('option', { name: T.holdYes }).click();
    await page.getByRole('button', { name: T.uploadButton }).click();
    await expect(page).toHaveURL(/\?batch=/);
    await expect(page.getByText(T.needsTeacherTitle)).toBeVisible({ timeout: 150_000 });
    await expect(page.getByText(T.heldNote)).toBeVisible();
    // The first page that needs the teacher shows while the rest are still read: every page is
    // read (each answer submitted) before the class's answers are opened.
    await expect(page.getByText(T.done)).toBeVisible({ timeout: 150_000 });
    const batchPage = page.url();

    // 3a. Marking printed question 1 across the class: each answer beside its scan while the stack
    // is open, its text correctable there.
    await page.goto(`/class/${classId}/questions/${questionIds[1]}/mark`);
    const beside = page.getByTestId('scan-beside-text');
    await expect(beside).toBeVisible({ timeout: 60_000 });
    await expect(beside.getByRole('img', { name: /^Scan of / })).toBeVisible();
    await snap(page, 'class-marking-scan-beside-text', [DESKTOP, PHONE]);
    await page.goto(batchPage);
    const unsure = page.getByRole('article').filter({ hasText: T.reasons.unsure_text });
    await expect(unsure).toHaveCount(1);
    // The same box once placed (its reason then gone).
    const held = page.locator(
      `article[aria-labelledby="${await unsure.getAttribute('aria-labelledby')}"]`,
    );
    await expect(held).toContainText('Question 3');
    await held.scrollIntoViewIfNeeded();
    await expect(held.getByRole('img', { name: /^Scan of / })).toBeVisible();
    const heldText = held.getByRole('textbox', { name: T.answerTextLabel });
    await heldText.fill(answers[2]!);
    await snap(page, 'answer-booklets-held-box', [DESKTOP, PHONE]);
    await held.getByRole('button', { name: T.assign }).click();
    await expect(held.getByRole('status')).toContainText(T.assigned);
    // Booklets come in class-list order: the first booklet's student scribbled, the other left
    // question 2 blank.
    await expect(held.getByRole('status')).toContainText(
      new RegExp(students.map((s) => s.name).join('|')),
    );
    const placedOn = (await held.getByRole('status').textContent()) ?? '';
    const blankStudent = students.find((s) => !placedOn.includes(s.name))!;
    await expect(page.getByRole('heading', { name: T.blankTitle })).toBeVisible();
    const blank = page.getByRole('article').filter({ hasText: T.blankTitle.toLowerCase() });
    await expect(blank).toHaveCount(1);
    await expect(blank).toContainText(`Question 2`);
    await expect(blank).toContainText(`2. ${questions[0]!.question}`);
    await expect(
      page.getByText(T.summaryNeedsTeacher, { exact: true }).locator('..'),
    ).toContainText('0');
    await expect(
      page.getByRole('region', { name: T.recentTitle }).locator('a[aria-current="page"]'),
    ).toContainText(T.marking(5, 5), { timeout: 120_000 });
    await snap(page, 'answer-booklets-read', [DESKTOP, PHONE]);

    // 4. The teacher releases the stack's marks.
    await page.getByRole('button', { name: T.releaseBatch }).click();
    await expect(page.getByText(/^Marks released on /)).toBeVisible();

    // 5. Three submissions: the stack's one per student, and the scribbled box the teacher placed;
    // nothing for the blank box.
    await page.getByRole('link', { name: T.viewSubmissions }).click();
    const cards = page.getByTestId('teacher-submission-card').filter({ hasText: className });
    await expect(cards).toHaveCount(3);

    // 6. The test's results on the class page: each student's marks and total, the blank box
    // shown as not answered.
    await page.goto(`/class/${classId}`);
    const tests = page.getByRole('region', { name: TT.sectionTitle });
    await tests.getByRole('button', { name: TT.results }).click();
    const rows = tests.getByTestId('test-result-row');
    await expect(rows).toHaveCount(2, { timeout: 30_000 });
    await expect(rows.filter({ hasText: blankStudent.name })).toContainText(TT.notAnswered);
    await expect(rows.filter({ hasText: blankStudent.name })).toContainText(TT.answeredOf(2, 3));
    await expect(
      rows.filter({ hasText: students.find((s) => s !== blankStudent)!.name }),
    ).toContainText(TT.answeredOf(3, 3));
    await snap(page, 'class-test-results', [DESKTOP, PHONE]);
    await tests.getByRole('button', { name: TT.edit }).click();
    const editor = page.getByRole('dialog', { name: TT.editorEditTitle });
    await expect(editor.getByRole('textbox', { name: TT.titleLabel })).toHaveValue('Plants test');
    await snap(page, 'class-test-editor', [DESKTOP, PHONE]);
    await editor.getByRole('button', { name: TT.cancel }).click();
    await expect(editor).toBeHidden();
    await logOut(page);

    // 7. The student who left question 2 blank sees the marks of questions 1 and 3, numbered as
    // printed, and nothing for question 2.
    await openSignedIn(page, blankStudent.email, blankStudent.password, '/my-submissions');
    await page.getByTestId('submission-card').filter({ hasText: className }).first().click();
    const reviewed = page.getByTestId('answer-review');
    await expect(reviewed).toHaveCount(2, { timeout: 30_000 });
    await expect(reviewed.nth(0)).toContainText('Question 1');
    await expect(reviewed.nth(1)).toContainText('Question 3');
    await expect(page.getByText('Question 2', { exact: true })).toHaveCount(0);
    await expect(page.getByTestId('total-score')).toHaveText(/^\d+\/6$/);
    await snap(page, 'answer-booklets-student', [DESKTOP, PHONE]);
  });
});
