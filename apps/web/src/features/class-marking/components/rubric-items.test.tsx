import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TClassAnswer, TClassQuestionAnswers } from '@stem/contract/class-marking';
import { MESSAGES } from '@stem/contract/messages';
import type { TRubricItem, TRubricItems, TSavedComment } from '@stem/contract/rubric-items';
import { setupLocalBackend, type TReply } from '../../../test/local-backend';
import { renderRoutes } from '../../../test/render-app';
import { signIn, uuid } from '../../../test/session';
import { classAnswer } from '../test-fixtures';
import ClassMarkingPage from '../pages/class-marking-page';
import { savedCommentIndex } from './use-rubric-marking';

/** Issue 27: rubric items, saved comments and re-marks on the class marking screen. */
const C = MESSAGES.classMarking;
const R = MESSAGES.rubricItems;
const CLASS_ID = uuid(11);
const QUESTION_ID = uuid(21);
const BASE = `/classes/${CLASS_ID}/questions/${QUESTION_ID}`;
const ITEMS = [
  { _id: uuid(501), label: 'Heat flows from the hand', points: 2, position: 1 },
  { _id: uuid(502), label: 'Names conductor and insulator', points: 1, position: 2 },
  { _id: uuid(503), label: 'Says cold flows in', points: -1, position: 3 },
];
const backend = setupLocalBackend();

function answer(n: number, patch: Partial<TClassAnswer> = {}): TClassAnswer {
  return classAnswer(n, { _id: uuid(4000 + n), submissionId: uuid(5000 + n), ...patch });
}

function classData(patch: Partial<TClassAnswer> = {}): TClassQuestionAnswers {
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
    rows: [
      { student: { _id: uuid(700), name: 'Ben' }, answer: answer(1, patch) },
      { student: { _id: uuid(701), name: 'Dee' }, answer: answer(2) },
    ],
    counts: { students: 2, answered: 2, marked: 2, reviewed: 0 },
    reviewOrder: [],
    anonymous: false,
  };
}

const ok = (data: unknown, message?: string): TReply => ({
  status: 200,
  body: { success: true, ...(message ? { message } : {}), data },
});

function serve(
  options: {
    data?: TClassQuestionAnswers;
    items?: TRubricItems;
    comments?: TSavedComment[];
  } = {},
) {
  const data = options.data ?? classData();
  const items = options.items ?? { items: ITEMS, applied: [], canEdit: true, suggested: [] };
  backend.on('GET', `${BASE}/answers`, ok(data));
  backend.on('GET', `${BASE}/rubric-items`, ok(items));
  backend.on('GET', `${BASE}/saved-comments`, ok(options.comments ?? []));
  return { data, items };
}

function open() {
  signIn('teacher', { userId: uuid(31) });
  return renderRoutes(
    [{ path: '/class/:id/questions/:questionId/mark', element: <ClassMarkingPage /> }],
    `/class/${CLASS_ID}/questions/${QUESTION_ID}/mark`,
  );
}

const status = () => screen.getByTestId('class-marking-status');

function reviewReply(a: TClassAnswer, score: number, comment: string | null): TReply {
  return ok(
    {
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
        teacherFeedback: comment,
      },
      totalScore: score,
      reviewDoubt: null,
    },
    MESSAGES.review.saved,
  );
}

