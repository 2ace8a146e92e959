import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@stem/contract/messages';
import type { TClassSummary, TQuestion } from '@stem/contract/teaching';
import { setupLocalBackend } from '../../test/local-backend';
import { formatQuestionDate } from './format-question-date';
import ViewQuestionsPage from './pages/view-questions-page';
import { LocationProbe, renderRoutes } from '../../test/render-app';
import { TEACHER_ID, signInTeacher, trialReply } from '../../test/session';

const T = MESSAGES.questionsPage;
const LIST_PATH = `/question/questions/teacher/${TEACHER_ID}`;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * Question n: created n days into March (so higher n is newer), marks (7n mod 13) + 1, so that the
 * marks order is neither the date order nor its reverse (question 11 has the most marks).
 */
const marksOf = (n: number) => ((7 * n) % 13) + 1;
const question = (n: number, patch: Partial<TQuestion> = {}): TQuestion => ({
  _id: uuid(n),
  id: uuid(n),
  holdFeedback: false,
  question: `Question number ${n}`,
  marks: marksOf(n),
  lowMarkRange: '0-0',
  highMarkRange: `1-${marksOf(n)}`,
  rubric: 'Low Mark Range (0-0):\nx\n\nHigh Mark Range (1-1):\ny',
  teacherId: TEACHER_ID,
  classIds: [],
  createdAt: `2025-03-${String(n).padStart(2, '0')}T15:45:00.000Z`,
  updatedAt: `2025-03-${String(n).padStart(2, '0')}T15:45:00.000Z`,
  ...patch,
});

/** The server's order: newest first. */
const questions = (count: number) => Array.from({ length: count }, (_, i) => question(count - i));

const cls = (n: number, name: string): TClassSummary => ({
  _id: uuid(100 + n),
  id: uuid(100 + n),
  name,
  teacher: null,
  studentCount: 2,
  questionCount: 1,
  createdAt: '2025-03-01T10:00:00.000Z',
});

const backend = setupLocalBackend();

const listCalls = () => backend.seen.filter((r) => r.path === LIST_PATH);

/**
 * A question list server: sorts, searches and pages as the real one does, with cursors that name
 * the offset ("at10") so the test can see which page was asked for.
 */
function pagedQuestions(all: TQuestion[]) {
  return (request: { query: Record<string, string> }) => {
    const { sort, q, cursor, limit } = request.query;
    const newest = (a: TQuestion, b: TQuestion) => b.createdAt.localeCompare(a.createdAt);
    const order: Record<string, (a: TQuestion, b: TQuestion) => number> = {
      'createdAt-asc': (a, b) => -newest(a, b),
      'marks-desc': (a, b) => b.marks - a.marks || newest(a, b),
      'marks-asc': (a, b) => a.marks - b.marks || newest(a, b),
    };
    const term = (q ?? '').toLowerCase();
    const kept = all
      .filter((x) => x.question.toLowerCase().includes(term))
      .sort(order[sort ?? ''] ?? newest);
    const from = cursor ? Number(cursor.slice(2)) : 0;
    const size = Number(limit ?? 20);
    const data = kept.slice(from, from + size);
    const next = from + size < kept.length ? `at${from + size}` : null;
    return {
      status: 200,
      body: {
        success: true,
        data,
        page: { nextCursor: next, total: all.length, matched: kept.length },
      },
    };
  };
}
beforeEach(() => {
  signInTeacher();
  backend.on('GET', '/trial/validate/questions', trialReply('questions', true));
});

