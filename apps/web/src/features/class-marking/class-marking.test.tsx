import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TClassAnswer, TClassQuestionAnswers } from '@stem/contract/class-marking';
import { MESSAGES } from '@stem/contract/messages';
import { SCAN_MESSAGES } from '@stem/contract/scans';
import { setupLocalBackend } from '../../test/local-backend';
import { renderRoutes } from '../../test/render-app';
import { signIn, uuid } from '../../test/session';
import { classAnswer } from './test-fixtures';
import { handlerFor, type TMarkingKeys } from './use-marking-keys';
import { nextToReview, rowState, typedMark } from './marking-order';
import ClassMarkingPage from './pages/class-marking-page';

/** Issue 27: marking one question across the class, keyboard first. */
const C = MESSAGES.classMarking;
const R = MESSAGES.rubricItems;
const CLASS_ID = uuid(10);
const QUESTION_ID = uuid(20);
const TEACHER_ID = uuid(30);
const ANSWERS_PATH = `/classes/${CLASS_ID}/questions/${QUESTION_ID}/answers`;
const backend = setupLocalBackend();

function answer(n: number, patch: Partial<TClassAnswer> = {}): TClassAnswer {
  return classAnswer(n, { aiComment: `Marker comment ${n}.`, ...patch });
}

/** Ann (reviewed), Ben (to review), Cal (no answer), Dee (to review), Eve (being marked). */
function classData(): TClassQuestionAnswers {
  const rows = [
    { name: 'Ann', answer: answer(1, { reviewedAt: '2026-11-03T10:00:00.000Z' }) },
    { name: 'Ben', answer: answer(2, { teacherFeedback: 'Name the gas.' }) },
    { name: 'Cal', answer: null },
    { name: 'Dee', answer: answer(4, { score: 3, aiScore: 3, teacherFeedback: 'Good start.' }) },
    { name: 'Eve', answer: answer(5, { status: 'pending', score: null, aiScore: null }) },
  ].map((r, i) => ({ student: { _id: uuid(100 + i), name: r.name }, answer: r.answer }));
  return {
    class: { _id: CLASS_ID, name: 'Physics 9' },
    question: {
      _id: QUESTION_ID,
      question: 'Why does a metal spoon feel colder than a wooden one?',
      marks: 4,
      lowMarkRange: '0-1',
      highMarkRange: '3-4',
      rubric: 'High: heat flows from the hand into the metal faster.',
      releaseMode: 'instant',
    },
    rows,
    anonymous: false,
    counts: { students: 5, answered: 4, marked: 3, reviewed: 1 },
    reviewOrder: [],
  };
}

/** The same class as the server sends it in anonymous mode: drawn order, "Student n", pseudonyms. */
function anonymousData(): TClassQuestionAnswers {
  const named = classData();
  // Dee, Eve, Ann, Ben, Cal: the server's draw.
  const rows = [3, 4, 0, 1, 2].map((i, place) => ({
    student: { _id: `a${String(place).padStart(24, '0')}`, name: C.anonymousName(place + 1) },
    answer: named.rows[i]?.answer ?? null,
  }));
  return { ...named, rows, anonymous: true };
}

function reviewReply(a: TClassAnswer, score: number) {
  return {
    status: 200,
    body: {
      success: true,
      message: MESSAGES.review.saved,
      data: {
        answer: {
          _id: a._id,
          questionId: null,
          question: 'q',
          marks: a.marks,
          answer: a.answer,
          score,
          feedback: [],
          contentModeration: null,
          markedBy: 'offline@6',
          reviewedAt: '2026-12-06T10:00:00.000Z',
        },
        totalScore: score,
        reviewDoubt: null,
      },
    },
  };
}

function open() {
  signIn('teacher', { userId: TEACHER_ID });
  return renderRoutes(
    [{ path: '/class/:id/questions/:questionId/mark', element: <ClassMarkingPage /> }],
    `/class/${CLASS_ID}/questions/${QUESTION_ID}/mark`,
  );
}

const current = () => screen.getByTestId('class-marking-student').textContent;

