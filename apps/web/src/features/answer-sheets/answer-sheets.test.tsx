import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { TClassTest } from '@stem/contract/class-tests';
import { MESSAGES } from '@stem/contract/messages';
import { SCAN_MESSAGES, type TScanBatchDetails } from '@stem/contract/scans';
import type { TClassSummary, TQuestion, TStudentRef } from '@stem/contract/teaching';
import { formatDateTime, formatLongDate } from '../../lib/dates';
import { setupLocalBackend, type TReply } from '../../test/local-backend';
import { renderRoutes } from '../../test/render-app';
import { signIn, uuid } from '../../test/session';
import { PrintSheetsButton } from './components/print-sheets-button';
import { ReplaceWithRescan } from './components/replace-with-rescan';
import UploadStackPage from './pages/upload-stack-page';

const T = SCAN_MESSAGES;
const CLASS: TClassSummary = {
  _id: uuid(1),
  id: uuid(1),
  name: 'Biology 9',
  teacher: null,
  studentCount: 2,
  questionCount: 1,
  createdAt: '2025-03-01T10:00:00.000Z',
};
const student = (n: number, name: string): TStudentRef => ({
  _id: uuid(n),
  id: uuid(n),
  name,
  email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
});
const QUESTION: TQuestion = {
  _id: uuid(21),
  id: uuid(21),
  holdFeedback: false,
  question: 'Describe osmosis.',
  marks: 3,
  lowMarkRange: '0-1',
  highMarkRange: '2-3',
  rubric: 'rubric',
  teacherId: uuid(900),
  classIds: [],
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-01T10:00:00.000Z',
};
const BATCH = uuid(50);
const PAGE = uuid(60);
const batch = (over: Partial<TScanBatchDetails> = {}): TScanBatchDetails => ({
  id: BATCH,
  classId: CLASS.id,
  className: CLASS.name,
  status: 'done',
  totalPages: 30,
  readPages: 30,
  assigned: 29,
  needsTeacher: 1,
  duplicates: 0,
  blank: 0,
  holdMarks: false,
  releasedAt: null,
  marked: 29,
  markingFailed: 0,
  failureReason: null,
  createdAt: '2025-03-01T10:00:00.000Z',
  finishedAt: '2025-03-01T10:01:00.000Z',
  pages: [
    {
      id: PAGE,
      pageNumber: 7,
      status: 'needs_teacher',
      reason: 'no_code',
      text: 'Water moves into the cell',
      readName: null,
      student: null,
      classId: null,
      questionId: null,
      questionNumber: null,
      continuation: false,
      replacedEarlier: false,
      continuedText: null,
      submissionId: null,
      cropId: null,
    },
  ],
  answers: [],
  imagesDeletedAt: null,
  imagesKeptUntil: '2025-03-15T10:00:00.000Z',
  ...over,
});
const ok = (body: unknown): TReply => ({ status: 200, body });

const backend = setupLocalBackend();
beforeEach(() => {
  signIn('teacher');
  backend.on('GET', '/teacher/classes', ok({ success: true, message: 'ok', data: [CLASS] }));
  backend.on(
    'GET',
    `/teacher/class/${CLASS.id}/students`,
    ok({
      success: true,
      data: { students: [student(11, 'Amara Okafor'), student(12, 'Ben Carter')] },
    }),
  );
  backend.on(
    'GET',
    `/question/questions/class/${CLASS.id}`,
    ok({ success: true, status: 'success', data: [QUESTION] }),
  );
  backend.on('GET', '/scan/batches', ok({ success: true, data: [] }));
  backend.on('GET', `/scan/batches/${BATCH}`, ok({ success: true, data: batch() }));
});

const renderAt = (url: string) =>
  renderRoutes([{ path: '/upload-stack', element: <UploadStackPage /> }], url);

/** Chooses a re-scan in the control of the page at `place` (within `scope`). */
async function pickRescan(
  user: ReturnType<typeof userEvent.setup>,
  scope: HTMLElement,
  place: string,
  name = 'rescan.jpg',
) {
  // The control names the page's place; the file itself goes to its hidden file input.
  const control = within(scope).getByRole('button', { name: `${T.replaceLabel}: ${place}` });
  const input = scope.querySelector<HTMLInputElement>('input[type="file"]')!;
  await user.upload(input, new File(['jpeg'], name, { type: 'image/jpeg' }));
  await waitFor(() => expect(control).toHaveTextContent(name));
}