function renderPage() {
  return renderRoutes(
    [
      { path: '/view-questions', element: <ViewQuestionsPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    '/view-questions',
    { withNotifications: true },
  );
}

const cardTexts = () =>
  screen
    .getAllByTestId('question-card')
    .map((card) => within(card).getByText(/^Question number/).textContent);

describe('view questions', () => {
  it("shows per question how often the AI's marks agreed with the teacher's", async () => {
    backend.on('GET', LIST_PATH, pagedQuestions(questions(2)));
    backend.on('GET', '/submissions/agreement', {
      status: 200,
      body: {
        success: true,
        data: [{ questionId: uuid(2), reviewed: 22, agreed: 18, withinOne: 21 }],
      },
    });
    renderPage();
    const line = await screen.findByTestId('question-agreement');
    expect(line).toHaveTextContent('AI and you agreed on 18 of 22 answers (within 1 mark: 21)');
    // Only the question with reviewed answers says it.
    expect(screen.getAllByTestId('question-agreement')).toHaveLength(1);
    const card = line.closest('[data-testid="question-card"]');
    expect(card).toHaveTextContent('Question number 2');
  });

  it('asks the server for pages of 10, its order until a sort is chosen, and its search', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('GET', LIST_PATH, pagedQuestions(questions(12)));
    renderPage();
    expect(await screen.findByRole('heading', { name: T.viewHeading(12) })).toBeInTheDocument();
    expect(document.title).toBe(T.viewDocumentTitle);
    expect(cardTexts()).toHaveLength(10);
    expect(cardTexts()[0]).toBe('Question number 12');
    expect(screen.getByRole('combobox', { name: T.sortLabel })).toHaveValue('');
    expect(listCalls()[0]?.query).toEqual({ limit: '10' });
    expect(
      screen.getByText(T.created(formatQuestionDate(question(12).createdAt))),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: T.edit })[0]).toHaveAttribute(
      'href',
      `/edit-question/${uuid(12)}`,
    );

    // Page 2 is the next keyset page: asked for with the first page's cursor.
    await user.click(screen.getByRole('button', { name: T.pageLabel(2) }));
    await waitFor(() => expect(cardTexts()).toEqual(['Question number 2', 'Question number 1']));
    expect(listCalls().at(-1)?.query).toEqual({ limit: '10', cursor: 'at10' });

    await user.click(screen.getByRole('combobox', { name: T.sortLabel }));
    await user.click(await screen.findByRole('option', { name: T.sortMarksHigh }));
    // A new order starts again at page 1, most marks first, sorted by the server.
    await waitFor(() =>
      expect(cardTexts().slice(0, 3)).toEqual([
        'Question number 11',
        'Question number 9',
        'Question number 7',
      ]),
    );
    expect(cardTexts()).toHaveLength(10);
    expect(listCalls().at(-1)?.query).toEqual({ limit: '10', sort: 'marks-desc' });

    await user.click(screen.getByRole('combobox', { name: T.sortLabel }));
    await user.click(await screen.findByRole('option', { name: T.sortOldest }));
    await waitFor(() => expect(cardTexts()[0]).toBe('Question number 1'));

    // Page 3 of 12 questions does not exist; the pagination offers two pages.
    expect(screen.queryByRole('button', { name: T.pageLabel(3) })).not.toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: T.searchLabel }), 'number 1');
    await waitFor(() =>
      expect(cardTexts()).toEqual([
        'Question number 1',
        'Question number 10',
        'Question number 11',
        'Question number 12',
      ]),
    );
    expect(listCalls().at(-1)?.query).toEqual({
      limit: '10',
      sort: 'createdAt-asc',
      q: 'number 1',
    });
    // The heading keeps the whole count; the pagination follows the matches.
    expect(screen.getByRole('heading', { name: T.viewHeading(12) })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.pageLabel(2) })).not.toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox', { name: T.searchLabel }));
    await user.type(screen.getByRole('searchbox', { name: T.searchLabel }), 'osmosis');
    expect(await screen.findByText(T.noMatches)).toBeInTheDocument();
  });

  it('reaches a later page by asking for the pages before it in turn', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('GET', LIST_PATH, pagedQuestions(questions(25)));
    renderPage();
    await screen.findByRole('heading', { name: T.viewHeading(25) });
    await user.click(screen.getByRole('button', { name: T.pageLabel(3) }));
    await waitFor(() => expect(cardTexts()).toHaveLength(5));
    expect(cardTexts()[0]).toBe('Question number 5');
    expect(listCalls().map((r) => r.query.cursor ?? null)).toEqual([null, 'at10', 'at20']);
  });

  it('shows the empty state, and the load failure', async () => {
    backend.on('GET', LIST_PATH, { status: 200, body: { success: true, data: [] } });
    const first = renderPage();
    expect(await screen.findByText(MESSAGES.questions.empty)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.createFirst })).toHaveAttribute(
      'href',
      '/insert-question',
    );
    first.unmount();

    backend.on('GET', LIST_PATH, {
      status: 500,
      body: { success: false, code: 'X', message: 'x' },
    });
    renderPage();
    expect(await screen.findByText(MESSAGES.questions.loadFailed)).toBeInTheDocument();
  });

  it('disables Add Question and shows the banner at the trial limit', async () => {
    backend.on('GET', '/trial/validate/questions', trialReply('questions', false, 3));
    backend.on('GET', LIST_PATH, { status: 200, body: { success: true, data: questions(3) } });
    renderPage();
    expect(await screen.findByText(MESSAGES.questions.trialBanner)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.questions.trialLimit)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: T.addQuestion })).toBeDisabled();
    expect(screen.queryByRole('link', { name: T.addQuestion })).not.toBeInTheDocument();
  });

  it('deletes a question only after confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    let list = questions(2);
    backend.on('GET', LIST_PATH, () => ({ status: 200, body: { success: true, data: list } }));
    backend.on('DELETE', `/question/questions/delete/${uuid(2)}`, () => {
      list = list.filter((q) => q._id !== uuid(2));
      return { status: 200, body: { status: 'success', success: true, message: 'ok' } };
    });
    renderPage();
    await screen.findByRole('heading', { name: T.viewHeading(2) });

    await user.click(screen.getAllByRole('button', { name: T.delete })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(MESSAGES.questions.deleteConfirm);
    await user.click(within(dialog).getByRole('button', { name: T.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.seen.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(screen.getAllByRole('button', { name: T.delete })[0] as HTMLElement);
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: T.delete }),
    );
    expect(await screen.findByText(MESSAGES.questions.deleted)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: T.viewHeading(1) })).toBeInTheDocument();
  });

  it('words a refused delete and a failed one differently', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('GET', LIST_PATH, { status: 200, body: { success: true, data: questions(2) } });
    backend.on('DELETE', `/question/questions/delete/${uuid(2)}`, {
      status: 404,
      body: { success: false, code: 'NOT_FOUND', message: 'gone' },
    });
    backend.on('DELETE', `/question/questions/delete/${uuid(1)}`, {
      status: 500,
      body: { success: false, code: 'INTERNAL', message: 'boom' },
    });
    renderPage();
    await screen.findByRole('heading', { name: T.viewHeading(2) });

    await user.click(screen.getAllByRole('button', { name: T.delete })[0] as HTMLElement);
    let dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: T.delete }));
    expect(await within(dialog).findByText(MESSAGES.questions.deleteFailed)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: T.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getAllByRole('button', { name: T.delete })[1] as HTMLElement);
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: T.delete }));
    expect(
      await within(dialog).findByText(MESSAGES.questions.deleteFailedRetry),
    ).toBeInTheDocument();
  });

  it('adds a question to a class chosen in the Select a Class modal', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('GET', LIST_PATH, {
      status: 200,
      body: { success: true, data: [question(1, { classIds: [uuid(101)] })] },
    });
    backend.on('GET', '/teacher/classes', {
      status: 200,
      body: { success: true, message: 'ok', data: [cls(1, 'Physics A'), cls(2, 'Physics B')] },
    });
    backend.on('POST', '/question/questions/add-to-class', {
      status: 200,
      body: { status: 'success', success: true, message: MESSAGES.questions.addedToClass },
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: T.addToClass }));
    const dialog = await screen.findByRole('dialog', { name: T.selectClassTitle });
    // Already holding the question: shown, not offered again.
    expect(
      await within(dialog).findByRole('button', { name: `Physics A (${T.alreadyInClass})` }),
    ).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Physics B' }));
    expect(await screen.findByText(MESSAGES.questions.addedToClass)).toBeInTheDocument();
    expect(backend.seen.find((r) => r.path === '/question/questions/add-to-class')?.body).toEqual({
      questionId: uuid(1),
      classId: uuid(102),
    });
  });

  it('says when there is no class to add to, or the add fails', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('GET', LIST_PATH, { status: 200, body: { success: true, data: [question(1)] } });
    backend.on('GET', '/teacher/classes', {
      status: 200,
      body: { success: true, message: 'ok', data: [] },
    });
    const first = renderPage();
    await user.click(await screen.findByRole('button', { name: T.addToClass }));
    expect(await screen.findByText(MESSAGES.questions.noActiveClasses)).toBeInTheDocument();
    first.unmount();

    backend.on('GET', '/teacher/classes', {
      status: 200,
      body: { success: true, message: 'ok', data: [cls(1, 'Physics A')] },
    });
    backend.on('POST', '/question/questions/add-to-class', {
      status: 500,
      body: { success: false, code: 'INTERNAL', message: 'boom' },
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: T.addToClass }));
    const dialog = await screen.findByRole('dialog', { name: T.selectClassTitle });
    await user.click(await within(dialog).findByRole('button', { name: 'Physics A' }));
    expect(
      await within(dialog).findByText(MESSAGES.questions.addToClassFailed),
    ).toBeInTheDocument();
  });
});
