import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fillPath } from '@stem/contract/api';
import { MESSAGES } from '@stem/contract/messages';
import { ROOT_PATHS, SUBMISSION_PATHS } from '@stem/contract/submissions';
import type { TStudentClass, TStudentQuestion } from '@stem/contract/teaching';
import { setupLocalBackend } from '../../test/local-backend';
import { loadDraftAnswers } from './answers-store';
import type { TCompletionState } from './completion-state';
import AnswerQuestionsPage from './pages/answer-questions-page';
import SubmissionCompletePage from './pages/submission-complete-page';
import { LocationProbe, renderRoutes } from '../../test/render-app';
import { signIn, uuid } from '../../test/session';

const T = MESSAGES.answeringPage;
const CLASS_ID = uuid(1);
const SUBMISSION_ID = uuid(77);
const CLASS_PATH = `/student/class/${CLASS_ID}`;
const MARK_PATH = fillPath(ROOT_PATHS.markSubmission, {
  classId: CLASS_ID,
  submissionId: SUBMISSION_ID,
});

const question = (n: number, marks: number): TStudentQuestion => ({
  _id: uuid(10 + n),
  id: uuid(10 + n),
  question: `Question text ${n}`,
  marks,
  createdAt: '2025-03-01T10:00:00.000Z',
});
const QUESTIONS = [question(1, 4), question(2, 6), question(3, 1)];
const CLASS: TStudentClass = {
  _id: CLASS_ID,
  id: CLASS_ID,
  name: 'Physics 10A',
  teacher: { _id: uuid(2), id: uuid(2), name: 'Grace Hopper' },
  questionCount: 3,
  totalMarks: 11,
};
const classReply = (questions = QUESTIONS) => ({
  status: 200,
  body: { success: true, data: { class: CLASS, questions } },
});

const backend = setupLocalBackend();
beforeEach(() => {
  window.sessionStorage.clear();
  signIn('student');
  backend.on('GET', CLASS_PATH, classReply());
});