describe('rubric items on the marking screen', () => {
  it("shows the marker's suggested items for the open answer; I applies them at once", async () => {
    const user = userEvent.setup({ delay: null });
    const data = classData();
    const ben = data.rows[0]?.answer as TClassAnswer;
    const items: TRubricItems = {
      items: ITEMS,
      applied: [],
      canEdit: true,
      suggested: [{ answerId: ben._id, itemIds: [uuid(501), uuid(502)], similarity: 0.83 }],
    };
    serve({ data, items });
    backend.on('PUT', `${BASE}/answers/${ben._id}/rubric-items`, (request) => {
      const itemIds = (request.body as { itemIds: string[] }).itemIds;
      items.applied = [{ answerId: ben._id, itemIds }];
      items.suggested = [];
      ben.score = 3;
      return ok({ answerId: ben._id, itemIds, score: 3, marks: 4 }, R.applied);
    });
    open();
    const panel = await screen.findByTestId('rubric-items');
    await waitFor(() =>
      expect(within(panel).getAllByTestId('rubric-item-suggested')).toHaveLength(2),
    );
    expect(within(panel).getByTestId('rubric-items-suggestion')).toHaveTextContent(
      R.suggestedNote(83),
    );
    await user.keyboard('i');
    await waitFor(() => expect(status()).toHaveTextContent(R.itemToggled('Ben', 3, 4)));
    expect(backend.seen.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      { itemIds: [uuid(501), uuid(502)] },
    ]);
    // Applied, the items are the teacher's: no suggestion is shown any more.
    await waitFor(() => expect(within(panel).queryByTestId('rubric-items-suggestion')).toBeNull());
    // Dee has no suggestion: I says so and sends nothing.
    await user.keyboard('j');
    await user.keyboard('i');
    await waitFor(() => expect(status()).toHaveTextContent(R.nothingSuggested));
    expect(backend.seen.filter((r) => r.method === 'PUT')).toHaveLength(1);
  });

  it("words the suggestion for whoever reads it: the school's admin gave no items", async () => {
    const data = classData();
    const ben = data.rows[0]?.answer as TClassAnswer;
    serve({
      data,
      items: {
        items: ITEMS,
        applied: [],
        canEdit: true,
        suggested: [{ answerId: ben._id, itemIds: [uuid(501)], similarity: 0.6 }],
      },
    });
    signIn('admin', { userId: uuid(32) });
    renderRoutes(
      [{ path: '/admin/class/:id/questions/:questionId/mark', element: <ClassMarkingPage /> }],
      `/admin/class/${CLASS_ID}/questions/${QUESTION_ID}/mark`,
    );
    const note = await screen.findByTestId('rubric-items-suggestion');
    expect(note).toHaveTextContent(
      "Suggested from the items given to the most alike marked answer (60 % alike); the marker's mark agrees.",
    );
    expect(note.textContent).not.toMatch(/\byou\b/i);
  });

  it('lists the items with their keys; number keys toggle them and M types a mark instead', async () => {
    const user = userEvent.setup({ delay: null });
    const { data, items } = serve();
    const ben = data.rows[0]?.answer as TClassAnswer;
    backend.on('PUT', `${BASE}/answers/${ben._id}/rubric-items`, (request) => {
      const itemIds = (request.body as { itemIds: string[] }).itemIds;
      const sum = ITEMS.filter((i) => itemIds.includes(i._id)).reduce((s, i) => s + i.points, 0);
      const score = Math.min(4, Math.max(0, sum));
      items.applied = [{ answerId: ben._id, itemIds }];
      ben.score = score;
      return ok({ answerId: ben._id, itemIds, score, marks: 4 }, R.applied);
    });
    backend.on('PATCH', `/submissions/${ben.submissionId}/answers/${ben._id}`, (request) => {
      const body = request.body as { score: number; comment: string | null };
      return reviewReply(ben, body.score, body.comment);
    });
    open();
    const panel = await screen.findByTestId('rubric-items');
    await waitFor(() => expect(within(panel).getAllByTestId('rubric-item')).toHaveLength(3));
    expect(panel).toHaveTextContent('Heat flows from the hand');
    expect(panel).toHaveTextContent('+2');
    expect(panel).toHaveTextContent('-1');

    // Two keys at once: the second change is sent after the first, from the set the first made.
    await user.keyboard('12');
    await waitFor(() => expect(status()).toHaveTextContent(R.itemToggled('Ben', 3, 4)));
    const puts = backend.seen.filter((r) => r.method === 'PUT');
    expect(puts.map((r) => r.body)).toEqual([
      { itemIds: [uuid(501)] },
      { itemIds: [uuid(501), uuid(502)] },
    ]);
    // The digits toggled items; nothing was typed in the mark box.
    expect(screen.getByTestId('class-marking-mark-input')).toHaveValue('');
    const first = within(panel).getAllByTestId('rubric-item')[0] as HTMLElement;
    await waitFor(() =>
      expect(
        within(first).getByRole('button', { name: /^1\s*Heat flows from the hand/ }),
      ).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(screen.getByTestId('answer-rubric-lines')).toHaveTextContent(
      'Names conductor and insulator +1',
    );
    // In the open answer's card, under its mark, not loose between the cards.
    expect(screen.getByRole('article', { name: 'Ben' })).toContainElement(
      screen.getByTestId('answer-rubric-lines'),
    );
    // Toggling item 1 off sends the set without it.
    await user.keyboard('1');
    await waitFor(() => expect(status()).toHaveTextContent(R.itemToggled('Ben', 1, 4)));

    // M: the mark box, where digits type a mark and Enter saves it.
    await user.keyboard('m');
    expect(screen.getByTestId('class-marking-mark-input')).toHaveFocus();
    await user.keyboard('4{Enter}');
    await waitFor(() => expect(status()).toHaveTextContent(C.saved('Ben', 4, 4)));
    expect(backend.seen.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([
      { score: 4, comment: null },
    ]);
  });

  it('adds and edits items and says how many marks changed', async () => {
    const user = userEvent.setup({ delay: null });
    serve({ items: { items: ITEMS.slice(0, 1), applied: [], canEdit: true, suggested: [] } });
    backend.on(
      'POST',
      `${BASE}/rubric-items`,
      ok({ items: ITEMS.slice(0, 2), rescored: 0 }, R.added),
    );
    backend.on('PATCH', `${BASE}/rubric-items/${uuid(501)}`, () =>
      ok({ items: [{ ...ITEMS[0], points: 3 }], rescored: 2 }, R.updated(2)),
    );
    open();
    const panel = await screen.findByTestId('rubric-items');
    await user.click(within(panel).getByRole('button', { name: R.add }));
    // The form takes the cursor: typing goes to its label, not to the page's keys.
    expect(screen.getByTestId('rubric-item-label')).toHaveFocus();
    await user.keyboard('Names conductor and insulator');
    expect(screen.getByTestId('rubric-item-label')).toHaveValue('Names conductor and insulator');
    await user.clear(screen.getByTestId('rubric-item-points'));
    await user.type(screen.getByTestId('rubric-item-points'), '1');
    await user.click(
      within(screen.getByTestId('rubric-item-form')).getByRole('button', { name: R.add }),
    );
    await waitFor(() => expect(status()).toHaveTextContent(R.added));
    expect(backend.seen.find((r) => r.method === 'POST')?.body).toEqual({
      label: 'Names conductor and insulator',
      points: 1,
    });

    await user.click(screen.getByRole('button', { name: R.editLabel('Heat flows from the hand') }));
    expect(screen.getByTestId('rubric-item-label')).toHaveFocus();
    const points = screen.getByTestId('rubric-item-points');
    await user.clear(points);
    await user.type(points, '3');
    await user.click(screen.getByRole('button', { name: R.save }));
    await waitFor(() => expect(status()).toHaveTextContent(R.updated(2)));
    expect(backend.seen.find((r) => r.method === 'PATCH')?.body).toEqual({ points: 3 });

    // Delete asks first, with the cursor on Cancel; the screen's keys wait while it asks.
    await user.click(
      screen.getByRole('button', { name: R.deleteLabel('Heat flows from the hand') }),
    );
    const confirm = screen.getByRole('alertdialog');
    expect(within(confirm).getByRole('button', { name: R.cancel })).toHaveFocus();
    const sent = backend.seen.length;
    await user.keyboard('1j');
    expect(backend.seen).toHaveLength(sent);
    expect(screen.getByTestId('class-marking-student')).toHaveTextContent('Ben');
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('gives the cursor back to the button that opened a form, else the heading; the keys go on working', async () => {
    const user = userEvent.setup({ delay: null });
    const items: TRubricItems = {
      items: ITEMS.slice(0, 1),
      applied: [],
      canEdit: true,
      suggested: [],
    };
    serve({ items });
    backend.on('POST', `${BASE}/rubric-items`, () => {
      items.items = ITEMS.slice(0, 2);
      return ok({ items: items.items, rescored: 0 }, R.added);
    });
    backend.on('PATCH', `${BASE}/rubric-items/${uuid(501)}`, () => {
      items.items = [{ ...(ITEMS[0] as TRubricItem), points: 3 }, ...items.items.slice(1)];
      return ok({ items: items.items, rescored: 0 }, R.updated(0));
    });
    backend.on('DELETE', `${BASE}/rubric-items/${uuid(502)}`, () => {
      items.items = items.items.slice(0, 1);
      return ok({ items: items.items, rescored: 0 }, R.deleted(0));
    });
    open();
    const panel = await screen.findByTestId('rubric-items');
    const student = () => screen.getByTestId('class-marking-student');
    const addButton = () => within(panel).getByRole('button', { name: R.add });
    const form = () => within(screen.getByTestId('rubric-item-form'));

    // Add, Cancel: back on "Add item", and J moves to the next student.
    await user.click(addButton());
    await user.click(form().getByRole('button', { name: R.cancel }));
    expect(addButton()).toHaveFocus();
    await user.keyboard('j');
    expect(student()).toHaveTextContent('Dee');
    await user.keyboard('k');

    // Add, saved: back on "Add item".
    await user.click(addButton());
    await user.keyboard('Names{Enter}');
    await waitFor(() => expect(status()).toHaveTextContent(R.added));
    await waitFor(() => expect(addButton()).toHaveFocus());

    // Edit, Cancel and saved: back on the item's pencil.
    const edit = () =>
      screen.getByRole('button', { name: R.editLabel('Heat flows from the hand') });
    await user.click(edit());
    await user.click(form().getByRole('button', { name: R.cancel }));
    expect(edit()).toHaveFocus();
    await user.click(edit());
    await user.clear(screen.getByTestId('rubric-item-points'));
    await user.type(screen.getByTestId('rubric-item-points'), '3');
    await user.click(form().getByRole('button', { name: R.save }));
    await waitFor(() => expect(status()).toHaveTextContent(R.updated(0)));
    await waitFor(() => expect(edit()).toHaveFocus());

    // Delete, Cancel: back on the bin; deleted, the bin is gone: the heading.
    const bin = () =>
      screen.getByRole('button', { name: R.deleteLabel('Names conductor and insulator') });
    await user.click(bin());
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: R.cancel }),
    );
    expect(bin()).toHaveFocus();
    await user.click(bin());
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: R.delete }),
    );
    await waitFor(() => expect(status()).toHaveTextContent(R.deleted(0)));
    await waitFor(() =>
      expect(within(panel).getByRole('heading', { name: R.heading })).toHaveFocus(),
    );
    await user.keyboard('j');
    expect(student()).toHaveTextContent('Dee');
  });

  it('keeps the items to read, not change, for a teacher who may not edit them; no items: digits type', async () => {
    const user = userEvent.setup({ delay: null });
    serve({ items: { items: [], applied: [], canEdit: false, suggested: [] } });
    open();
    const panel = await screen.findByTestId('rubric-items');
    expect(panel).toHaveTextContent(R.none);
    expect(within(panel).queryByRole('button', { name: R.add })).toBeNull();
    await user.keyboard('3');
    expect(screen.getByTestId('class-marking-mark-input')).toHaveValue('3');
  });
});

