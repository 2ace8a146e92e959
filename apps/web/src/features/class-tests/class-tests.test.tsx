import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TClassTest, TClassTestResults } from '@stem/contract/class-tests';
import { MESSAGES } from '@stem/contract/messages';
import { setupLocalBackend } from '../../test/local-backend';
import { renderRoutes } from '../../test/render-app';
import { signIn, uuid } from '../../test/session';
import { ClassTestsSection } from './components/class-tests-section';

const T = MESSAGES.classTests;
const CLASS_ID = uuid(1);
const QUESTIONS = [
  { _id: uuid(31), question: 'Explain photosynthesis.' },
  { _id: uuid(32), question: 'Describe osmosis.' },
  { _id: uuid(33), question: 'Name the gas plants release.' },
];
const TEST: TClassTest = {
  id: uuid(40),
  classId: CLASS_ID,
  title: 'Plants quiz',
  questions: [
    { id: uuid(32), number: 1, question: 'Describe osmosis.', marks: 4 },
    { id: uuid(31), number: 2, question: 'Explain photosynthesis.', marks: 5 },
  ],
  totalMarks: 9,
  createdBy: { id: uuid(2), name: 'Ms Teacher' },
  updatedBy: { id: uuid(2), name: 'Ms Teacher' },
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:00:00.000Z',
};
const RESULTS: TClassTestResults = {
  test: TEST,
  students: [
    {
      studentId: uuid(10),
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      marks: [
        { score: 3, held: true },
        { score: 4, held: false },
      ],
      answered: 2,
      total: 7,
    },
    {
      studentId: uuid(11),
      name: 'Ben Absent',
      email: 'ben@example.com',
      marks: [
        { score: null, held: false },
        { score: 2, held: false },
      ],
      answered: 1,
      total: 2,
    },
    {
      studentId: uuid(12),
      name: 'Cy Nothing',
      email: 'cy@example.com',
      marks: [
        { score: null, held: false },
        { score: null, held: false },
      ],
      answered: 0,
      total: null,
    },
  ],
};

const backend = setupLocalBackend();
beforeEach(() => signIn('teacher'));
const testsPath = `/class/${CLASS_ID}/tests`;

function renderSection(entry = `/class/${CLASS_ID}`, canEdit = true) {
  return renderRoutes(
    [
      {
        path: '/class/:id',
        element: <ClassTestsSection classId={CLASS_ID} questions={QUESTIONS} canEdit={canEdit} />,
      },
    ],
    entry,
    { withNotifications: true },
  );
}

