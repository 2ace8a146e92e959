import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TAnswerGroup, TAnswerGroups } from '@stem/contract/answer-groups';
import type { TClassQuestionAnswers } from '@stem/contract/class-marking';
import { MESSAGES } from '@stem/contract/messages';
import { setupLocalBackend } from '../../test/local-backend';
import { renderRoutes } from '../../test/render-app';
import { signIn, uuid } from '../../test/session';
import { classAnswer as fixtureAnswer } from './test-fixtures';
import { groupHandlerFor, type TGroupKeys } from './use-group-keys';
import ClassMarkingPage from './pages/class-marking-page';

/** Issue 27: the marking screen's answer groups, keyboard first. */
const G = MESSAGES.answerGroups;
const C = MESSAGES.classMarking;
const CLASS_ID = uuid(10);
const QUESTION_ID = uuid(20);
const BASE = `/classes/${CLASS_ID}/questions/${QUESTION_ID}`;
const backend = setupLocalBackend();

const NAMES = ['Ann', 'Ben', 'Cal', 'Dee', 'Eve'];
const studentId = (i: number) => uuid(100 + i);
const answerId = (i: number) => uuid(2000 + i);

function classData(): TClassQuestionAnswers {
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
    rows: NAMES.map((name, i) => ({
      student: { _id: studentId(i), name },
      answer: fixtureAnswer(i),
    })),
    counts: { students: 5, answered: 5, marked: 5, reviewed: 0 },
    reviewOrder: [],
    anonymous: false,
  };
}

function group(id: string, members: number[], patch: Partial<TAnswerGroup> = {}): TAnswerGroup {
  return {
    _id: id,
    size: members.length,
    texts: 1,
    suggestedScore: 2,
    reviewed: 0,
    markedAs: null,
    edited: false,
    answers: members.map((i) => ({
      _id: answerId(i),
      submissionId: uuid(3000 + i),
      student: { _id: studentId(i), name: NAMES[i] ?? '' },
      preview: `Metal conducts heat away from the hand (${NAMES[i]})`,
      truncated: false,
      score: 2,
      aiScore: 2,
      reviewed: false,
      overridden: false,
    })),
    ...patch,
  };
}

/** Three groups: Ann, Ben and Cal (two texts, suggested 3); Dee; Eve. */
function groupsData(): TAnswerGroups {
  return {
    class: { _id: CLASS_ID, name: 'Physics 9' },
    question: { _id: QUESTION_ID, question: 'Why?', marks: 4 },
    groups: [
      group('mBigGroup01', [0, 1, 2], { texts: 2, suggestedScore: 3 }),
      group('mDeeGroup01', [3]),
      group('mEveGroup01', [4], { suggestedScore: 0 }),
    ],
    counts: { marked: 5, reviewed: 0 },
    edited: false,
    anonymous: false,
  };
}

function markReply(groupId: string, score: number, marked: number) {
  return {
    status: 200,
    body: { success: true, data: { groupId, score, marked, changed: marked } },
  };
}

function open(options: { anonymous?: boolean } = {}) {
  localStorage.setItem('stem:class-marking:view', JSON.stringify('groups'));
  localStorage.setItem('stem:class-marking:anonymous', JSON.stringify(options.anonymous ?? false));
  signIn('teacher', { userId: uuid(30) });
  backend.on('GET', `${BASE}/answers`, {
    status: 200,
    body: { success: true, data: classData() },
  });
  return renderRoutes(
    [{ path: '/class/:id/questions/:questionId/mark', element: <ClassMarkingPage /> }],
    `/class/${CLASS_ID}/questions/${QUESTION_ID}/mark`,
  );
}

const cards = () => screen.getAllByTestId('answer-group');
const currentCard = () => {
  const card = cards().find((c) => c.getAttribute('data-current') === 'true');
  if (!card) throw new Error('no current group');
  return card;
};
const status = () => screen.getByTestId('answer-groups-status');

