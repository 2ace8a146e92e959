import '@testing-library/jest-dom/vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SCAN_MESSAGES } from '@stem/contract/scans';
import { MESSAGES } from '@stem/contract/messages';
import { setupLocalBackend } from '../../test/local-backend';
import { LocationProbe, renderRoutes } from '../../test/render-app';
import { signIn } from '../../test/session';
import type { TAnswerView, TSubmissionView } from './api/submission-schema';
import SubmissionDetailsPage from './pages/submission-details-page';
import TeacherSubmissionsPage from './pages/teacher-submissions-page';
import { buildSubmission, uuid } from './test-data';

/** Teacher review of the AI's marks (issue 11): the editor, the student's view, the queue's keys. */
const R = MESSAGES.review;
const TEACHER_ID = uuid(800);
const LIST_PATH = `/question/submissions/teacher/${TEACHER_ID}`;
const ok = (data: unknown) => ({ status: 200, body: { success: true, data } });
const backend = setupLocalBackend();

function answer(n: number, patch: Partial<TAnswerView> = {}): TAnswerView {
  return {
    _id: uuid(2000 + n),
    questionId: { _id: uuid(700 + n), question: `Question number ${n}?`, marks: 4 },
    question: `Question number ${n}?`,
    marks: 4,
    answer: `Answer number ${n}`,
    score: 2,
    feedback: [{ aiComment: `AI comment ${n}.`, suggestion: `Try ${n}.`, markRange: '0-1' }],
    contentModeration: { isInappropriate: false, reason: '' },
    markedBy: 'offline@6',
    aiScore: 2,
    teacherFeedback: null,
    overriddenAt: null,
    overriddenBy: null,
    reviewedAt: null,
    review: { doubt: 50, reasons: ['uncertain'] },
    history: [],
    ...patch,
  };
}

/** An answer as the server sends it to its student: none of the reviewer's fields. */
function asStudentSees({
  aiScore: _a,
  review: _r,
  history: _h,
  overriddenBy: _o,
  reviewedAt: _v,
  ...a
}: TAnswerView): TAnswerView {
  return a;
}

/** The student's details page of this submission; its answers once shown. */
async function openAsStudent(submission: TSubmissionView): Promise<HTMLElement[]> {
  backend.on('GET', `/student/submissions/${submission._id}`, ok(submission));
  signIn('student');
  renderRoutes(
    [{ path: '/my-submissions/:id', element: <SubmissionDetailsPage /> }],
    `/my-submissions/${submission._id}`,
  );
  return screen.findAllByTestId('answer-review');
}

function queued(n: number, answers: TAnswerView[]): TSubmissionView {
  return buildSubmission(n, {
    student: { _id: uuid(600 + n), name: `Student ${n}` },
    totalMarks: 4 * answers.length,
    totalScore: answers.reduce((sum, a) => sum + (a.score ?? 0), 0),
    reviewDoubt: 50,
    submissions: answers,
  });
}

function reviewReply(a: TAnswerView, totalScore: number) {
  return {
    status: 200,
    body: { success: true, message: R.saved, data: { answer: a, totalScore, reviewDoubt: null } },
  };
}

