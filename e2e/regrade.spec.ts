import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { MESSAGES } from '@stem/contract/messages';
import { accounts, pick } from './support/accounts';
import {
  DESKTOP,
  expectNoHorizontalOverflow,
  logOut,
  openSignedIn,
  PHONE,
  signIn,
  snap,
} from './support/pages';
import { readOutbox } from './support/outbox';
import { submitAndMark } from './support/student-api';
import { teachingApi } from './support/teaching-api';
import { expect, test } from './support/test';

const REL = MESSAGES.release;
const RG = MESSAGES.regrades;

const QUESTION = {
  question: 'Explain why a metal spoon feels colder than a wooden spoon at room temperature.',
  marks: 4,
  lowMarkRange: '0-1',
  highMarkRange: '3-4',
  rubric:
    'Low Mark Range (0-1):\nSays metal is cold without a reason.\n\n' +
    'High Mark Range (3-4):\nMetal is a good thermal conductor, so it transfers energy away from the hand quickly; wood is an insulator.',
};
const ANSWER =
  'The metal spoon is a good conductor so it takes heat away from my hand quickly. Wood is an insulator so it transfers heat slowly.';

/** The page's first sight of something may wait on a slow, shared machine. */
const LOADED = { timeout: 30_000 };

/** The teacher's class page with its questions shown (they start folded). */
async function openClassQuestions(page: Page, classId: string) {
  await page.goto(`/class/${classId}`);
  await page.getByRole('button', { name: MESSAGES.classesPage.showQuestions(1) }).click(LOADED);
}

/** No button or badge label in the part is cut short ('Mark answ…'): each is as wide as its words. */
async function expectNoCutLabels(part: Locator) {
  const cut = await part
    .locator('.mantine-Button-label, .mantine-Badge-label')
    .evaluateAll((labels) =>
      labels.filter((l) => l.scrollWidth > l.clientWidth + 1).map((l) => l.textContent),
    );
  expect(cut).toEqual([]);
}