describe('answer groups on the marking screen', () => {
  beforeEach(() => {
    localStorage.removeItem('stem:class-marking:view');
    localStorage.removeItem('stem:class-marking:anonymous');
  });

  it('switches to the groups, largest first, and marks them with the keys', async () => {
    const user = userEvent.setup({ delay: null });
    const data = groupsData();
    backend.on('GET', `${BASE}/groups`, { status: 200, body: { success: true, data } });
    backend.on('POST', `${BASE}/groups/mBigGroup01/accept`, () => {
      Object.assign(data.groups[0] as TAnswerGroup, { reviewed: 3, markedAs: 3 });
      return markReply('mBigGroup01', 3, 3);
    });
    backend.on('POST', `${BASE}/groups/mDeeGroup01/mark`, (request) => {
      const score = (request.body as { score: number }).score;
      Object.assign(data.groups[1] as TAnswerGroup, { reviewed: 1, markedAs: score });
      return markReply('mDeeGroup01', score, 1);
    });
    localStorage.setItem('stem:class-marking:view', JSON.stringify('one'));
    signIn('teacher', { userId: uuid(30) });
    backend.on('GET', `${BASE}/answers`, {
      status: 200,
      body: { success: true, data: classData() },
    });
    renderRoutes(
      [{ path: '/class/:id/questions/:questionId/mark', element: <ClassMarkingPage /> }],
      `/class/${CLASS_ID}/questions/${QUESTION_ID}/mark`,
    );
    // From the one-at-a-time view to the groups.
    await user.click(await screen.findByText(G.groupsView));
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(screen.getByTestId('answer-groups-summary')).toHaveTextContent(G.summary(3, 5));
    expect(cards()[0]).toHaveTextContent(G.groupTitle(1));
    expect(cards()[0]).toHaveTextContent(G.size(3));
    expect(cards()[0]).toHaveTextContent(G.texts(2));
    expect(cards()[0]).toHaveTextContent(G.suggested(3, 4));
    expect(within(cards()[0] as HTMLElement).getByTestId('answer-group-preview')).toHaveTextContent(
      'Metal conducts heat away from the hand (Ann)',
    );
    expect(currentCard()).toHaveTextContent(G.groupTitle(1));

    // A: the suggestion for the whole group, then on to the next group.
    await user.keyboard('a');
    await waitFor(() => expect(status()).toHaveTextContent(G.groupMarked(3, 4, 3, 3)));
    await waitFor(() => expect(currentCard()).toHaveTextContent(G.groupTitle(2)));
    expect(cards()[0]).toHaveTextContent(G.markedAs(3, 4));

    // A digit past the marks is refused before anything is sent; Escape clears it.
    await user.keyboard('9');
    expect(status()).toHaveTextContent(C.typedOutOfRange('9', 4));
    await user.keyboard('{Enter}');
    expect(backend.seen.filter((r) => r.path.endsWith('/mark'))).toHaveLength(0);
    await user.keyboard('{Escape}');
    await user.keyboard('1');
    expect(within(currentCard()).getByTestId('answer-group-mark-input')).toHaveValue('1');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(status()).toHaveTextContent(G.groupMarked(1, 4, 1, 1)));
    const sent = backend.seen.filter((r) => r.path.endsWith('/mark'));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ score: 1 });
    await waitFor(() => expect(currentCard()).toHaveTextContent(G.groupTitle(3)));

    // J/K move between groups; ? lists the keys.
    await user.keyboard('k');
    expect(currentCard()).toHaveTextContent(G.groupTitle(2));
    await user.keyboard('{ArrowUp}');
    expect(currentCard()).toHaveTextContent(G.groupTitle(1));
    await user.keyboard('?');
    expect(await screen.findByTestId('answer-groups-keys')).toHaveTextContent(
      "Accept the group's suggested mark",
    );
    // Keys do nothing while the dialog is open.
    await user.keyboard('j');
    expect(currentCard()).toHaveTextContent(G.groupTitle(1));
  });

  it('makes a group the one to mark when it is tapped anywhere, as a phone (no keys) does', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('GET', `${BASE}/groups`, {
      status: 200,
      body: { success: true, data: groupsData() },
    });
    open();
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(currentCard()).toHaveTextContent(G.groupTitle(1));
    const third = cards()[2] as HTMLElement;
    expect(within(third).queryByTestId('answer-group-mark-input')).toBeNull();
    // Its answers shown: it is the group marked now, with the mark box and Accept.
    await user.click(within(third).getByRole('button', { name: G.showAnswers(1) }));
    expect(currentCard()).toBe(third);
    expect(within(third).getByTestId('answer-group-mark-input')).toBeInTheDocument();
    expect(within(third).getByRole('button', { name: /Accept/ })).toBeInTheDocument();
    expect(within(third).getByRole('button', { name: G.hideAnswers })).toBeInTheDocument();
    // A tap on another group's typical answer moves there too.
    await user.click(
      within(cards()[1] as HTMLElement).getByTestId('answer-group-preview')
        .firstElementChild as HTMLElement,
    );
    expect(currentCard()).toBe(cards()[1]);
  });

  it('tests on a few first from the groups: the panel lists them, and one opens in the one-at-a-time view', async () => {
    const user = userEvent.setup({ delay: null });
    const R = MESSAGES.rubricItems;
    backend.on('GET', `${BASE}/groups`, {
      status: 200,
      body: { success: true, data: groupsData() },
    });
    // The marker proposes Dee (a group of one), then Ann (the biggest group's first).
    backend.on('GET', `${BASE}/few-first`, {
      status: 200,
      body: {
        success: true,
        data: { answerIds: [answerId(3), answerId(0)], examples: 0, rest: 5 },
      },
    });
    open();
    await waitFor(() => expect(cards()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: R.fewFirst }));
    const panel = await screen.findByTestId('few-first');
    expect(within(panel).getAllByTestId('few-first-answer')).toHaveLength(2);
    // The groups stay on screen under the panel.
    expect(cards()).toHaveLength(3);
    await user.click(within(panel).getAllByTestId('few-first-answer')[0] as HTMLElement);
    await waitFor(() =>
      expect(screen.getByTestId('class-marking-student')).toHaveTextContent('Dee'),
    );
    expect(screen.queryAllByTestId('answer-group')).toHaveLength(0);
    expect(screen.getByTestId('few-first')).toBeInTheDocument();
  });

  it('E shows the answers, S splits, and answers can be moved, taken out or merged', async () => {
    const user = userEvent.setup({ delay: null });
    const data = groupsData();
    backend.on('GET', `${BASE}/groups`, { status: 200, body: { success: true, data } });
    const edited = { status: 200, body: { success: true, data: { ...data, edited: true } } };
    for (const path of [
      '/groups/mBigGroup01/split',
      '/groups/move',
      '/groups/mBigGroup01/merge',
      '/groups/reset',
    ]) {
      backend.on('POST', `${BASE}${path}`, edited);
    }
    open();
    await waitFor(() => expect(cards()).toHaveLength(3));

    await user.keyboard('e');
    const answers = within(currentCard()).getByTestId('answer-group-answers');
    expect(answers).toHaveTextContent('Ann');
    expect(answers).toHaveTextContent('Cal');

    // S: into exact matches.
    await user.keyboard('s');
    await waitFor(() => expect(status()).toHaveTextContent(G.editDone));
    const split = backend.seen.filter((r) => r.path.endsWith('/split'));
    expect(split[0]?.body).toEqual({});

    // Move Ben to Dee's group (Group 2), then Cal out to a group of its own.
    await user.selectOptions(
      within(currentCard()).getByRole('combobox', { name: G.moveLabel('Ben') }),
      G.moveToGroup(2, 1),
    );
    // One change at a time: the lists wait while one is saved.
    await waitFor(() =>
      expect(
        within(currentCard()).getByRole('combobox', { name: G.moveLabel('Cal') }),
      ).toBeEnabled(),
    );
    await user.selectOptions(
      within(currentCard()).getByRole('combobox', { name: G.moveLabel('Cal') }),
      G.moveOut,
    );
    await waitFor(() =>
      expect(backend.seen.filter((r) => r.path.endsWith('/move'))).toHaveLength(2),
    );
    const moves = backend.seen.filter((r) => r.path.endsWith('/move')).map((r) => r.body);
    expect(moves).toEqual([
      { answerId: answerId(1), toGroupId: 'mDeeGroup01' },
      { answerId: answerId(2), toGroupId: null },
    ]);

    // Choose Ann and Ben and take them out together.
    await waitFor(() =>
      expect(
        within(currentCard()).getByRole('combobox', { name: G.moveLabel('Ann') }),
      ).toBeEnabled(),
    );
    await user.click(within(currentCard()).getByRole('checkbox', { name: G.choose('Ann') }));
    await user.click(within(currentCard()).getByRole('checkbox', { name: G.choose('Ben') }));
    await user.click(within(currentCard()).getByRole('button', { name: G.splitChosen(2) }));
    await waitFor(() =>
      expect(backend.seen.filter((r) => r.path.endsWith('/split'))).toHaveLength(2),
    );
    expect(backend.seen.filter((r) => r.path.endsWith('/split'))[1]?.body).toEqual({
      answerIds: [answerId(0), answerId(1)],
    });

    // Merge Eve's group (Group 3) into this one.
    await waitFor(() =>
      expect(
        within(currentCard()).getByRole('combobox', { name: G.moveLabel('Ann') }),
      ).toBeEnabled(),
    );
    await user.selectOptions(
      within(currentCard()).getByRole('combobox', { name: G.mergeLabel }),
      G.moveToGroup(3, 1),
    );
    await user.click(within(currentCard()).getByRole('button', { name: G.merge }));
    await waitFor(() =>
      expect(backend.seen.filter((r) => r.path.endsWith('/merge'))).toHaveLength(1),
    );
    expect(backend.seen.find((r) => r.path.endsWith('/merge'))?.body).toEqual({
      groupId: 'mEveGroup01',
    });

    // The groups were edited: back to the marker's.
    await waitFor(() =>
      expect(
        within(currentCard()).getByRole('combobox', { name: G.moveLabel('Ann') }),
      ).toBeEnabled(),
    );
    await user.click(await screen.findByRole('button', { name: G.reset }));
    await waitFor(() =>
      expect(backend.seen.filter((r) => r.path.endsWith('/reset'))).toHaveLength(1),
    );
  });

  it("reads the groups anonymous in anonymous mode: the server's pseudonyms, no names", async () => {
    const user = userEvent.setup({ delay: null });
    // The server's draw: Eve, Dee, Cal, Ben, Ann are Students 1 to 5, under pseudonymous ids.
    const pseudonym = (i: number) => ({
      _id: `a${String(4 - i).padStart(24, '0')}`,
      name: `Student ${5 - i}`,
    });
    const named = groupsData();
    for (const g of named.groups) for (const a of g.answers) a.preview = 'Metal conducts heat.';
    const anonymous: TAnswerGroups = {
      ...named,
      anonymous: true,
      groups: named.groups.map((g) => ({
        ...g,
        answers: g.answers.map((a) => ({
          ...a,
          student: pseudonym(NAMES.findIndex((_, i) => studentId(i) === a.student._id)),
        })),
      })),
    };
    open({ anonymous: true });
    const classAnonymous = classData();
    backend.on('GET', `${BASE}/answers`, (request) => ({
      status: 200,
      body: {
        success: true,
        data:
          request.query.anonymous === 'true'
            ? {
                ...classAnonymous,
                anonymous: true,
                rows: [...classAnonymous.rows]
                  .reverse()
                  .map((r, i) => ({ ...r, student: pseudonym(4 - i) })),
              }
            : classAnonymous,
      },
    }));
    backend.on('GET', `${BASE}/groups`, (request) => ({
      status: 200,
      body: { success: true, data: request.query.anonymous === 'true' ? anonymous : named },
    }));
    await waitFor(() => expect(cards()).toHaveLength(3));
    await user.keyboard('e');
    const answers = within(currentCard()).getByTestId('answer-group-answers');
    for (const name of NAMES) expect(screen.queryByText(name)).toBeNull();
    // The big group (Ann, Ben, Cal) in the screen's order: Cal, Ben, Ann are Students 3, 4, 5.
    expect(answers.textContent?.match(/Student \d/g)).toEqual([
      'Student 3',
      'Student 4',
      'Student 5',
    ]);
    const reads = backend.seen.filter(
      (r) => r.method === 'GET' && (r.path.endsWith('/answers') || r.path.endsWith('/groups')),
    );
    expect(reads.length).toBeGreaterThanOrEqual(2);
    expect(reads.every((r) => r.query.anonymous === 'true')).toBe(true);
  });
});

describe('the answer groups keys', () => {
  it('maps each key to its action and leaves the others alone', () => {
    const called: string[] = [];
    const keys = new Proxy({} as TGroupKeys, {
      get: (_t, name: string) => (arg?: string) => called.push(arg ? `${name}:${arg}` : name),
    });
    for (const key of [
      'J',
      'ArrowDown',
      'K',
      'ArrowUp',
      'A',
      '3',
      'Enter',
      'E',
      'S',
      '?',
      'x',
      'N',
    ]) {
      groupHandlerFor(key, keys)?.();
    }
    expect(called).toEqual([
      'next',
      'next',
      'previous',
      'previous',
      'accept',
      'digit:3',
      'enter',
      'toggle',
      'split',
      'help',
    ]);
  });
});