function renderTeacher() {
  signIn('teacher', { userId: TEACHER_ID });
  return renderRoutes(
    [
      { path: '/submissions', element: <TeacherSubmissionsPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    '/submissions',
  );
}

/** The teacher's list with this one submission, its details and no agreement figures. */
function serve(submission: TSubmissionView) {
  const { submissions: _answers, ...card } = submission;
  backend.on('GET', LIST_PATH, ok([card]));
  backend.on('GET', `/submissions/${submission._id}`, ok(submission));
  backend.on('GET', '/submissions/agreement', ok([]));
}

/** The teacher's submissions page, and the drawer of its one card, opened. */
async function openDrawer(user: ReturnType<typeof userEvent.setup>): Promise<HTMLElement> {
  renderTeacher();
  const cardEl = await screen.findByTestId('teacher-submission-card');
  await user.click(within(cardEl).getByRole('button', { name: /View details/ }));
  return screen.findByTestId('submission-drawer');
}

describe('reviewing a mark in the drawer', () => {
  it('shows a re-scan that replaced the answer in its history, with the earlier text and mark', async () => {
    const user = userEvent.setup({ delay: null });
    const rescanned = answer(1, {
      answer: 'I = V / R, I = 6 / 12, I = 0.5 A',
      history: [
        {
          action: 'rescan',
          by: 'Ms Teacher',
          at: '2025-03-02T10:00:00.000Z',
          scoreBefore: 1,
          scoreAfter: null,
          commentBefore: null,
          commentAfter: null,
          textBefore: 'T=V/R | 1=6/12 | 1=05A',
          textAfter: 'I = V / R, I = 6 / 12, I = 0.5 A',
        },
      ],
    });
    const submission = queued(1, [rescanned]);
    serve(submission);
    const drawer = await openDrawer(user);
    const history = await within(drawer).findByTestId('review-history');
    expect(history).toHaveTextContent(/Ms Teacher replaced the answer with a re-scan of its page/);
    expect(history).toHaveTextContent('it had been marked 1/4');
    expect(history).toHaveTextContent(R.historyEarlierText('T=V/R | 1=6/12 | 1=05A'));
  });

  it("names the marker's doubt, and the rubric's point it is about", async () => {
    const user = userEvent.setup({ delay: null });
    const doubted = answer(1, {
      score: 4,
      aiScore: 4,
      review: {
        doubt: 50,
        reasons: ['uncertain'],
        note: 'contradictsRubric',
        about: 'the xylem transports water',
      },
    });
    const submission = queued(1, [doubted]);
    serve(submission);
    const editor = await within(await openDrawer(user)).findByTestId('answer-mark-editor');
    expect(within(editor).getByText('unsure: contradicts the rubric')).toBeInTheDocument();
    expect(within(editor).getByTestId('answer-doubt-about')).toHaveTextContent(
      'The point it doubts: "the xylem transports water"',
    );
  });

  it("shows 'AI suggested', saves a bounded score and a comment, and the history", async () => {
    const user = userEvent.setup({ delay: null });
    const original = answer(1);
    const submission = queued(1, [original]);
    serve(submission);
    backend.on('PATCH', `/submissions/${submission._id}/answers/${original._id}`, (request) => {
      const body = request.body as { score: number; comment: string | null };
      return reviewReply(
        answer(1, {
          score: body.score,
          teacherFeedback: body.comment,
          overriddenAt: '2025-03-02T10:00:00.000Z',
          reviewedAt: '2025-03-02T10:00:00.000Z',
          history: [
            {
              action: 'override',
              by: 'Ms Teacher',
              at: '2025-03-02T10:00:00.000Z',
              scoreBefore: 2,
              scoreAfter: body.score,
              commentBefore: null,
              commentAfter: body.comment,
            },
          ],
        }),
        body.score,
      );
    });
    const drawer = await openDrawer(user);
    const editor = await within(drawer).findByTestId('answer-mark-editor');
    expect(within(editor).getByTestId('ai-suggested')).toHaveTextContent(R.aiSuggested(2, 4));
    expect(within(editor).getByText(R.reason.uncertain)).toBeInTheDocument();
    expect(within(editor).getByRole('button', { name: R.accept })).toBeInTheDocument();
    // The AI's own comment stays visible to the teacher, labelled as the AI's.
    expect(within(drawer).getByText(R.aiComment)).toBeInTheDocument();
    expect(within(drawer).getByText('AI comment 1.')).toBeInTheDocument();

    const score = within(editor).getByRole('textbox', { name: R.scoreLabel(4) });
    await user.clear(score);
    const save = within(editor).getByRole('button', { name: R.save });
    // Out of range, what was typed stays and the box says why Save is off (it was clamped silently:
    // 7 became 4, -1 became 1).
    for (const typed of ['9', '-1']) {
      await user.clear(score);
      await user.type(score, typed);
      await user.tab();
      expect(score).toHaveValue(typed);
      expect(score).toHaveAccessibleDescription(R.scoreOutOfRange(4));
      expect(save).toBeDisabled();
      await user.type(score, '{Enter}');
    }
    expect(backend.seen.some((r) => r.method === 'PATCH')).toBe(false);
    await user.clear(score);
    await user.type(score, '3');
    await user.type(
      within(editor).getByRole('textbox', { name: R.commentLabel }),
      'Explain the membrane.',
    );
    // Refetches after the save answer with the new mark.
    backend.on(
      'GET',
      `/submissions/${submission._id}`,
      ok(
        queued(1, [
          answer(1, {
            score: 3,
            teacherFeedback: 'Explain the membrane.',
            reviewedAt: '2025-03-02T10:00:00.000Z',
            history: [
              {
                action: 'override',
                by: 'Ms Teacher',
                at: '2025-03-02T10:00:00.000Z',
                scoreBefore: 2,
                scoreAfter: 3,
                commentBefore: null,
                commentAfter: 'Explain the membrane.',
              },
            ],
          }),
        ]),
      ),
    );
    await user.click(within(editor).getByRole('button', { name: R.save }));
    await waitFor(() =>
      expect(
        backend.seen.find((r) => r.method === 'PATCH')?.body as Record<string, unknown>,
      ).toEqual({ score: 3, comment: 'Explain the membrane.' }),
    );
    expect(await within(drawer).findByTestId('review-history')).toHaveTextContent(
      /Ms Teacher changed the mark from 2\/4 to 3\/4/,
    );
    expect(within(drawer).getByTestId('teacher-comment')).toHaveTextContent(
      'Explain the membrane.',
    );
    // Reviewed: 'Mark as reviewed (unchanged)' beside the teacher's own mark would do nothing.
    expect(within(editor).queryByRole('button', { name: R.accept })).toBeNull();
    expect(within(editor).getByRole('button', { name: R.save })).toBeInTheDocument();
  });
});

describe('a scanned answer in the drawer (issue 28)', () => {
  it('shows the scan beside the text read, and sends a corrected text to be marked again', async () => {
    const user = userEvent.setup({ delay: null });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:scan-1' }));
    const CROP = uuid(3001);
    const scanned = answer(1, { answer: 'T=V/R | 1=6/12 | 1=05A', cropId: CROP, scanned: true });
    const submission = queued(1, [scanned]);
    serve(submission);
    backend.on('GET', `/scan/crops/${CROP}`, ok({ png: true }));
    backend.on('PUT', `/submissions/${submission._id}/answers/${scanned._id}/text`, {
      status: 200,
      body: {
        success: true,
        message: R.textCorrected,
        data: { submissionId: submission._id, status: 'pending' },
      },
    });
    const drawer = await openDrawer(user);
    const beside = await within(drawer).findByTestId('scan-beside-text');
    expect(
      await within(beside).findByRole('img', { name: SCAN_MESSAGES.cropAlt('Question 1') }),
    ).toHaveAttribute('src', 'blob:scan-1');
    const box = within(beside).getByRole('textbox', { name: `${R.correctTextLabel}: Question 1` });
    expect(box).toHaveValue('T=V/R | 1=6/12 | 1=05A');
    await user.clear(box);
    await user.type(box, 'I = V / R, I = 0.5 A');
    await user.click(within(beside).getByRole('button', { name: R.correctText }));
    await waitFor(() =>
      expect(backend.seen.find((r) => r.method === 'PUT')?.body).toEqual({
        text: 'I = V / R, I = 0.5 A',
      }),
    );
    vi.unstubAllGlobals();
  });

  it('shows no scan, and no text box, for an answer a student typed', async () => {
    const user = userEvent.setup({ delay: null });
    const typed = answer(1);
    const submission = queued(1, [typed]);
    serve(submission);
    const drawer = await openDrawer(user);
    await within(drawer).findByTestId('answer-mark-editor');
    expect(within(drawer).queryByTestId('scan-beside-text')).toBeNull();
    expect(within(drawer).queryByRole('button', { name: R.correctText })).toBeNull();
  });
});

describe("the student's view of a reviewed mark", () => {
  it("shows the teacher's comment as the teacher's, and the AI's only where none was left", async () => {
    const submission = buildSubmission(3, {
      totalScore: 5,
      totalMarks: 8,
      submissions: [
        {
          ...answer(1, { score: 3, teacherFeedback: 'Well argued, but name the gas.' }),
          // The server sends no AI feedback under a teacher's comment.
          feedback: [],
          overriddenAt: '2025-03-02T10:00:00.000Z',
        },
        { ...answer(2), overriddenAt: '2025-03-02T10:00:00.000Z' },
      ].map(asStudentSees),
    });
    const answers = await openAsStudent(submission);
    expect(within(answers[0]!).getByText(R.yourTeachersComment)).toBeInTheDocument();
    expect(within(answers[0]!).getByText('Well argued, but name the gas.')).toBeInTheDocument();
    expect(within(answers[0]!).queryByText(MESSAGES.submissionsPage.feedback)).toBeNull();
    expect(within(answers[0]!).getByText(R.markedByTeacher)).toBeInTheDocument();
    // Only the mark changed on the second: the AI's comment stays the student's feedback.
    expect(within(answers[1]!).queryByText(R.yourTeachersComment)).toBeNull();
    expect(within(answers[1]!).getByText('AI comment 2.')).toBeInTheDocument();
    // The AI's mark range is the AI's band, not the teacher's mark: not shown beside it.
    expect(within(answers[1]!).queryByText(MESSAGES.submissionsPage.markRange('0-1'))).toBeNull();
    // No review tools, and no AI mark, for a student.
    expect(screen.queryByTestId('answer-mark-editor')).toBeNull();
    expect(screen.queryByText(R.aiSuggested(2, 4))).toBeNull();
  });

  it("tells the student a held answer awaits the teacher's review, without its mark or feedback", async () => {
    const heldCopy = {
      ...answer(1),
      score: null,
      feedback: [],
      markedBy: null,
      contentModeration: null,
      feedbackHeld: true,
    };
    const submission = buildSubmission(4, {
      totalScore: null,
      totalMarks: 8,
      feedbackHeld: true,
      submissions: [heldCopy, { ...answer(2), feedbackHeld: false }].map(asStudentSees),
    });
    const answers = await openAsStudent(submission);
    expect(within(answers[0]!).getByText(R.heldAnswer)).toBeInTheDocument();
    expect(within(answers[0]!).getByTestId('score-badge')).toHaveTextContent(R.heldTotal);
    expect(within(answers[0]!).queryByText(MESSAGES.submissionsPage.feedback)).toBeNull();
    expect(within(answers[1]!).getByText('AI comment 2.')).toBeInTheDocument();
    expect(screen.getByTestId('total-score')).toHaveTextContent(R.heldTotal);
  });
});

describe('the review queue', () => {
  it('filters to work needing review, and the keys move, accept and set scores', async () => {
    const user = userEvent.setup({ delay: null });
    const first = queued(1, [answer(1), answer(2)]);
    const second = queued(2, [answer(3)]);
    const cards = [first, second].map(({ submissions: _a, ...card }) => card);
    backend.on('GET', LIST_PATH, (request) => ({
      status: 200,
      body: {
        success: true,
        data: request.query.review === 'needed' ? cards : [...cards, buildSubmission(9)],
        page: { nextCursor: null, total: 3, matched: request.query.review === 'needed' ? 2 : 3 },
        counts: { flagged: 0, unflagged: 3, needsReview: 2 },
      },
    }));
    backend.on('GET', `/submissions/${first._id}`, ok(first));
    backend.on('GET', `/submissions/${second._id}`, ok(second));
    backend.on(
      'GET',
      '/submissions/agreement',
      ok([{ questionId: uuid(701), reviewed: 22, agreed: 18, withinOne: 21 }]),
    );
    const a1 = answer(1);
    const a2 = answer(2);
    const a3 = answer(3);
    backend.on('POST', `/submissions/${first._id}/answers/${a1._id}/reviewed`, () =>
      reviewReply({ ...a1, reviewedAt: '2025-03-02T10:00:00.000Z' }, 4),
    );
    backend.on('PATCH', `/submissions/${first._id}/answers/${a2._id}`, (request) =>
      reviewReply({ ...a2, score: (request.body as { score: number }).score }, 5),
    );
    backend.on('POST', `/submissions/${second._id}/answers/${a3._id}/reviewed`, () =>
      reviewReply({ ...a3, reviewedAt: '2025-03-02T10:00:00.000Z' }, 2),
    );
    renderTeacher();

    await user.click(await screen.findByText(R.needsReviewCount(2)));
    const queue = await screen.findByTestId('review-queue');
    await waitFor(() =>
      expect(backend.seen.filter((r) => r.path === LIST_PATH).at(-1)?.query).toMatchObject({
        review: 'needed',
      }),
    );
    expect(within(queue).getByTestId('queue-position')).toHaveTextContent(R.queuePosition(1, 2));
    expect(await within(queue).findByText('Student 1')).toBeInTheDocument();
    await waitFor(() => expect(within(queue).getAllByTestId('answer-review')).toHaveLength(2));
    // Each answer says how often the AI's mark stood on its own question.
    const [firstAnswer, secondAnswer] = within(queue).getAllByTestId('answer-review');
    expect(await within(firstAnswer!).findByTestId('agreement')).toHaveTextContent(
      R.questionAgreement(18, 22, 21),
    );
    expect(within(secondAnswer!).getByTestId('agreement')).toHaveTextContent(R.noAgreementYet);
    // Issue 27: each answer's question, marked across its whole class.
    expect(
      within(firstAnswer!).getByRole('link', { name: MESSAGES.classMarking.openFromQueue }),
    ).toHaveAttribute('href', `/class/${uuid(500)}/questions/${uuid(701)}/mark`);
    const focusedText = () =>
      within(queue)
        .getAllByTestId('answer-review')
        .find((el) => el.getAttribute('data-focused') === 'true')?.textContent ?? '';
    expect(focusedText()).toContain('Answer number 1');

    // A: the answer in focus is kept as marked, and the focus moves on.
    fireEvent.keyDown(window, { key: 'a' });
    await waitFor(() =>
      expect(
        backend.seen.some((r) => r.method === 'POST' && r.path.endsWith(`${a1._id}/reviewed`)),
      ).toBe(true),
    );
    await waitFor(() => expect(focusedText()).toContain('Answer number 2'));
    // A digit saves that score for the answer in focus, at once: the help line says so.
    expect(within(queue).getByText(/0-9 save that mark at once/)).toBeInTheDocument();
    fireEvent.keyDown(window, { key: '3' });
    await waitFor(() =>
      expect(backend.seen.find((r) => r.method === 'PATCH')?.body).toEqual({
        score: 3,
        comment: null,
      }),
    );
    // A digit above the marks is not saved: the box shows it and says why.
    fireEvent.keyDown(window, { key: '7' });
    const focusedBox = within(
      within(queue)
        .getAllByTestId('answer-review')
        .find((el) => el.getAttribute('data-focused') === 'true')!,
    ).getByRole('textbox', { name: R.scoreLabel(4) });
    await waitFor(() => expect(focusedBox).toHaveValue('7'));
    expect(focusedBox).toHaveAccessibleDescription(R.scoreOutOfRange(4));
    // J past the last answer: the next submission in the queue.
    fireEvent.keyDown(window, { key: 'j' });
    expect(await within(queue).findByText('Student 2')).toBeInTheDocument();
    expect(within(queue).getByTestId('queue-position')).toHaveTextContent(R.queuePosition(2, 2));
    // K goes back.
    fireEvent.keyDown(window, { key: 'k' });
    expect(await within(queue).findByText('Student 1')).toBeInTheDocument();
    expect(backend.seen.filter((r) => r.method === 'PATCH')).toHaveLength(1);
  });

  it("never says 'No answers reviewed' over a card whose answers show 'Reviewed on'", async () => {
    const user = userEvent.setup({ delay: null });
    const reviewedAt = '2025-03-02T10:00:00.000Z';
    // Question 1 waits for review; questions 2 and 3 were reviewed (the AI's mark kept).
    const submission = queued(1, [
      answer(1),
      answer(2, { reviewedAt, review: null }),
      answer(3, { reviewedAt, review: null }),
    ]);
    const { submissions: _answers, ...card } = submission;
    backend.on('GET', LIST_PATH, {
      status: 200,
      body: {
        success: true,
        data: [card],
        page: { nextCursor: null, total: 1, matched: 1 },
        counts: { flagged: 0, unflagged: 1, needsReview: 1 },
      },
    });
    backend.on('GET', `/submissions/${submission._id}`, ok(submission));
    backend.on(
      'GET',
      '/submissions/agreement',
      ok([
        { questionId: uuid(702), reviewed: 1, agreed: 1, withinOne: 1 },
        { questionId: uuid(703), reviewed: 1, agreed: 1, withinOne: 1 },
      ]),
    );
    renderTeacher();
    await user.click(await screen.findByText(R.needsReviewCount(1)));
    const queue = await screen.findByTestId('review-queue');
    await waitFor(() => expect(within(queue).getAllByTestId('answer-review')).toHaveLength(3));
    const answers = within(queue).getAllByTestId('answer-review');
    await waitFor(() => expect(within(queue).getAllByTestId('agreement')).toHaveLength(3));
    // Every agreement line sits in the answer it is about; none speaks for the whole card.
    for (const line of within(queue).getAllByTestId('agreement')) {
      expect(answers.some((a) => a.contains(line))).toBe(true);
    }
    expect(within(answers[0]!).getByTestId('agreement')).toHaveTextContent(R.noAgreementYet);
    for (const reviewed of [answers[1]!, answers[2]!]) {
      expect(within(reviewed).getByText(/Reviewed on/)).toBeInTheDocument();
      expect(within(reviewed).getByTestId('agreement')).toHaveTextContent(
        R.questionAgreement(1, 1, 1),
      );
    }
  });

  it('says so when nothing waits for review', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('GET', LIST_PATH, (request) => ({
      status: 200,
      body: {
        success: true,
        data: request.query.review === 'needed' ? [] : [buildSubmission(1)],
        page: { nextCursor: null, total: 1, matched: request.query.review === 'needed' ? 0 : 1 },
        counts: { flagged: 0, unflagged: 1, needsReview: 0 },
      },
    }));
    renderTeacher();
    await user.click(await screen.findByText(R.needsReviewCount(0)));
    expect(await screen.findByText(R.queueEmpty)).toBeInTheDocument();
  });
});