describe('the marking screen', () => {
  beforeEach(() => {
    localStorage.removeItem('stem:class-marking:anonymous');
  });

  it('opens on the first answer to review and moves with J/K, arrows and N', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('GET', ANSWERS_PATH, { status: 200, body: { success: true, data: classData() } });
    open();
    await waitFor(() => expect(current()).toBe('Ben'));
    expect(screen.getByTestId('class-marking-progress')).toHaveTextContent(C.progress(1, 3));
    expect(screen.getByTestId('class-marking-rubric')).toHaveTextContent('heat flows');
    expect(screen.getByTestId('class-marking-answer')).toHaveTextContent('Answer of student 2');

    await user.keyboard('j');
    expect(current()).toBe('Cal');
    expect(screen.getByText(C.noAnswer)).toBeInTheDocument();
    await user.keyboard('{ArrowDown}');
    expect(current()).toBe('Dee');
    await user.keyboard('k');
    await user.keyboard('{ArrowUp}');
    expect(current()).toBe('Ben');
    // N: the next answer not yet reviewed (Cal has none, Eve is being marked).
    await user.keyboard('n');
    expect(current()).toBe('Dee');
    await user.keyboard('n');
    expect(current()).toBe('Ben');
    // The list of students shows each one's state.
    const list = screen.getByTestId('class-marking-students');
    expect(within(list).getByText('Ann').closest('button')).toHaveTextContent(C.state.reviewed);
    expect(within(list).getByText('Eve').closest('button')).toHaveTextContent(C.state.pending);
  });

  it('shows a scanned answer beside its scan, its text correctable there, and the keys leave the box alone', async () => {
    const user = userEvent.setup({ delay: null });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:scan-2' }));
    const CROP = uuid(4002);
    const data = classData();
    const ben = data.rows[1]!;
    ben.answer = answer(2, { source: 'scan', submissionSource: 'bulk_scan', cropId: CROP });
    backend.on('GET', ANSWERS_PATH, { status: 200, body: { success: true, data } });
    backend.on('GET', `/scan/crops/${CROP}`, { status: 200, body: { png: true } });
    backend.on('PUT', `/submissions/${ben.answer.submissionId}/answers/${ben.answer._id}/text`, {
      status: 200,
      body: {
        success: true,
        message: MESSAGES.review.textCorrected,
        data: { submissionId: ben.answer.submissionId, status: 'pending' },
      },
    });
    open();
    await waitFor(() => expect(current()).toBe('Ben'));
    const beside = await screen.findByTestId('scan-beside-text');
    expect(
      await within(beside).findByRole('img', { name: SCAN_MESSAGES.cropAlt(C.scanPlace('Ben')) }),
    ).toHaveAttribute('src', 'blob:scan-2');
    const box = within(beside).getByRole('textbox', {
      name: `${MESSAGES.review.correctTextLabel}: ${C.scanPlace('Ben')}`,
    });
    await user.clear(box);
    // Typing "j" or a digit in the box is text, not a key of the screen.
    await user.type(box, 'Heat flows from the hand 2 times faster, j');
    expect(current()).toBe('Ben');
    await user.click(within(beside).getByRole('button', { name: MESSAGES.review.correctText }));
    await waitFor(() =>
      expect(
        backend.seen.some(
          (r) => r.method === 'PUT' && r.path.endsWith(`/answers/${ben.answer!._id}/text`),
        ),
      ).toBe(true),
    );
  });

  it("A accepts the marker's mark; digits then Enter override it, keeping the comment", async () => {
    const user = userEvent.setup({ delay: null });
    const data = classData();
    backend.on('GET', ANSWERS_PATH, { status: 200, body: { success: true, data } });
    const ben = data.rows[1]?.answer as TClassAnswer;
    const dee = data.rows[3]?.answer as TClassAnswer;
    // The backend keeps what was saved, as the server does: the list read again shows it.
    backend.on('POST', `/submissions/${ben.submissionId}/answers/${ben._id}/reviewed`, () => {
      ben.reviewedAt = '2026-12-06T10:00:00.000Z';
      data.counts.reviewed += 1;
      return reviewReply(ben, 2);
    });
    backend.on('PATCH', `/submissions/${dee.submissionId}/answers/${dee._id}`, (request) => {
      const score = (request.body as { score: number }).score;
      Object.assign(dee, { score, overridden: true, reviewedAt: '2026-12-06T10:01:00.000Z' });
      data.counts.reviewed += 1;
      return reviewReply(dee, score);
    });
    open();
    await waitFor(() => expect(current()).toBe('Ben'));

    await user.keyboard('a');
    await waitFor(() =>
      expect(screen.getByTestId('class-marking-status')).toHaveTextContent(C.accepted('Ben', 2, 4)),
    );
    // On to the next answer to review.
    expect(current()).toBe('Dee');
    expect(screen.getByTestId('class-marking-progress')).toHaveTextContent(C.progress(2, 3));

    // A digit past the marks is refused before anything is sent; Escape clears it.
    const scrolled: Element[] = [];
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (
      this: Element,
    ) {
      scrolled.push(this);
    });
    await user.keyboard('9');
    expect(screen.getByTestId('class-marking-status')).toHaveTextContent(C.typedOutOfRange('9', 4));
    // Said once (the status line), the box red beside it, not the same words twice.
    expect(screen.getAllByText(C.typedOutOfRange('9', 4))).toHaveLength(1);
    expect(screen.getByTestId('class-marking-mark-input')).toHaveAttribute('aria-invalid', 'true');
    // The box the digit went to comes into view (under a long answer it is below the fold).
    expect(scrolled).toContain(screen.getByTestId('class-marking-mark-input'));
    scroll.mockRestore();
    await user.keyboard('{Enter}');
    await user.keyboard('{Escape}');
    await user.keyboard('1');
    expect(screen.getByTestId('class-marking-mark-input')).toHaveValue('1');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByTestId('class-marking-status')).toHaveTextContent(C.saved('Dee', 1, 4)),
    );
    const sent = backend.seen.filter((r) => r.method === 'PATCH');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ score: 1, comment: 'Good start.' });
    expect(backend.seen.filter((r) => r.method === 'POST')).toHaveLength(1);
    await waitFor(() =>
      expect(screen.getByTestId('class-marking-progress')).toHaveTextContent(C.progress(3, 3)),
    );
    const list = screen.getByTestId('class-marking-students');
    expect(within(list).getByText('Dee').closest('button')).toHaveTextContent(C.state.changed);
    expect(within(list).getByText('Dee').closest('button')).toHaveTextContent('1/4');
    // Nothing is left to review: N says so and stays.
    await user.keyboard('n');
    expect(screen.getByTestId('class-marking-status')).toHaveTextContent(C.allReviewed);
  });

  it('says how confident the marker was when it was unsure, with its reason; a queue priority is no confidence', async () => {
    const user = userEvent.setup({ delay: null });
    const data = classData();
    Object.assign(data.rows[1]?.answer as TClassAnswer, {
      doubt: 52,
      reasons: ['uncertain'],
      confidence: 5,
      doubtNote: 'noSentence',
    });
    Object.assign(data.rows[4]?.answer as TClassAnswer, {
      status: 'marked',
      score: 3,
      aiScore: 3,
      doubt: 50,
      reasons: ['uncertain'],
      confidence: 15,
      doubtNote: 'contradictsRubric',
      doubtAbout: 'the ball bounces to a lower height',
    });
    // Flagged content sets the doubt to 100, whatever the marker's confidence.
    Object.assign(data.rows[3]?.answer as TClassAnswer, {
      doubt: 100,
      reasons: ['flagged', 'uncertain'],
      confidence: null,
      flagged: true,
    });
    backend.on('GET', ANSWERS_PATH, { status: 200, body: { success: true, data } });
    open();
    await waitFor(() => expect(current()).toBe('Ben'));
    const card = () => screen.getByRole('article');
    expect(screen.getByTestId('class-marking-unsure')).toHaveTextContent(C.markerUnsure(5));
    expect(C.markerUnsure(5)).toBe('Marker unsure: 5 % confident');
    expect(screen.getByTestId('class-marking-doubt-note')).toHaveTextContent('unsure: no sentence');
    // 'No sentence' names no point of the rubric.
    expect(screen.queryByTestId('class-marking-doubt-about')).not.toBeInTheDocument();
    expect(card()).not.toHaveTextContent('52');

    await user.keyboard('jj');
    expect(current()).toBe('Dee');
    expect(screen.getByTestId('class-marking-unsure')).toHaveTextContent(
      MESSAGES.review.reason.uncertain,
    );
    // Said once: the red badge beside the answer's source, not again among the reasons.
    expect(within(card()).getAllByText(MESSAGES.review.reason.flagged)).toHaveLength(1);
    expect(card()).not.toHaveTextContent('100');

    // A doubt about a point of the rubric names it, in the rubric's words.
    await user.keyboard('j');
    expect(current()).toBe('Eve');
    expect(screen.getByTestId('class-marking-doubt-note')).toHaveTextContent(
      'unsure: contradicts the rubric',
    );
    expect(screen.getByTestId('class-marking-doubt-about')).toHaveTextContent(
      'The point it doubts: "the ball bounces to a lower height"',
    );
  });

  it("P opens the original, ? the keys; anonymous mode reads the server's pseudonyms, off reads names again", async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('GET', ANSWERS_PATH, (request) => ({
      status: 200,
      body: {
        success: true,
        data: request.query.anonymous === 'true' ? anonymousData() : classData(),
      },
    }));
    open();
    await waitFor(() => expect(current()).toBe('Ben'));
    await user.keyboard('p');
    const original = await screen.findByTestId('class-marking-original');
    expect(original).toHaveTextContent('Answer of student 2');
    expect(original).toHaveTextContent(C.handedIn.student);
    // Keys do nothing while the dialog is open.
    await user.keyboard('j');
    expect(current()).toBe('Ben');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('class-marking-original')).toBeNull());
    await user.keyboard('?');
    expect(await screen.findByTestId('class-marking-keys')).toHaveTextContent(
      'Next answer not yet reviewed',
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('class-marking-keys')).toBeNull());

    await user.click(screen.getByRole('switch', { name: new RegExp(C.anonymous) }));
    // The same answer stays open, under its anonymous name (Ben is the server's Student 4).
    await waitFor(() => expect(current()).toBe('Student 4'));
    const list = screen.getByTestId('class-marking-students');
    expect(within(list).queryByText('Ben')).toBeNull();
    // The server was asked for the anonymous reply, and its order and names are the screen's.
    expect(backend.seen.some((r) => r.path === ANSWERS_PATH && r.query.anonymous === 'true')).toBe(
      true,
    );
    const names = within(list)
      .getAllByRole('button')
      .map((b) => b.textContent?.match(/^Student \d/)?.[0]);
    expect(names).toEqual(['Student 1', 'Student 2', 'Student 3', 'Student 4', 'Student 5']);
    expect(screen.getByTestId('class-marking-answer')).toHaveTextContent('Answer of student 2');
    expect(localStorage.getItem('stem:class-marking:anonymous')).toBe('true');

    // Off: the names are read again.
    await user.click(screen.getByRole('switch', { name: new RegExp(C.anonymous) }));
    await waitFor(() => expect(current()).toBe('Ben'));
    expect(
      within(screen.getByTestId('class-marking-students')).getByText('Ann'),
    ).toBeInTheDocument();
  });

  it('tests on a few first: marks the proposed answers with the keys, then the rest with them', async () => {
    const user = userEvent.setup({ delay: null });
    const data = classData();
    backend.on('GET', ANSWERS_PATH, { status: 200, body: { success: true, data } });
    const ben = data.rows[1]?.answer as TClassAnswer;
    const dee = data.rows[3]?.answer as TClassAnswer;
    // The marker proposes Dee, then Ben.
    backend.on('GET', `/classes/${CLASS_ID}/questions/${QUESTION_ID}/few-first`, {
      status: 200,
      body: { success: true, data: { answerIds: [dee._id, ben._id], examples: 1, rest: 2 } },
    });
    backend.on('POST', `/submissions/${dee.submissionId}/answers/${dee._id}/reviewed`, () => {
      dee.reviewedAt = '2026-12-06T10:00:00.000Z';
      data.counts.reviewed += 1;
      return reviewReply(dee, 3);
    });
    backend.on('POST', `/classes/${CLASS_ID}/questions/${QUESTION_ID}/mark-rest`, {
      status: 200,
      body: {
        success: true,
        message: R.markRestQueued(1),
        data: { queued: 1, examples: 2 },
      },
    });
    open();
    await waitFor(() => expect(current()).toBe('Ben'));
    await user.click(screen.getByRole('button', { name: R.fewFirst }));
    const panel = await screen.findByTestId('few-first');
    // The first proposed answer opens; the panel lists the few with their state.
    await waitFor(() => expect(current()).toBe('Dee'));
    expect(within(panel).getAllByTestId('few-first-answer')).toHaveLength(2);
    expect(within(panel).getByTestId('few-first-progress')).toHaveTextContent(
      R.fewFirstProgress(0, 2),
    );
    // A accepts Dee's mark; the screen goes on to the next of the few (Ben).
    await user.keyboard('a');
    await waitFor(() => expect(current()).toBe('Ben'));
    await waitFor(() =>
      expect(within(panel).getByTestId('few-first-progress')).toHaveTextContent(
        R.fewFirstProgress(1, 2),
      ),
    );
    // Ann and Dee are reviewed: Ben is the rest, marked with the examples.
    await user.click(within(panel).getByRole('button', { name: R.markRest(1) }));
    await waitFor(() =>
      expect(screen.getByTestId('class-marking-status')).toHaveTextContent(R.markRestQueued(1)),
    );
    expect(backend.seen.filter((r) => r.path.endsWith('/mark-rest'))).toHaveLength(1);
    expect(screen.queryByTestId('few-first')).toBeNull();
  });
  it('says a question nobody has answered has nothing to test on, with nothing to press', async () => {
    const user = userEvent.setup({ delay: null });
    const data = classData();
    data.rows = data.rows.map((r) => ({ ...r, answer: null }));
    data.counts = { students: 5, answered: 0, marked: 0, reviewed: 0 };
    backend.on('GET', ANSWERS_PATH, { status: 200, body: { success: true, data } });
    backend.on('GET', `/classes/${CLASS_ID}/questions/${QUESTION_ID}/few-first`, {
      status: 200,
      body: { success: true, data: { answerIds: [], examples: 0, rest: 0 } },
    });
    open();
    await user.click(await screen.findByRole('button', { name: R.fewFirst }));
    const panel = await screen.findByTestId('few-first');
    await waitFor(() =>
      expect(within(panel).getByTestId('few-first-none')).toHaveTextContent(R.fewFirstNoAnswers),
    );
    expect(within(panel).queryByTestId('few-first-mark-rest')).toBeNull();
  });
});