describe('saved comments on the marking screen', () => {
  it('Shift+number puts a saved comment in the box; it is saved with the mark as it stands', async () => {
    const user = userEvent.setup({ delay: null });
    const comments = [
      { _id: uuid(801), text: 'Say where the heat flows.', createdAt: '2026-12-01T10:00:00.000Z' },
      { _id: uuid(802), text: 'Name the conductor.', createdAt: '2026-12-01T10:01:00.000Z' },
    ];
    const { data } = serve({ comments });
    const ben = data.rows[0]?.answer as TClassAnswer;
    backend.on('PATCH', `/submissions/${ben.submissionId}/answers/${ben._id}`, (request) => {
      const body = request.body as { score: number; comment: string | null };
      return reviewReply(ben, body.score, body.comment);
    });
    backend.on('POST', `${BASE}/saved-comments`, (request) =>
      ok([
        ...comments,
        {
          _id: uuid(803),
          text: (request.body as { text: string }).text,
          createdAt: '2026-12-06T10:00:00.000Z',
        },
      ]),
    );
    backend.on('DELETE', `${BASE}/saved-comments/${uuid(801)}`, () => ok(comments.slice(1)));
    open();
    const list = await screen.findByTestId('saved-comments');
    expect(list).toHaveTextContent('Say where the heat flows.');

    await user.keyboard('{Shift>}2{/Shift}');
    const box = screen.getByTestId('class-marking-comment-input');
    expect(box).toHaveValue('Name the conductor.');
    expect(box).toHaveFocus();
    expect(status()).toHaveTextContent(R.commentInserted);
    await user.type(box, ' And the insulator.');
    await user.click(screen.getByRole('button', { name: R.saveComment }));
    await waitFor(() => expect(status()).toHaveTextContent(R.commentStored('Ben')));
    expect(backend.seen.find((r) => r.method === 'PATCH')?.body).toEqual({
      score: 2,
      comment: 'Name the conductor. And the insulator.',
    });

    await user.click(screen.getByRole('button', { name: R.saveForReuse }));
    await waitFor(() => expect(status()).toHaveTextContent(R.commentSaved));
    expect(backend.seen.find((r) => r.method === 'POST')?.body).toEqual({
      text: 'Name the conductor. And the insulator.',
    });
    await waitFor(() =>
      expect(screen.getByTestId('saved-comments')).toHaveTextContent('And the insulator.'),
    );
    // One click puts one in; the bin deletes one.
    await user.click(screen.getByRole('button', { name: R.pickCommentLabel(1) }));
    expect(screen.getByTestId('class-marking-comment-input')).toHaveValue(
      'Say where the heat flows.',
    );
    await user.click(screen.getAllByRole('button', { name: R.deleteComment })[0] as HTMLElement);
    await waitFor(() => expect(status()).toHaveTextContent(R.commentDeleted));
  });

  it('reads Shift+digit from the key code', () => {
    expect(savedCommentIndex({ shiftKey: true, code: 'Digit1' })).toBe(0);
    expect(savedCommentIndex({ shiftKey: true, code: 'Numpad9' })).toBe(8);
    expect(savedCommentIndex({ shiftKey: false, code: 'Digit1' })).toBe(-1);
    expect(savedCommentIndex({ shiftKey: true, code: 'Digit0' })).toBe(-1);
  });
});

describe('marks made under an earlier rubric', () => {
  it('are shown as such and re-marked in one action; ? lists the new keys', async () => {
    const user = userEvent.setup({ delay: null });
    serve({ data: classData({ earlierRubric: true }) });
    backend.on('POST', `${BASE}/remark`, ok({ queued: 1 }, R.remarkQueued(1)));
    open();
    const notice = await screen.findByTestId('earlier-rubric-notice');
    expect(notice).toHaveTextContent(R.earlierRubricCount(1));
    expect(screen.getByTestId('earlier-rubric-badge')).toHaveTextContent(R.earlierRubric);
    expect(screen.getByRole('article')).toContainElement(
      screen.getByTestId('earlier-rubric-badge'),
    );
    await user.click(within(notice).getByRole('button', { name: R.remark(1) }));
    await waitFor(() => expect(status()).toHaveTextContent(R.remarkQueued(1)));
    expect(backend.seen.filter((r) => r.path === `${BASE}/remark`)).toHaveLength(1);

    await user.keyboard('?');
    const keys = await screen.findByTestId('class-marking-keys');
    expect(keys).toHaveTextContent('Apply or remove rubric item 1-9');
    expect(keys).toHaveTextContent('Type a mark in the mark box');
  });
});