describe('the class page’s Tests section', () => {
  it('makes a test from the class’s questions in the chosen order', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('GET', testsPath, { status: 200, body: { success: true, data: [] } });
    backend.on('POST', testsPath, {
      status: 201,
      body: { success: true, message: T.created('Plants quiz'), data: TEST },
    });
    renderSection();
    const section = await screen.findByRole('region', { name: T.sectionTitle });
    expect(await within(section).findByText(T.noTests)).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: T.newTest }));
    const dialog = await screen.findByRole('dialog', { name: T.editorNewTitle });
    // Nothing chosen yet: refused with the reason before anything is sent.
    await user.type(within(dialog).getByRole('textbox', { name: T.titleLabel }), 'Plants quiz');
    await user.click(within(dialog).getByRole('button', { name: T.save }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(T.questionsRequired);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Explain photosynthesis.' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Describe osmosis.' }));
    await user.click(within(dialog).getByRole('button', { name: T.orderDown(1) }));
    expect(within(dialog).getByText(T.questionsChosen(2, 20))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: T.save }));
    expect(await screen.findByText(T.created('Plants quiz'))).toBeInTheDocument();
    expect(backend.seen.find((r) => r.method === 'POST')?.body).toEqual({
      title: 'Plants quiz',
      questionIds: [uuid(32), uuid(31)],
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: T.editorNewTitle })).not.toBeInTheDocument(),
    );
  });

  it('shows a test’s results per question with unanswered and held marks, the total, and the CSV', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('GET', testsPath, { status: 200, body: { success: true, data: [TEST] } });
    backend.on('GET', `${testsPath}/${TEST.id}/results`, {
      status: 200,
      body: { success: true, data: RESULTS },
    });
    renderSection();
    const row = await screen.findByTestId('class-test');
    expect(row).toHaveTextContent(`Plants quiz${T.questionCount(2)} · ${T.marksCount(9)}`);
    await user.click(within(row).getByRole('button', { name: T.results }));
    const table = await within(row).findByRole('table', { name: T.resultsTitle('Plants quiz') });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      T.columnStudent,
      T.columnQuestion(1, 4),
      T.columnQuestion(2, 5),
      T.columnAnswered,
      T.columnTotal,
    ]);
    expect(
      within(table)
        .getAllByTestId('test-result-row')
        .map((r) => r.textContent),
    ).toEqual([
      `Ada Lovelace3${T.held}4${T.answeredOf(2, 2)}${T.totalOf(7, 9)}`,
      `Ben Absent${T.notAnswered}2${T.answeredOf(1, 2)}${T.totalOf(2, 9)}`,
      `Cy Nothing${T.notAnswered}${T.notAnswered}${T.answeredOf(0, 2)}–`,
    ]);
    expect(within(row).getByRole('button', { name: T.downloadCsv })).toBeEnabled();
  });

  it('opens the results of the test named in the address (an LMS launch of a test)', async () => {
    backend.on('GET', testsPath, { status: 200, body: { success: true, data: [TEST] } });
    backend.on('GET', `${testsPath}/${TEST.id}/results`, {
      status: 200,
      body: { success: true, data: RESULTS },
    });
    renderSection(`/class/${CLASS_ID}?test=${TEST.id}`);
    expect(await screen.findByTestId('test-results')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: T.hideResults })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('asks before deleting and says why the server refused', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('GET', testsPath, { status: 200, body: { success: true, data: [TEST] } });
    backend.on('DELETE', `${testsPath}/${TEST.id}`, {
      status: 409,
      body: { success: false, code: 'CONFLICT', message: T.scanOpen },
    });
    renderSection();
    const row = await screen.findByTestId('class-test');
    await user.click(within(row).getByRole('button', { name: T.delete }));
    const dialog = await screen.findByRole('dialog', { name: T.deleteTitle });
    expect(dialog).toHaveTextContent(T.deleteText('Plants quiz'));
    await user.click(within(dialog).getByRole('button', { name: T.delete }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(T.scanOpen);
  });

  it('edits a test with its questions ticked in its order', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('GET', testsPath, { status: 200, body: { success: true, data: [TEST] } });
    backend.on('PUT', `${testsPath}/${TEST.id}`, {
      status: 200,
      body: { success: true, message: T.updated('Plants quiz'), data: TEST },
    });
    renderSection();
    const row = await screen.findByTestId('class-test');
    await user.click(within(row).getByRole('button', { name: T.edit }));
    const dialog = await screen.findByRole('dialog', { name: T.editorEditTitle });
    expect(within(dialog).getByRole('textbox', { name: T.titleLabel })).toHaveValue('Plants quiz');
    const ticked = within(dialog)
      .getAllByRole('checkbox')
      .map((c) => (c as HTMLInputElement).checked);
    expect(ticked).toEqual([true, true, false]);
    expect(within(dialog).getAllByRole('checkbox')[0]).toHaveAccessibleName('1. Describe osmosis.');
    await user.click(within(dialog).getByRole('checkbox', { name: QUESTIONS[2]?.question }));
    await user.click(within(dialog).getByRole('button', { name: T.save }));
    await waitFor(() =>
      expect(backend.seen.find((r) => r.method === 'PUT')?.body).toEqual({
        title: 'Plants quiz',
        questionIds: [uuid(32), uuid(31), uuid(33)],
      }),
    );
  });

  it('shows the admin the tests and results without the writing buttons', async () => {
    backend.on('GET', testsPath, { status: 200, body: { success: true, data: [TEST] } });
    renderSection(`/class/${CLASS_ID}`, false);
    const row = await screen.findByTestId('class-test');
    expect(within(row).getByRole('button', { name: T.results })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: T.edit })).toBeNull();
    expect(within(row).queryByRole('button', { name: T.delete })).toBeNull();
    expect(screen.queryByRole('button', { name: T.newTest })).toBeNull();
  });
});