describe('marking-order', () => {
  const rows = classData().rows;

  it('says each row state and finds the next answer to review, wrapping round', () => {
    expect(rows.map((r) => rowState(r.answer))).toEqual([
      'reviewed',
      'toReview',
      'none',
      'toReview',
      'pending',
    ]);
    expect(nextToReview(rows, 1)).toBe(3);
    expect(nextToReview(rows, 3)).toBe(1);
    expect(nextToReview(rows.slice(0, 1), 0)).toBe(-1);
  });

  it("follows the marker's suggested order first, skipping the row shown and reviewed answers", () => {
    const ids = rows.map((r) => r.answer?._id ?? '');
    const [ann, ben, , dee] = ids;
    // Dee before Ben, Ann (reviewed) never.
    const order = [ann ?? '', dee ?? '', ben ?? ''];
    expect(nextToReview(rows, -1, order)).toBe(3);
    expect(nextToReview(rows, 3, order)).toBe(1);
    // An id no longer listed is passed over; the list order takes over when the order runs out.
    expect(nextToReview(rows, 1, ['gone'])).toBe(3);
  });

  it('reads a typed mark only when it is a whole mark within the marks', () => {
    expect(typedMark('3', 4)).toBe(3);
    expect(typedMark('0', 4)).toBe(0);
    expect(typedMark('12', 12)).toBe(12);
    expect(typedMark('5', 4)).toBeNull();
    expect(typedMark('', 4)).toBeNull();
  });

  it('maps each key to its action and leaves the others alone', () => {
    const called: string[] = [];
    const keys = new Proxy({} as TMarkingKeys, {
      get: (_t, name: string) => (arg?: string) => called.push(arg ? `${name}:${arg}` : name),
    });
    for (const key of ['J', 'ArrowRight', 'K', 'ArrowLeft', 'N', 'A', '7', 'O', '?', 'x']) {
      handlerFor(key, keys)?.();
    }
    expect(called).toEqual([
      'next',
      'next',
      'previous',
      'previous',
      'nextToReview',
      'accept',
      'digit:7',
      'openOriginal',
      'help',
    ]);
  });
});