function renderAnswering(
  path: Parameters<typeof renderRoutes>[1] = `/start-submission/${CLASS_ID}`,
) {
  return renderRoutes(
    [
      { path: '/start-submission/:classId', element: <AnswerQuestionsPage /> },
      { path: '/start-submission/:classId/:questionId', element: <AnswerQuestionsPage /> },
      { path: '/submission-complete/:id', element: <SubmissionCompletePage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    path,
  );
}

const answerBox = () => screen.getByRole('textbox', { name: T.answerLabel });
const position = () => screen.getByTestId('question-position').textContent;
const button = (name: string) => screen.getByRole('button', { name });
/** The submission the page sent, once it has. */
const sentSubmission = () =>
  waitFor(() => {
    const request = backend.seen.find(
      (r) => r.method === 'POST' && r.path === '/student/submissions',
    );
    expect(request).toBeDefined();
    return request;
  });

/** The server's reply to a saved submission. */
const CREATED = {
  status: 201,
  body: {
    success: true,
    status: 'success',
    message: MESSAGES.submissions.created,
    data: { _id: SUBMISSION_ID },
  },
};

/** The marking call's reply: the submission marked, `totalScore` of 11, with these results. */
function marked(totalScore: number, results: unknown[]) {
  return {
    status: 200,
    body: {
      success: true,
      data: { status: 'marked', totalScore, totalMarks: 11, failureReason: null, results },
    },
  };
}

/** Answers the class's three questions ("First", "Second", "Third") and submits; when it did. */
async function answerAllAndSubmit(user: ReturnType<typeof userEvent.setup>): Promise<number> {
  for (const text of ['First', 'Second']) {
    await user.type(await screen.findByRole('textbox', { name: T.answerLabel }), text);
    await user.click(button(T.next));
  }
  await user.type(answerBox(), 'Third');
  const clicked = Date.now();
  await user.click(button(T.submit));
  return clicked;
}

describe('answering a test (an LMS link to it)', () => {
  it('asks the test’s questions in its order, keeps the test in the address, and sends only them', async () => {
    const user = userEvent.setup({ delay: null });
    const testId = uuid(90);
    backend.on('GET', `/class/${CLASS_ID}/tests/${testId}`, {
      status: 200,
      body: {
        success: true,
        data: {
          id: testId,
          classId: CLASS_ID,
          title: 'Forces quiz',
          questions: [
            { id: uuid(13), number: 1, question: 'Question text 3', marks: 1 },
            { id: uuid(11), number: 2, question: 'Question text 1', marks: 4 },
          ],
          totalMarks: 5,
          createdBy: null,
          updatedBy: null,
          createdAt: '2025-03-01T10:00:00.000Z',
          updatedAt: '2025-03-01T10:00:00.000Z',
        },
      },
    });
    backend.on('POST', '/student/submissions', CREATED);
    const { router } = renderAnswering(`/start-submission/${CLASS_ID}?test=${testId}`);
    expect(await screen.findByTestId('answering-test')).toHaveTextContent(
      MESSAGES.classTests.studentTestTitle('Forces quiz'),
    );
    expect(screen.getByTestId('total-questions')).toHaveTextContent(T.totalQuestions(2));
    expect(screen.getByTestId('question-text')).toHaveTextContent('Question text 3');
    await user.type(answerBox(), 'Newtons');
    await user.click(button(T.next));
    expect(router.state.location.pathname).toBe(`/start-submission/${CLASS_ID}/${uuid(11)}`);
    expect(router.state.location.search).toBe(`?test=${testId}`);
    expect(screen.getByTestId('question-text')).toHaveTextContent('Question text 1');
    await user.type(answerBox(), 'Force is mass times acceleration');
    await user.click(button(T.submit));
    const sent = await sentSubmission();
    expect(
      (sent?.body as { submissions: { questionId: string }[] }).submissions.map(
        (a) => a.questionId,
      ),
    ).toEqual([uuid(13), uuid(11)]);
  });

  it('says so when the test is not there (deleted, or another class’s)', async () => {
    renderAnswering(`/start-submission/${CLASS_ID}?test=${uuid(91)}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.classTests.notFound);
  });
});

describe('answering questions', () => {
  it("keeps each question's answer across Previous and Next, and refuses a blank one", async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = renderAnswering();
    expect(await screen.findByRole('heading', { name: 'Physics 10A' })).toBeInTheDocument();
    expect(document.title).toBe(T.documentTitle);
    expect(screen.getByTestId('total-questions')).toHaveTextContent(T.totalQuestions(3));
    expect(position()).toBe(T.questionOf(1, 3));
    expect(screen.getByTestId('question-text')).toHaveTextContent('Question text 1');
    expect(screen.getByText(T.marks(4))).toBeInTheDocument();
    expect(button(T.previous)).toBeDisabled();

    await user.click(button(T.next));
    expect(screen.getByText(MESSAGES.submissions.answerRequired)).toBeInTheDocument();
    await user.type(answerBox(), '   ');
    await user.click(button(T.next));
    expect(position()).toBe(T.questionOf(1, 3));
    expect(screen.getByText(MESSAGES.submissions.answerRequired)).toBeInTheDocument();

    await user.clear(answerBox());
    await user.type(answerBox(), 'Answer one');
    expect(screen.queryByText(MESSAGES.submissions.answerRequired)).not.toBeInTheDocument();
    await user.click(button(T.next));
    expect(position()).toBe(T.questionOf(2, 3));
    // The address follows the question.
    expect(router.state.location.pathname).toBe(`/start-submission/${CLASS_ID}/${uuid(12)}`);
    expect(answerBox()).toHaveValue('');
    // The question's text takes the focus, for keyboard and screen-reader users.
    expect(screen.getByTestId('question-text')).toHaveFocus();

    await user.type(answerBox(), 'Answer two');
    await user.click(button(T.previous));
    expect(position()).toBe(T.questionOf(1, 3));
    expect(answerBox()).toHaveValue('Answer one');
    await user.click(button(T.next));
    expect(answerBox()).toHaveValue('Answer two');
    await user.click(button(T.next));
    expect(position()).toBe(T.questionOf(3, 3));
    expect(screen.queryByRole('button', { name: T.next })).not.toBeInTheDocument();
    expect(button(T.submit)).toBeInTheDocument();
    expect(screen.getByText(T.answered(2, 3))).toBeInTheDocument();
  });

  it('keeps the answers through a reload, and opens the question in the address', async () => {
    const user = userEvent.setup({ delay: null });
    const first = renderAnswering();
    await user.type(await screen.findByRole('textbox', { name: T.answerLabel }), 'Kept');
    first.unmount();
    expect(loadDraftAnswers(CLASS_ID)[uuid(11)]).toEqual({ answer: 'Kept', source: 'typed' });

    renderAnswering(`/start-submission/${CLASS_ID}/${uuid(11)}`);
    expect(await screen.findByRole('textbox', { name: T.answerLabel })).toHaveValue('Kept');
  });

  it('saves every answer, shows "Saving your submission..." and opens the completion page 2 s later', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('POST', '/student/submissions', CREATED);
    backend.on(
      'POST',
      MARK_PATH,
      marked(8, [
        { questionId: uuid(11), score: 3, feedback: [], contentModeration: null },
        {
          questionId: uuid(12),
          score: 4,
          feedback: [{ aiComment: 'Clear working.', suggestion: 'Add units.', markRange: 'high' }],
          contentModeration: null,
        },
        { questionId: uuid(13), score: 1, feedback: [], contentModeration: null },
      ]),
    );
    renderAnswering();
    const clicked = await answerAllAndSubmit(user);

    expect(await screen.findByText(MESSAGES.submissions.saving)).toBeInTheDocument();
    const saved = await sentSubmission();
    expect(saved?.body).toEqual({
      classId: CLASS_ID,
      submissions: [
        { questionId: uuid(11), answer: 'First', source: 'typed' },
        { questionId: uuid(12), answer: 'Second', source: 'typed' },
        { questionId: uuid(13), answer: 'Third', source: 'typed' },
      ],
      totalScore: 0,
      status: 'pending',
    });
    expect(saved?.authorization).toBe('Bearer student-token');

    expect(
      await screen.findByRole('heading', { name: T.completeHeading }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(1_900);
    // The answers of a saved submission are not kept.
    expect(loadDraftAnswers(CLASS_ID)).toEqual({});

    // Marking runs after saving: the page asks for the marks once and shows them.
    expect(await screen.findByTestId('overall-score')).toHaveTextContent('8/11');
    expect(screen.getByTestId('percentage')).toHaveTextContent('73%');
    const cards = screen.getAllByTestId('completed-question');
    expect(within(cards[1]!).getByText('Second')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('4/6')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Clear working.')).toBeInTheDocument();
    expect(within(cards[0]!).getByText(MESSAGES.submissions.noFeedback)).toBeInTheDocument();
    expect(backend.seen.filter((r) => r.path === MARK_PATH)).toHaveLength(1);
  });

  it('opens the results of a submission that used the last attempts, though the class then has none left', async () => {
    // The class is fetched again once the submission is saved (its attempts are counted): with the
    // last attempts used, it would have replaced the screen, and its timer with it (session 24).
    const user = userEvent.setup({ delay: null });
    const withUsed = (n: number) =>
      QUESTIONS.map((q) => ({ ...q, attemptsUsed: n, attemptLimit: 3 }));
    let sent = false;
    backend.on('GET', CLASS_PATH, () => ({
      status: 200,
      body: { success: true, data: { class: CLASS, questions: withUsed(sent ? 3 : 2) } },
    }));
    backend.on('POST', '/student/submissions', () => {
      sent = true;
      return CREATED;
    });
    backend.on(
      'POST',
      MARK_PATH,
      marked(
        5,
        QUESTIONS.map((q) => ({
          questionId: q.id,
          score: 1,
          feedback: [],
          contentModeration: null,
        })),
      ),
    );
    renderAnswering();
    await answerAllAndSubmit(user);
    expect(await screen.findByText(MESSAGES.submissions.saving)).toBeInTheDocument();
    // The class has been fetched again and says every attempt is used...
    await waitFor(() =>
      expect(backend.seen.filter((r) => r.method === 'GET' && r.path === CLASS_PATH)).toHaveLength(
        2,
      ),
    );
    // ...and the results still open, never the "all attempts used" notice.
    expect(
      await screen.findByRole('heading', { name: T.completeHeading }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText(T.allAttemptsUsed(3))).not.toBeInTheDocument();
    expect(await screen.findByTestId('overall-score')).toHaveTextContent('5/11');
  });

  it("shows the server's reason when saving is refused, and closes the overlay", async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('GET', CLASS_PATH, classReply([question(1, 4)]));
    backend.on('POST', '/student/submissions', {
      status: 409,
      body: { success: false, code: 'CONFLICT', message: MESSAGES.submissions.attemptsExhausted },
    });
    renderAnswering();
    await user.type(await screen.findByRole('textbox', { name: T.answerLabel }), 'Only answer');
    await user.click(button(T.submit));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      MESSAGES.submissions.attemptsExhausted,
    );
    expect(screen.queryByText(MESSAGES.submissions.saving)).not.toBeInTheDocument();
    // The answer is still there to try again.
    expect(answerBox()).toHaveValue('Only answer');
  });

  it('says "Failed to save submission. Please try again." when the server fails', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('GET', CLASS_PATH, classReply([question(1, 4)]));
    backend.on('POST', '/student/submissions', {
      status: 500,
      body: { success: false, code: 'INTERNAL', message: 'boom' },
    });
    renderAnswering();
    await user.type(await screen.findByRole('textbox', { name: T.answerLabel }), 'Answer');
    await user.click(button(T.submit));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.submissions.saveFailed);
  });

  it('fills the answer box from an uploaded file: read, tidied and still editable', async () => {
    const user = userEvent.setup({ delay: null, applyAccept: false });
    backend.on('POST', ROOT_PATHS.studentExtractText, {
      status: 200,
      body: {
        status: 'successful',
        data: { formData: 'Th e light energy', pages: 1, confidence: 71 },
      },
    });
    backend.on('POST', ROOT_PATHS.cleanupText, {
      status: 200,
      body: { status: 'success', data: { cleanedText: 'The light energy', engine: 'offline' } },
    });
    renderAnswering();
    await screen.findByRole('textbox', { name: T.answerLabel });
    await user.click(screen.getByRole('radio', { name: T.uploadImage }));
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;

    await user.upload(input, new File(['GIF89a'], 'drawing.gif', { type: 'image/gif' }));
    expect(await screen.findByText(MESSAGES.upload.unsupportedType)).toBeInTheDocument();

    // PDFs are sent as they are (only photos are compressed).
    await user.upload(
      input,
      new File(['%PDF-1.4 answer'], 'answer.pdf', { type: 'application/pdf' }),
    );
    await waitFor(() => expect(answerBox()).toHaveValue('The light energy'));
    expect(screen.getByText(T.checkExtracted)).toBeInTheDocument();
    const extract = backend.seen.find((r) => r.path === ROOT_PATHS.studentExtractText);
    expect(extract?.body).toEqual({ image: btoa('%PDF-1.4 answer') });
    expect(backend.seen.find((r) => r.path === ROOT_PATHS.cleanupText)?.body).toEqual({
      text: 'Th e light energy',
    });

    await user.type(answerBox(), '!');
    expect(answerBox()).toHaveValue('The light energy!');
    // The OCR confidence stays with the (edited) text and is sent with it (issue 17).
    const [draft] = Object.values(loadDraftAnswers(CLASS_ID));
    expect(draft).toEqual({ answer: 'The light energy!', source: 'upload', ocrConfidence: 71 });
  });

  it('uses the raw text when cleanup fails, and says when the image cannot be processed', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('POST', ROOT_PATHS.studentExtractText, {
      status: 200,
      body: { status: 'successful', data: { formData: 'raw words', pages: 1 } },
    });
    backend.on('POST', ROOT_PATHS.cleanupText, {
      status: 503,
      body: { success: false, code: 'UNAVAILABLE', message: 'down' },
    });
    renderAnswering();
    await screen.findByRole('textbox', { name: T.answerLabel });
    await user.click(screen.getByRole('radio', { name: T.uploadImage }));
    const input = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input(), new File(['%PDF-1.4'], 'a.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(answerBox()).toHaveValue('raw words'));

    backend.on('POST', ROOT_PATHS.studentExtractText, {
      status: 500,
      body: { success: false, code: 'INTERNAL', message: 'boom' },
    });
    await user.upload(input(), new File(['%PDF-1.4'], 'b.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(MESSAGES.submissions.processImageFailed)).toBeInTheDocument();
  });

  it('says when no writing was found in a photo, and keeps the answer already written', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('POST', ROOT_PATHS.studentExtractText, {
      status: 200,
      body: { status: 'successful', data: { formData: ' \n ', pages: 1, confidence: 0 } },
    });
    renderAnswering();
    await screen.findByRole('textbox', { name: T.answerLabel });
    await user.type(answerBox(), 'Energy is transferred');
    await user.click(screen.getByRole('radio', { name: T.uploadImage }));
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['%PDF-1.4'], 'blank.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(MESSAGES.imageCapture.noTextFound)).toBeInTheDocument();
    expect(answerBox()).toHaveValue('Energy is transferred');
    expect(backend.seen.some((r) => r.path === ROOT_PATHS.cleanupText)).toBe(false);
  });

  it("offers the device's camera when the browser has no camera access", async () => {
    const user = userEvent.setup({ delay: null });
    renderAnswering();
    await screen.findByRole('textbox', { name: T.answerLabel });
    await user.click(screen.getByRole('radio', { name: T.takePhoto }));
    expect(screen.getByText(MESSAGES.imageCapture.cameraUnavailable)).toBeInTheDocument();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    expect(input).toHaveAttribute('capture', 'environment');
    expect(input).toHaveAttribute('accept', 'image/*');
  });

  it('explains an invalid class id, a class without questions and a failed load', async () => {
    const first = renderAnswering('/start-submission/not-a-class');
    expect(await screen.findByText(MESSAGES.student.invalidClassId)).toBeInTheDocument();
    first.unmount();

    backend.on('GET', CLASS_PATH, classReply([]));
    const second = renderAnswering();
    expect(await screen.findByText(MESSAGES.student.noQuestions)).toBeInTheDocument();
    second.unmount();

    backend.on('GET', CLASS_PATH, {
      status: 500,
      body: { success: false, code: 'INTERNAL', message: 'boom' },
    });
    renderAnswering();
    expect(await screen.findByText(MESSAGES.student.questionsFailed)).toBeInTheDocument();
    expect(button(T.retry)).toBeInTheDocument();
  });

  it('tells a student who has used every attempt where the marks are, not as an error', async () => {
    const used = QUESTIONS.map((q) => ({ ...q, attemptsUsed: 3, attemptLimit: 3 }));
    backend.on('GET', CLASS_PATH, classReply(used));
    renderAnswering();
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent(T.allAttemptsUsed(3));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.limits.exhaustedHidden(3))).not.toBeInTheDocument();
    expect(within(done).getByRole('link', { name: T.viewMySubmissions })).toHaveAttribute(
      'href',
      '/my-submissions',
    );
    expect(within(done).getByRole('link', { name: T.backToClass })).toHaveAttribute(
      'href',
      CLASS_PATH,
    );
  });
});

describe('submission complete', () => {
  const STATE: TCompletionState = {
    submissionId: SUBMISSION_ID,
    classId: CLASS_ID,
    className: 'Physics 10A',
    questions: [{ _id: uuid(11), question: 'Question text 1', marks: 4 }],
    answers: ['My answer'],
    scores: null,
    total: 4,
  };

  it('says "No Submission Data" without navigation state, with a way back', async () => {
    renderAnswering(`/submission-complete/${SUBMISSION_ID}`);
    expect(
      await screen.findByRole('heading', { name: MESSAGES.submissions.noData }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.backToDashboard })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('shows "Marking your answers…" until the marks arrive, then the scores', async () => {
    // The mark call gives up waiting (202, pending); the page then polls the submission.
    backend.on('POST', MARK_PATH, {
      status: 202,
      body: {
        success: true,
        data: {
          status: 'pending',
          totalScore: null,
          totalMarks: 4,
          failureReason: null,
          results: [],
        },
      },
    });
    let polls = 0;
    backend.on('GET', `/student/submissions/${SUBMISSION_ID}`, () => {
      polls += 1;
      const marked = polls >= 2;
      return {
        status: 200,
        body: {
          success: true,
          data: {
            _id: SUBMISSION_ID,
            id: SUBMISSION_ID,
            classId: { _id: CLASS_ID, name: 'Physics 10A' },
            class: 'Physics 10A',
            student: { _id: uuid(900), name: 'Ada' },
            submittedAt: '2025-03-11T15:45:00.000Z',
            markedAt: marked ? '2025-03-11T15:45:05.000Z' : null,
            status: marked ? 'marked' : 'pending',
            totalScore: marked ? 3 : null,
            totalMarks: 4,
            isFlagged: false,
            source: 'student',
            failureReason: null,
            submissions: [
              {
                _id: uuid(300),
                questionId: { _id: uuid(11), question: 'Question text 1', marks: 4 },
                question: 'Question text 1',
                marks: 4,
                answer: 'My answer',
                score: marked ? 3 : null,
                feedback: marked ? 'Mostly right.' : [],
                contentModeration: null,
                markedBy: marked ? 'offline@1' : null,
              },
            ],
          },
        },
      };
    });
    renderAnswering({ pathname: `/submission-complete/${SUBMISSION_ID}`, state: STATE });
    expect(await screen.findByText(T.marking)).toBeInTheDocument();
    expect(await screen.findByTestId('overall-score', {}, { timeout: 20_000 })).toHaveTextContent(
      '3/4',
    );
    expect(screen.getByTestId('percentage')).toHaveTextContent('75%');
    // Feedback given as a plain string is shown too.
    expect(screen.getByText('Mostly right.')).toBeInTheDocument();
    expect(screen.queryByText(T.marking)).not.toBeInTheDocument();
  });

  it('offers "Try marking again" when marking failed, and shows the marks once it succeeds', async () => {
    const user = userEvent.setup({ delay: null });
    let retried = false;
    const markReply = (status: 'failed' | 'marked') => ({
      status: 200,
      body: {
        success: true,
        data: {
          status,
          totalScore: status === 'marked' ? 2 : null,
          totalMarks: 4,
          failureReason: status === 'failed' ? 'The marking engine did not answer.' : null,
          results:
            status === 'marked'
              ? [
                  {
                    questionId: uuid(11),
                    score: 2,
                    feedback: [{ aiComment: 'Half right.', suggestion: 'Add a reason.' }],
                    contentModeration: { isInappropriate: false, reason: '' },
                  },
                ]
              : [],
        },
      },
    });
    backend.on('POST', MARK_PATH, () => markReply(retried ? 'marked' : 'failed'));
    backend.on('POST', fillPath(SUBMISSION_PATHS.retryMarking, { id: SUBMISSION_ID }), () => {
      retried = true;
      return {
        status: 200,
        body: { success: true, data: { id: SUBMISSION_ID, status: 'pending' } },
      };
    });
    renderAnswering({ pathname: `/submission-complete/${SUBMISSION_ID}`, state: STATE });
    expect(await screen.findByText(MESSAGES.submissions.markingFailed)).toBeInTheDocument();
    await user.click(
      screen.getByRole('button', { name: MESSAGES.submissionsPage.tryMarkingAgain }),
    );
    expect(await screen.findByTestId('overall-score')).toHaveTextContent('2/4');
    expect(screen.queryByText(MESSAGES.submissions.markingFailed)).not.toBeInTheDocument();
  });
});

describe('trying a question again', { timeout: 20_000 }, () => {
  const L = MESSAGES.limits;
  const STATE: TCompletionState = {
    submissionId: SUBMISSION_ID,
    classId: CLASS_ID,
    className: 'Physics 10A',
    questions: [
      { _id: uuid(11), question: 'Question text 1', marks: 4 },
      { _id: uuid(12), question: 'Question text 2', marks: 6 },
    ],
    answers: ['My answer', 'Another'],
    scores: null,
    total: 10,
  };
  const used = (q: TStudentQuestion, attemptsUsed: number): TStudentQuestion => ({
    ...q,
    attemptsUsed,
    attemptLimit: 3,
  });
  const marked = {
    status: 200,
    body: {
      success: true,
      data: {
        status: 'marked',
        totalScore: 5,
        totalMarks: 10,
        failureReason: null,
        results: [
          { questionId: uuid(11), score: 2, feedback: [], contentModeration: null },
          { questionId: uuid(12), score: 3, feedback: [], contentModeration: null },
        ],
      },
    },
  };

  it('offers Try again where attempts remain, and says none remain where they are used', async () => {
    backend.on('POST', MARK_PATH, marked);
    backend.on(
      'GET',
      CLASS_PATH,
      classReply([used(question(1, 4), 1), used(question(2, 6), 3), question(3, 1)]),
    );
    renderAnswering({ pathname: `/submission-complete/${SUBMISSION_ID}`, state: STATE });
    expect(await screen.findByTestId('overall-score')).toHaveTextContent('5/10');
    const cards = screen.getAllByTestId('completed-question');
    const again = await within(cards[0]!).findByRole('link', { name: L.tryAgainLabel(1) });
    expect(again).toHaveTextContent(L.tryAgain);
    expect(again).toHaveAttribute('href', `/start-submission/${CLASS_ID}/${uuid(11)}?retry=1`);
    expect(within(cards[0]!).getByText(L.attemptsLeft(2))).toBeInTheDocument();
    expect(within(cards[1]!).queryByRole('link', { name: L.tryAgainLabel(2) })).toBeNull();
    expect(within(cards[1]!).getByTestId('try-again')).toHaveTextContent(L.noAttemptsLeft(3));
  });

  it('answers that one question alone, and keeps the other drafts of the class', async () => {
    const user = userEvent.setup({ delay: null });
    window.sessionStorage.setItem(
      `stem.answers.${CLASS_ID}`,
      JSON.stringify({ [uuid(13)]: { answer: 'Half-written', source: 'typed' } }),
    );
    backend.on(
      'GET',
      CLASS_PATH,
      classReply([used(question(1, 4), 1), used(question(2, 6), 1), used(question(3, 1), 0)]),
    );
    backend.on('POST', '/student/submissions', CREATED);
    backend.on('POST', MARK_PATH, marked);
    renderAnswering(`/start-submission/${CLASS_ID}/${uuid(12)}?retry=1`);
    expect(await screen.findByTestId('question-text')).toHaveTextContent('Question text 2');
    expect(position()).toBe(T.questionOf(1, 1));
    expect(screen.getByTestId('attempts-used')).toHaveTextContent(L.attemptsUsed(1, 3));
    await user.type(answerBox(), 'Better answer');
    await user.click(button(T.submit));
    const saved = await sentSubmission();
    expect(saved?.body).toMatchObject({
      classId: CLASS_ID,
      submissions: [{ questionId: uuid(12), answer: 'Better answer', source: 'typed' }],
    });
    expect(loadDraftAnswers(CLASS_ID)).toEqual({
      [uuid(13)]: { answer: 'Half-written', source: 'typed' },
    });
  });

  it('says no attempts remain when a used-up question is tried again', async () => {
    backend.on('GET', CLASS_PATH, classReply([used(question(1, 4), 1), used(question(2, 6), 3)]));
    renderAnswering(`/start-submission/${CLASS_ID}/${uuid(12)}?retry=1`);
    expect(await screen.findByText(T.allAttemptsUsed(3))).toBeInTheDocument();
    expect(screen.queryByTestId('question-text')).toBeNull();
  });
});