/** Issue 27: the release of a class's marks, and a student's re-mark request with the reply. */
test.describe('release of marks and re-mark requests', () => {
  test('a held mark appears to the student only when the teacher releases it', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const teacher = pick(accounts().teachers, 0, 'teacher');
    const student = pick(accounts().students, 15, 'student');
    const api = await teachingApi(request, teacher);
    const className = `Heat ${randomUUID().slice(0, 6)}`;
    const classId = await api.createClass(className, [await api.studentId(student.email)]);
    const questionId = await api.createQuestion(QUESTION);
    await api.addToClass(questionId, classId);

    // The teacher sets the question to release marks when they say so.
    await signIn(page, teacher.email, teacher.password);
    await openClassQuestions(page, classId);
    await page
      .getByRole('button', { name: REL.settingsButtonLabel(QUESTION.question) })
      .click(LOADED);
    const dialog = page.getByRole('dialog', { name: REL.settingsTitle });
    await dialog.getByRole('radio', { name: REL.modeOnRelease }).check();
    // Desktop only: resizing to a phone redraws the questions as cards, which closes the dialog.
    await snap(page, 'release-settings', [DESKTOP]);
    await dialog.getByRole('button', { name: REL.save }).click();
    await expect(dialog).toBeHidden(LOADED);
    await expect(page.getByTestId('release-state')).toHaveText(REL.onReleaseShort);
    // The badge beside the question's buttons cuts none of them short on a desktop.
    const questionRow = page.getByRole('row').filter({ has: page.getByTestId('release-state') });
    await expectNoCutLabels(questionRow);
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: REL.settingsButtonLabel(QUESTION.question) }).click();
    await expect(dialog.getByRole('radio', { name: REL.modeOnRelease })).toBeChecked();
    await snap(page, 'release-settings', [PHONE]);
    await expectNoHorizontalOverflow(page);
    await dialog.getByRole('button', { name: REL.close }).click();
    await expect(dialog).toBeHidden();
    // Its fading overlay too, or resizing mid-fade leaves it over the page.
    await expect(page.locator('.mantine-Modal-overlay')).toHaveCount(0);
    await page.setViewportSize(DESKTOP);
    await logOut(page);

    // The work is marked; the student sees that it is, not the mark.
    const submissionId = await submitAndMark(request, student, classId, questionId, ANSWER);
    await openSignedIn(page, student.email, student.password, `/my-submissions/${submissionId}`);
    const answer = page.getByTestId('answer-review');
    await expect(answer.getByTestId('feedback-held')).toHaveText(REL.waitingForRelease, LOADED);
    await expect(page.getByTestId('total-score')).toHaveText(REL.waitingBadge);
    await expect(answer.getByText(/^\d+\/4$/)).toHaveCount(0);
    await expect(answer.getByRole('button', { name: RG.ask })).toHaveCount(0);
    await snap(page, 'release-student-waits', [DESKTOP, PHONE]);
    await page.goto('/my-submissions');
    await expect(page.getByText(REL.waitingBadge).first()).toBeVisible(LOADED);
    await logOut(page);

    // The teacher sees one mark waiting and releases it.
    await signIn(page, teacher.email, teacher.password);
    await openClassQuestions(page, classId);
    await expect(page.getByTestId('release-state')).toHaveText(REL.heldShort(1), LOADED);
    await expectNoCutLabels(questionRow);
    await page.getByRole('button', { name: REL.settingsButtonLabel(QUESTION.question) }).click();
    await expect(dialog.getByTestId('release-state-text')).toHaveText(REL.stateHeld(1));
    await snap(page, 'release-one-waiting', [DESKTOP]);
    await dialog.getByRole('button', { name: REL.releaseButtonCount(1) }).click();
    await expect(page.getByText(REL.released(1))).toBeVisible(LOADED);
    await expect(dialog.getByTestId('release-state-text')).toHaveText(/^All marks released/);
    await dialog.getByRole('button', { name: REL.close }).click();
    await expect(page.locator('.mantine-Modal-overlay')).toHaveCount(0);
    await logOut(page);

    // Now the student reads the mark.
    await openSignedIn(page, student.email, student.password, `/my-submissions/${submissionId}`);
    await expect(page.getByTestId('total-score')).toHaveText(/^\d+\/4$/, LOADED);
    await expect(answer.getByTestId('feedback-held')).toHaveCount(0);
  });

  test('a student asks for a re-mark and reads the reply, on the page and by e-mail', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const teacher = pick(accounts().teachers, 0, 'teacher');
    const student = pick(accounts().students, 16, 'student');
    const api = await teachingApi(request, teacher);
    const classId = await api.createClass(`Conduction ${randomUUID().slice(0, 6)}`, [
      await api.studentId(student.email),
    ]);
    const questionId = await api.createQuestion(QUESTION);
    await api.addToClass(questionId, classId);
    const submissionId = await submitAndMark(request, student, classId, questionId, ANSWER);

    await openSignedIn(page, student.email, student.password, `/my-submissions/${submissionId}`);
    const total = page.getByTestId('total-score');
    await expect(total).toHaveText(/^\d+\/4$/, LOADED);
    const before = Number(/^(\d+)/.exec((await total.textContent()) ?? '')?.[1]);
    const answer = page.getByTestId('answer-review');
    await answer.getByRole('button', { name: RG.ask }).click();
    // The form takes the cursor from the button it replaced.
    await expect(answer.getByRole('textbox', { name: RG.reasonLabel })).toBeFocused();
    const reason =
      'I explained that metal conducts heat away from the hand and wood is an insulator.';
    // An empty reason is refused on the page, before anything is sent.
    await answer.getByRole('button', { name: RG.send }).click();
    await expect(answer.getByText(RG.reasonRequired)).toBeVisible();
    await answer.getByRole('textbox', { name: RG.reasonLabel }).fill(reason);
    await snap(page, 'regrade-student-asks', [DESKTOP, PHONE]);
    await answer.getByRole('button', { name: RG.send }).click();
    const mine = answer.getByTestId('regrade-request');
    await expect(mine).toContainText(RG.waiting, LOADED);
    await expect(mine).toContainText(reason);
    await expect(answer.getByRole('button', { name: RG.ask })).toHaveCount(0);
    await logOut(page);

    // The teacher answers from the list of open requests.
    await openSignedIn(page, teacher.email, teacher.password, '/submissions');
    await page.getByText(/^Re-mark requests \(\d+\)$/).click(LOADED);
    const card = page.getByTestId('regrade-card').filter({ hasText: reason });
    await expect(card).toBeVisible(LOADED);
    await expect(card).toContainText(student.name);
    await expect(page.getByText(/^\d+ open requests?$/)).toBeVisible();
    const after = before === 4 ? 3 : before + 1;
    // The marker may already have given full marks: then the teacher's second look takes one off.
    const reply =
      after > before
        ? 'You are right: you named both the conductor and the insulator. One more mark.'
        : 'On a second look, you did not say why the metal feels colder. One mark less.';
    await card.getByRole('textbox', { name: RG.newMarkLabel(4) }).fill(String(after));
    await card.getByRole('textbox', { name: RG.replyLabel }).fill(reply);
    await snap(page, 'regrade-teacher-list', [DESKTOP, PHONE]);
    await expectNoHorizontalOverflow(page);
    const sentAt = Date.now();
    await card.getByRole('button', { name: RG.sendReply }).click();
    await expect(page.getByText(RG.replySent)).toBeVisible(LOADED);
    await expect(page.getByTestId('regrade-card').filter({ hasText: reason })).toHaveCount(0);
    const mail = await readOutbox({ to: student.email, subject: RG.mailSubject, since: sentAt });
    expect(mail.text).toContain(reply);
    expect(mail.text).toContain(`from ${before}/4 to ${after}/4`);
    await logOut(page);

    // The student reads the reply and the new mark.
    await openSignedIn(page, student.email, student.password, `/my-submissions/${submissionId}`);
    await expect(total).toHaveText(`${after}/4`, LOADED);
    const replied = answer.getByTestId('regrade-reply');
    await expect(replied).toContainText(reply);
    await expect(replied).toContainText(RG.markChanged(before, after, 4));
    await expect(answer.getByTestId('regrade-request')).toContainText(RG.answered);
    await snap(page, 'regrade-student-reads-reply', [DESKTOP, PHONE]);
    await expectNoHorizontalOverflow(page);
  });
});