/** A reply the test lets go when it chooses, to see the page while the call is under way. */
function held(reply: TReply) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  // A test that fails before letting it go must not leave the backend waiting on it.
  onTestFinished(() => release());
  const state = {
    started: false,
    release: () => release(),
    handler: async () => {
      state.started = true;
      await gate;
      return reply;
    },
  };
  return state;
}

describe('/upload-stack', () => {
  it('shows the summary and lets the teacher assign a leftover page by its place and text', async () => {
    const user = userEvent.setup();
    renderAt(`/upload-stack?batch=${BATCH}`);
    expect(await screen.findByText(T.done)).toBeInTheDocument();
    const leftover = await screen.findByRole('article', { name: /^Page 7 of 30/ });
    expect(leftover).toHaveTextContent(T.reasons.no_code);
    expect(leftover).toHaveTextContent('Water moves into the cell');
    // No image of the page is kept (any more): it says so, and the teacher has the paper.
    expect(leftover.querySelector('img')).toBeNull();
    expect(leftover).toHaveTextContent(T.cropGone);

    backend.on(
      'POST',
      `/scan/batches/${BATCH}/pages/${PAGE}/assign`,
      ok({
        success: true,
        message: T.assigned,
        data: { submissionId: uuid(70) },
      }),
    );
    await user.click(screen.getByRole('combobox', { name: `${T.studentLabel} for Page 7 of 30` }));
    await user.click(await screen.findByRole('option', { name: 'Ben Carter' }));
    await user.click(screen.getByRole('combobox', { name: `${T.questionLabel} for Page 7 of 30` }));
    await user.click(await screen.findByRole('option', { name: '1. Describe osmosis.' }));
    // Once placed, the server lists the page as assigned by the teacher: it says where it went.
    backend.on(
      'GET',
      `/scan/batches/${BATCH}`,
      ok({
        success: true,
        data: batch({
          assigned: 30,
          needsTeacher: 0,
          pages: [
            {
              id: PAGE,
              pageNumber: 7,
              status: 'assigned',
              reason: null,
              text: 'Water moves into the cell',
              readName: null,
              student: { id: uuid(12), name: 'Ben Carter' },
              classId: null,
              questionId: uuid(21),
              questionNumber: 1,
              continuation: false,
              replacedEarlier: false,
              continuedText: null,
              submissionId: uuid(70),
              cropId: null,
            },
          ],
        }),
      }),
    );
    await user.click(screen.getByRole('button', { name: T.assign }));
    await waitFor(() =>
      expect(backend.seen.find((r) => r.method === 'POST')?.body).toEqual({
        studentId: uuid(12),
        questionId: uuid(21),
      }),
    );
    const placed = await within(leftover).findByRole('status');
    expect(placed).toHaveTextContent(T.assigned);
    expect(placed).toHaveTextContent(`${T.studentLabel}: Ben Carter.`);
    expect(placed).toHaveTextContent(`${T.questionLabel}: 1. Describe osmosis.`);
    expect(within(leftover).queryByRole('button', { name: T.assign })).toBeNull();
  });

  it('shows the name read, lists blank boxes apart, and clears a page by discarding it', async () => {
    const user = userEvent.setup();
    const BLANK = uuid(61);
    const page = batch().pages[0]!;
    backend.on(
      'GET',
      `/scan/batches/${BATCH}`,
      ok({
        success: true,
        data: batch({
          blank: 1,
          pages: [
            { ...page, reason: 'name_unmatched', readName: 'ZOLTAN QUIBBLE' },
            {
              ...page,
              id: BLANK,
              pageNumber: 9,
              status: 'blank',
              reason: null,
              text: '',
              student: { id: uuid(11), name: 'Amara Okafor' },
              questionId: uuid(21),
            },
          ],
        }),
      }),
    );
    renderAt(`/upload-stack?batch=${BATCH}`);
    const leftover = await screen.findByRole('article', { name: /^Page 7 of 30/ });
    expect(leftover).toHaveTextContent(T.readName('ZOLTAN QUIBBLE'));
    const blank = await screen.findByRole('article', { name: /^Page 9 of 30/ });
    expect(blank).toHaveTextContent(T.blankTitle.toLowerCase());
    expect(blank).toHaveTextContent('Amara Okafor');
    expect(screen.getByRole('heading', { name: T.blankTitle })).toBeInTheDocument();

    backend.on(
      'POST',
      `/scan/batches/${BATCH}/pages/${PAGE}/discard`,
      ok({ success: true, message: T.discarded, data: { ...page, status: 'discarded' } }),
    );
    backend.on(
      'GET',
      `/scan/batches/${BATCH}`,
      ok({
        success: true,
        data: batch({ needsTeacher: 0, pages: [{ ...page, status: 'discarded', reason: null }] }),
      }),
    );
    await user.click(within(leftover).getByRole('button', { name: T.discard }));
    await waitFor(() =>
      expect(
        backend.seen.some((r) => r.method === 'POST' && r.path.endsWith(`${PAGE}/discard`)),
      ).toBe(true),
    );
    expect(await within(leftover).findByRole('status')).toHaveTextContent(T.statusDiscarded);
  });

  it("names a booklet's boxes by their printed question, continuation boxes too", async () => {
    const page = batch().pages[0]!;
    backend.on(
      'GET',
      `/scan/batches/${BATCH}`,
      ok({
        success: true,
        data: batch({
          blank: 1,
          pages: [
            {
              ...page,
              reason: 'unsure_text',
              text: 'ee | oe',
              student: { id: uuid(11), name: 'Amara Okafor' },
              questionId: uuid(21),
              questionNumber: 3,
              continuation: true,
            },
            {
              ...page,
              id: uuid(62),
              pageNumber: 8,
              reason: 'unsure_text',
              text: 'Xqzv Jkwp',
              student: { id: uuid(12), name: 'Ben Carter' },
              questionId: uuid(21),
              questionNumber: 2,
              continuedText: 'so the enzyme is denatured',
            },
            {
              ...page,
              id: uuid(61),
              pageNumber: 9,
              status: 'blank',
              reason: null,
              text: '',
              student: { id: uuid(11), name: 'Amara Okafor' },
              questionId: uuid(21),
              questionNumber: 3,
            },
          ],
        }),
      }),
    );
    renderAt(`/upload-stack?batch=${BATCH}`);
    const held = await screen.findByRole('article', {
      name: new RegExp(`^${T.regionPlace(7, 30, 3)} \\(${T.continuationOf(3)}\\)`),
    });
    expect(held).toHaveTextContent(T.reasons.unsure_text);
    // A main box held for the teacher says what its continuation adds when it is placed.
    const main = await screen.findByRole('article', {
      name: new RegExp(`^${T.regionPlace(8, 30, 2)},`),
    });
    expect(main).toHaveTextContent(T.continuedWith('so the enzyme is denatured'));
    const blank = await screen.findByRole('article', {
      name: new RegExp(`^${T.regionPlace(9, 30, 3)}`),
    });
    // Numbered as printed in the booklet, not by the question's place in the class.
    await waitFor(() =>
      expect(blank).toHaveTextContent(T.blankLine('Amara Okafor', '3. Describe osmosis.')),
    );
  });

  it('releases the marks of a stack that waits for the teacher', async () => {
    const user = userEvent.setup();
    backend.on(
      'GET',
      `/scan/batches/${BATCH}`,
      ok({ success: true, data: batch({ holdMarks: true, needsTeacher: 0, pages: [] }) }),
    );
    renderAt(`/upload-stack?batch=${BATCH}`);
    expect(await screen.findByText(T.heldNote)).toBeInTheDocument();
    backend.on(
      'POST',
      `/scan/batches/${BATCH}/release`,
      ok({ success: true, message: T.releasedBatch(29), data: { released: 29 } }),
    );
    const releasedAt = '2025-03-01T11:00:00.000Z';
    backend.on(
      'GET',
      `/scan/batches/${BATCH}`,
      ok({
        success: true,
        data: batch({ holdMarks: true, releasedAt, needsTeacher: 0, pages: [] }),
      }),
    );
    await user.click(screen.getByRole('button', { name: T.releaseBatch }));
    expect(await screen.findByText(T.releasedNote(formatDateTime(releasedAt)))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.releaseBatch })).toBeNull();
  });

  it("dates the recent uploads as the rest of the app does, not in the browser's own format", async () => {
    const { pages: _pages, ...summary } = batch();
    backend.on('GET', '/scan/batches', ok({ success: true, data: [summary] }));
    renderAt('/upload-stack');
    const link = await screen.findByRole('link', { name: new RegExp(CLASS.name) });
    expect(link.textContent?.startsWith(`${formatDateTime(summary.createdAt)} · `)).toBe(true);
  });

  it('shows why a batch failed', async () => {
    backend.on(
      'GET',
      `/scan/batches/${BATCH}`,
      ok({
        success: true,
        data: batch({ status: 'failed', failureReason: T.batchReasons.interrupted, pages: [] }),
      }),
    );
    renderAt(`/upload-stack?batch=${BATCH}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(T.batchReasons.interrupted);
  });

  it('reads progress from the server while pages are read', async () => {
    backend.on(
      'GET',
      `/scan/batches/${BATCH}`,
      ok({
        success: true,
        data: batch({
          status: 'reading',
          readPages: 12,
          assigned: 11,
          needsTeacher: 1,
          marked: 0,
          pages: [],
        }),
      }),
    );
    renderAt(`/upload-stack?batch=${BATCH}`);
    expect(await screen.findByRole('progressbar', { name: T.reading(12, 30) })).toHaveAttribute(
      'aria-valuenow',
      '20',
    );
  });

  it('keeps the recent upload of the batch shown in step with its progress, and says how far it got', async () => {
    const { pages: _pages, ...started } = batch({
      status: 'reading',
      readPages: 3,
      assigned: 3,
      needsTeacher: 0,
      marked: 0,
      pages: [],
    });
    backend.on('GET', '/scan/batches', ok({ success: true, data: [started] }));
    let read = 3;
    backend.on('GET', `/scan/batches/${BATCH}`, () => {
      read = Math.min(30, read + 9);
      const done = read === 30;
      return ok({
        success: true,
        data: batch({
          status: done ? 'done' : 'reading',
          readPages: read,
          assigned: read,
          needsTeacher: 0,
          marked: done ? 30 : 0,
          pages: [],
        }),
      });
    });
    renderAt(`/upload-stack?batch=${BATCH}`);
    const row = await screen.findByRole('link', { name: new RegExp(CLASS.name) });
    // The recent row shows what the progress bar shows as soon as it shows it, not at the list's next
    // poll.
    for (const shown of [12, 21]) {
      await screen.findByRole('progressbar', { name: T.reading(shown, 30) }, { timeout: 20_000 });
      expect(row).toHaveTextContent(T.reading(shown, 30));
    }
    await screen.findByText(T.done, {}, { timeout: 20_000 });
    expect(row).toHaveTextContent(`${T.marking(30, 30)} · ${T.summaryNeedsTeacher}: 0`);
    // The list itself says 3 of 30 read however often it is polled (every 3 s while unsettled: on a
    // busy machine the three batch polls can take longer, so its count is not asserted), so what the
    // row shows came from the batch's own poll.
  });

  it('shows each read answer beside its scan, and a corrected text is sent to be marked again', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:crop-1' }));
    const CROP = uuid(80);
    const answer = {
      pageNumber: 3,
      pageId: uuid(61),
      student: { id: uuid(11), name: 'Amara Okafor' },
      questionId: QUESTION.id,
      questionNumber: 1,
      submissionId: uuid(71),
      answerId: uuid(72),
      text: 'T=V/R | 1=6/12 | 1=05A',
      score: 1,
      marks: 3,
      needsReview: true,
      replacedEarlier: false,
      pending: false,
      cropId: CROP,
    };
    backend.on(
      'GET',
      `/scan/batches/${BATCH}`,
      ok({ success: true, data: batch({ needsTeacher: 0, pages: [], answers: [answer] }) }),
    );
    backend.on('GET', `/scan/crops/${CROP}`, ok({ png: true }));
    backend.on(
      'PUT',
      `/submissions/${answer.submissionId}/answers/${answer.answerId}/text`,
      ok({
        success: true,
        message: MESSAGES.review.textCorrected,
        data: { submissionId: answer.submissionId, status: 'pending' },
      }),
    );
    renderAt(`/upload-stack?batch=${BATCH}`);
    const card = await screen.findByRole('article', { name: /^Page 3 of 30 · Amara Okafor/ });
    expect(await within(card).findByText('Question 1: Describe osmosis.')).toBeInTheDocument();
    expect(card).toHaveTextContent(T.needsReviewBadge);
    expect(card).toHaveTextContent('1/3');
    const image = await within(card).findByRole('img', { name: T.cropAlt('Page 3 of 30') });
    expect(image).toHaveAttribute('src', 'blob:crop-1');
    expect(screen.getByTestId('images-note')).toHaveTextContent(
      T.imagesKept(formatLongDate('2025-03-15T10:00:00.000Z')),
    );
    const box = within(card).getByRole('textbox', {
      name: `${MESSAGES.review.correctTextLabel}: Page 3 of 30`,
    });
    expect(box).toHaveValue(answer.text);
    const save = within(card).getByRole('button', { name: MESSAGES.review.correctText });
    expect(save).toBeDisabled();
    await user.clear(box);
    // Once the batch holds the corrected text (being marked again), the card says it was corrected.
    const corrected = 'I = V / R, I = 6 / 12, I = 0.5 A';
    const batchWith = (over: Partial<typeof answer>) =>
      ok({
        success: true,
        data: batch({
          needsTeacher: 0,
          pages: [],
          marked: over.pending ? 28 : 29,
          answers: [{ ...answer, ...over }],
        }),
      });
    backend.on('GET', `/scan/batches/${BATCH}`, batchWith({ text: corrected, pending: true }));
    await user.type(box, corrected);
    await user.click(save);
    await waitFor(() =>
      expect(backend.seen.find((r) => r.method === 'PUT')?.body).toEqual({ text: corrected }),
    );
    expect(await within(card).findByRole('status')).toHaveTextContent(
      MESSAGES.review.textCorrected,
    );
    // A re-scan (in another tab) replaces the text: no longer the teacher's correction, nor said to be.
    backend.on(
      'GET',
      `/scan/batches/${BATCH}`,
      batchWith({ text: 'I = V / R = 0.5 A', replacedEarlier: true }),
    );
    await waitFor(() => expect(box).toHaveValue('I = V / R = 0.5 A'), { timeout: 10_000 });
    expect(within(card).queryByRole('status')).toBeNull();
    expect(within(card).getByText(T.replacedEarlier)).toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it('carries the re-scan control on a read answer, named by its place, idle while the answer is marked; the card then says it replaced an earlier scan', async () => {
    const user = userEvent.setup();
    const answer = {
      pageNumber: 3,
      pageId: uuid(61),
      student: { id: uuid(11), name: 'Amara Okafor' },
      questionId: QUESTION.id,
      questionNumber: 1,
      submissionId: uuid(71),
      answerId: uuid(72),
      text: 'T=V/R | 1=6/12 | 1=05A',
      score: 1,
      marks: 3,
      needsReview: true,
      replacedEarlier: false,
      pending: false,
      cropId: null,
    };
    const page = batch().pages[0]!;
    backend.on(
      'GET',
      `/scan/batches/${BATCH}`,
      ok({
        success: true,
        data: batch({
          needsTeacher: 0,
          duplicates: 2,
          pages: [
            { ...page, pageNumber: 4, status: 'duplicate', reason: 'replaced' },
            { ...page, id: uuid(62), pageNumber: 5, status: 'duplicate', reason: 'duplicate' },
          ],
          answers: [answer],
        }),
      }),
    );
    renderAt(`/upload-stack?batch=${BATCH}`);
    const card = await screen.findByRole('article', { name: /^Page 3 of 30 · Amara Okafor/ });
    expect(card).not.toHaveTextContent(T.replacedEarlier);
    // The pages set aside say why, each reason apart.
    expect(screen.getByText(`Page 4 of 30: ${T.reasons.replaced}`)).toBeInTheDocument();
    expect(screen.getByText(`Page 5 of 30: ${T.reasons.duplicate}`)).toBeInTheDocument();

    backend.on(
      'POST',
      `/scan/batches/${BATCH}/pages/${answer.pageId}/replace`,
      ok({
        success: true,
        message: T.replacedEarlier,
        data: { ...page, id: answer.pageId, status: 'assigned', replacedEarlier: true },
      }),
    );
    backend.on(
      'GET',
      `/scan/batches/${BATCH}`,
      ok({
        success: true,
        data: batch({
          needsTeacher: 0,
          pages: [],
          answers: [{ ...answer, replacedEarlier: true, pending: true, text: 'I = V / R' }],
        }),
      }),
    );
    await pickRescan(user, card, 'Page 3 of 30');
    await user.click(within(card).getByRole('button', { name: T.replace }));
    expect(await within(card).findByRole('status')).toHaveTextContent(T.replacedEarlier);
    expect(backend.seen.filter((r) => r.path.endsWith(`${answer.pageId}/replace`))).toHaveLength(1);
    // Being marked again: the card says so, and another re-scan waits until it is marked. It says
    // once that the page replaced an earlier scan (the answer's own note, and the re-scan's word).
    await waitFor(() => expect(card).toHaveTextContent(T.pendingBadge));
    expect(within(card).getAllByText(T.replacedEarlier)).toHaveLength(1);
    await pickRescan(user, card, 'Page 3 of 30');
    expect(within(card).getByRole('button', { name: T.replace })).toBeDisabled();
  });

  it('carries the re-scan control on a page that needs the teacher, named by its place; its other actions wait while the re-scan is read', async () => {
    const user = userEvent.setup();
    const page = batch().pages[0]!;
    renderAt(`/upload-stack?batch=${BATCH}`);
    const leftover = await screen.findByRole('article', { name: /^Page 7 of 30/ });
    const reading = held(
      ok({
        success: true,
        message: T.replaced,
        data: { ...page, reason: 'unsure_text', text: 'Water moves into the cell by osmosis' },
      }),
    );
    backend.on('POST', `/scan/batches/${BATCH}/pages/${PAGE}/replace`, reading.handler);
    await pickRescan(user, leftover, 'Page 7 of 30');
    await user.click(within(leftover).getByRole('button', { name: T.replace }));
    await waitFor(() => expect(reading.started).toBe(true));
    expect(within(leftover).getByRole('button', { name: T.discard })).toBeDisabled();
    reading.release();
    expect(await within(leftover).findByRole('status')).toHaveTextContent(T.replaced);
    expect(within(leftover).getByRole('button', { name: T.discard })).toBeEnabled();
  });

  it('says once that a re-scan of a page that needs the teacher replaced an earlier answer', async () => {
    const user = userEvent.setup();
    const page = batch().pages[0]!;
    const placed = {
      ...page,
      status: 'assigned' as const,
      reason: null,
      student: { id: uuid(12), name: 'Ben Carter' },
      questionId: uuid(21),
      questionNumber: 1,
      replacedEarlier: true,
      submissionId: uuid(70),
    };
    let replaced = false;
    backend.on('GET', `/scan/batches/${BATCH}`, () =>
      ok({ success: true, data: batch(replaced ? { needsTeacher: 0, pages: [placed] } : {}) }),
    );
    backend.on('POST', `/scan/batches/${BATCH}/pages/${PAGE}/replace`, () => {
      replaced = true;
      return ok({ success: true, message: T.replacedEarlier, data: placed });
    });
    renderAt(`/upload-stack?batch=${BATCH}`);
    const leftover = await screen.findByRole('article', { name: /^Page 7 of 30/ });
    await pickRescan(user, leftover, 'Page 7 of 30');
    await user.click(within(leftover).getByRole('button', { name: T.replace }));
    await waitFor(() =>
      expect(within(leftover).getAllByRole('status')[0]).toHaveTextContent(T.assigned),
    );
    expect(within(leftover).getAllByText(T.replacedEarlier, { exact: false })).toHaveLength(1);
  });

  it('says when the scan images of a batch were deleted', async () => {
    backend.on(
      'GET',
      `/scan/batches/${BATCH}`,
      ok({
        success: true,
        data: batch({ needsTeacher: 0, pages: [], imagesDeletedAt: '2025-03-02T09:00:00.000Z' }),
      }),
    );
    renderAt(`/upload-stack?batch=${BATCH}`);
    expect(await screen.findByTestId('images-note')).toHaveTextContent(
      T.imagesDeleted(formatLongDate('2025-03-02T09:00:00.000Z')),
    );
  });
});

describe('Replace with re-scan', () => {
  const renderControl = (disabled = false, note?: string) =>
    renderRoutes(
      [
        {
          path: '/upload-stack',
          element: (
            <ReplaceWithRescan
              batchId={BATCH}
              pageId={PAGE}
              place="Page 7 of 30"
              disabled={disabled}
              note={note}
            />
          ),
        },
      ],
      '/upload-stack',
    ).container;
  const replacePath = `/scan/batches/${BATCH}/pages/${PAGE}/replace`;
  const page = batch().pages[0]!;

  it('sends the chosen scan as one file, waits while it is read, then says what the server did and clears the choice', async () => {
    const user = userEvent.setup();
    const container = renderControl();
    const send = screen.getByRole('button', { name: T.replace });
    expect(send).toBeDisabled();
    const reading = held(
      ok({ success: true, message: T.replacedEarlier, data: { ...page, status: 'assigned' } }),
    );
    backend.on('POST', replacePath, reading.handler);
    await pickRescan(user, container, 'Page 7 of 30');
    expect(send).toBeEnabled();
    await user.click(send);
    await waitFor(() => expect(reading.started).toBe(true));
    // Under way: nothing to press twice, no other file to pick, nothing said yet.
    expect(send).toBeDisabled();
    expect(send).toHaveAttribute('data-loading', 'true');
    expect(screen.getByRole('button', { name: `${T.replaceLabel}: Page 7 of 30` })).toBeDisabled();
    expect(screen.queryByRole('status')).toBeNull();
    reading.release();
    expect(await screen.findByRole('status')).toHaveTextContent(T.replacedEarlier);
    const sent = backend.seen.find((r) => r.path === replacePath)!;
    expect(sent.contentType).toMatch(/^multipart\/form-data/);
    expect(String(sent.body)).toContain('name="files"; filename="rescan.jpg"');
    expect(
      screen.getByRole('button', { name: `${T.replaceLabel}: Page 7 of 30` }),
    ).not.toHaveTextContent('rescan.jpg');
    expect(send).toBeDisabled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the refusal of a blank re-scan (the answer and marks kept) as an alert, gone once another scan is picked', async () => {
    const user = userEvent.setup();
    const container = renderControl();
    backend.on('POST', replacePath, {
      status: 400,
      body: {
        success: false,
        code: 'VALIDATION',
        message: T.replaceBlankKeeps,
        details: { field: 'files' },
      },
    });
    await pickRescan(user, container, 'Page 7 of 30', 'blank.jpg');
    await user.click(screen.getByRole('button', { name: T.replace }));
    expect(await screen.findByRole('alert')).toHaveTextContent(T.replaceBlankKeeps);
    expect(screen.queryByRole('status')).toBeNull();
    // The choice stays, to send again or replace with the written page's scan.
    expect(
      screen.getByRole('button', { name: `${T.replaceLabel}: Page 7 of 30` }),
    ).toHaveTextContent('blank.jpg');
    await pickRescan(user, container, 'Page 7 of 30', 'written.jpg');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("keeps the page's own note beside what a re-scan just said", async () => {
    const user = userEvent.setup();
    const container = renderControl(false, T.replacedEarlier);
    expect(screen.getByText(T.replacedEarlier)).toBeInTheDocument();
    backend.on(
      'POST',
      replacePath,
      ok({ success: true, message: T.replaceSameText, data: { ...page, status: 'assigned' } }),
    );
    await pickRescan(user, container, 'Page 7 of 30');
    await user.click(screen.getByRole('button', { name: T.replace }));
    expect(await screen.findByRole('status')).toHaveTextContent(T.replaceSameText);
    expect(screen.getByText(T.replacedEarlier)).toBeInTheDocument();
  });

  it('sends nothing while the page is busy otherwise', async () => {
    const user = userEvent.setup();
    const container = renderControl(true);
    await pickRescan(user, container, 'Page 7 of 30');
    expect(screen.getByRole('button', { name: T.replace })).toBeDisabled();
  });
});

describe('print dialog', () => {
  const TT = MESSAGES.classTests;
  const questions = [
    { _id: uuid(31), question: 'First question' },
    { _id: uuid(32), question: 'Second question' },
    { _id: uuid(33), question: 'Third question' },
  ];
  const TEST_ID = uuid(40);
  const savedTest = (ids: string[], title: string): TClassTest => ({
    id: TEST_ID,
    classId: uuid(1),
    title,
    questions: ids.map((id, i) => ({
      id,
      number: i + 1,
      question: questions.find((q) => q._id === id)?.question ?? '',
      marks: 2,
    })),
    totalMarks: ids.length * 2,
    createdBy: null,
    updatedBy: null,
    createdAt: '2025-03-01T10:00:00.000Z',
    updatedAt: '2025-03-01T10:00:00.000Z',
  });
  const openDialog = async (user: ReturnType<typeof userEvent.setup>) => {
    renderRoutes(
      [
        {
          path: '/class/:id',
          element: <PrintSheetsButton classId={uuid(1)} studentCount={2} questions={questions} />,
        },
      ],
      `/class/${uuid(1)}`,
    );
    await user.click(screen.getByRole('button', { name: T.printSheets }));
    return screen.findByRole('dialog', { name: T.printTitle });
  };
  const printed = () => backend.seen.find((r) => r.path === `/class/${uuid(1)}/answer-sheets`);

  it('makes a test there from the questions in the chosen order, saves it with its title, and prints its booklets', async () => {
    const user = userEvent.setup();
    backend.on('GET', `/class/${uuid(1)}/tests`, ok({ success: true, data: [] }));
    backend.on('POST', `/class/${uuid(1)}/tests`, {
      status: 201,
      body: {
        success: true,
        message: TT.created('Week 3 quiz'),
        data: savedTest([uuid(32), uuid(31), uuid(33)], 'Week 3 quiz'),
      },
    });
    const dialog = await openDialog(user);
    expect(within(dialog).getByText(T.blankLabel)).toBeInTheDocument();
    await user.click(within(dialog).getByText(T.formatBooklet));
    expect(within(dialog).queryByText(T.blankLabel)).toBeNull();
    expect(within(dialog).getByText(T.continuationLabel)).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: TT.printTestLabel })).toHaveValue(
      TT.printNewTest,
    );
    await user.click(within(dialog).getByRole('button', { name: T.questionOrderDown(1) }));
    expect(within(dialog).getAllByRole('checkbox')[0]).toHaveAccessibleName('1. Second question');
    const save = within(dialog).getByRole('button', { name: TT.printSaveAndDownload });
    await user.click(save);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(TT.titleRequired);
    expect(printed()).toBeUndefined();
    await user.type(within(dialog).getByRole('textbox', { name: TT.titleLabel }), 'Week 3 quiz');
    await user.click(save);
    await waitFor(() =>
      expect(printed()?.query).toEqual({
        testId: TEST_ID,
        paper: 'a4',
        blank: 'false',
        format: 'booklet',
        continuation: 'true',
      }),
    );
    expect(backend.seen.find((r) => r.method === 'POST')?.body).toEqual({
      title: 'Week 3 quiz',
      questionIds: [uuid(32), uuid(31), uuid(33)],
    });
  });

  it('prints a saved test’s booklets without picking its questions again', async () => {
    const user = userEvent.setup();
    backend.on(
      'GET',
      `/class/${uuid(1)}/tests`,
      ok({ success: true, data: [savedTest([uuid(33), uuid(31)], 'Forces')] }),
    );
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByText(T.formatBooklet));
    expect(within(dialog).getByRole('combobox', { name: TT.printTestLabel })).toHaveValue(
      `Forces (${TT.questionCount(2)})`,
    );
    expect(within(dialog).getByTestId('print-test-questions')).toHaveTextContent(
      'Third questionFirst question',
    );
    expect(within(dialog).queryAllByRole('checkbox')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: T.download }));
    await waitFor(() => expect(printed()?.query).toMatchObject({ testId: TEST_ID }));
    expect(printed()?.query).not.toHaveProperty('questionIds');
    expect(backend.seen.some((r) => r.method === 'POST')).toBe(false);
  });

  it('prints one-question sheets of the ticked questions as before', async () => {
    const user = userEvent.setup();
    backend.on('GET', `/class/${uuid(1)}/tests`, ok({ success: true, data: [] }));
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('checkbox', { name: '2. Second question' }));
    await user.click(within(dialog).getByRole('button', { name: T.download }));
    await waitFor(() =>
      expect(printed()?.query).toEqual({
        questionIds: [uuid(31), uuid(33)].join(','),
        paper: 'a4',
        blank: 'false',
      }),
    );
  });
});
