import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@stem/contract/messages';
import type { TClassDetails, TQuestion } from '@stem/contract/teaching';
import { setupLocalBackend } from '../../test/local-backend';
import ClassDetailsPage from './pages/class-details-page';
import { LocationProbe, renderRoutes } from '../../test/render-app';
import { TEACHER_ID, signInTeacher } from '../../test/session';

const T = MESSAGES.classesPage;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const CLASS_ID = uuid(1);
const DETAILS = `/class/${CLASS_ID}`;

const question: TQuestion = {
  _id: uuid(50),
  id: uuid(50),
  holdFeedback: false,
  question: 'State Newton’s second law.',
  marks: 4,
  lowMarkRange: '0-1',
  highMarkRange: '3-4',
  rubric: 'Low Mark Range (0-1):\na\n\nHigh Mark Range (3-4):\nb',
  teacherId: TEACHER_ID,
  classIds: [CLASS_ID],
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-01T10:00:00.000Z',
};
const student = (n: number, name: string) => ({
  _id: uuid(n),
  id: uuid(n),
  name,
  email: `${name.toLowerCase()}@example.com`,
});

const details = (patch: Partial<TClassDetails> = {}): TClassDetails => ({
  _id: CLASS_ID,
  id: CLASS_ID,
  name: 'Physics 10A',
  teacher: { _id: TEACHER_ID, id: TEACHER_ID, name: 'Grace Hopper' },
  studentCount: 2,
  questionCount: 1,
  createdAt: '2025-03-01T10:00:00.000Z',
  students: [student(10, 'Ada'), student(11, 'Alan')],
  questions: [question],
  ...patch,
});
const ok = (cls: TClassDetails) => ({ status: 200, body: { success: true, class: cls } });
const serverError = { status: 500, body: { success: false, code: 'INTERNAL', message: 'boom' } };

const backend = setupLocalBackend();
beforeEach(() => {
  signInTeacher();
});

function renderPage() {
  return renderRoutes(
    [
      { path: '/class/:id', element: <ClassDetailsPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    `/class/${CLASS_ID}`,
    { withNotifications: true },
  );
}

describe('class details page', () => {
  it('shows the class, its students, and its questions on demand', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('GET', DETAILS, ok(details()));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Physics 10A' })).toBeInTheDocument();
    expect(document.title).toBe(T.classDocumentTitle('Physics 10A'));
    expect(screen.getByRole('cell', { name: 'ada@example.com' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Alan' })).toBeInTheDocument();
    expect(screen.queryByText(question.question)).not.toBeInTheDocument();

    const toggle = screen.getByRole('button', { name: T.showQuestions(1) });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const row = screen.getByRole('row', { name: new RegExp(question.question) });
    expect(within(row).getByRole('cell', { name: '4' })).toBeInTheDocument();
    expect(within(row).getByText(T.markRange('0-1', '3-4'))).toBeInTheDocument();
    // Issue 27: the question marked across the whole class.
    expect(
      within(row).getByRole('link', { name: MESSAGES.classMarking.openLabel(question.question) }),
    ).toHaveAttribute('href', `/class/${CLASS_ID}/questions/${question._id}/mark`);

    await user.click(screen.getByRole('button', { name: T.hideQuestions }));
    expect(screen.queryByText(question.question)).not.toBeInTheDocument();
  });

  it('removes a student after confirmation and refreshes the list', async () => {
    const user = userEvent.setup({ delay: null });
    let current = details();
    backend.on('GET', DETAILS, () => ok(current));
    backend.on('POST', '/class/remove-student', (request) => {
      const { studentId } = request.body as { studentId: string };
      current = details({ students: current.students.filter((s) => s._id !== studentId) });
      return { status: 200, body: { success: true, message: MESSAGES.classes.studentRemoved } };
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: T.removeStudentLabel('Ada') }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(T.removeStudentConfirm('Ada', 'Physics 10A'));
    await user.click(within(dialog).getByRole('button', { name: T.remove }));

    await waitFor(() =>
      expect(screen.queryByRole('cell', { name: 'Ada' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('cell', { name: 'Alan' })).toBeInTheDocument();
    expect(backend.seen.find((r) => r.path === '/class/remove-student')?.body).toEqual({
      classId: CLASS_ID,
      studentId: uuid(10),
    });
  });

  it('says when removing a student or a question fails', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('GET', DETAILS, ok(details()));
    backend.on('POST', '/class/remove-student', serverError);
    backend.on('POST', '/question/questions/remove-from-class', serverError);
    renderPage();
    await user.click(await screen.findByRole('button', { name: T.removeStudentLabel('Alan') }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: T.remove }),
    );
    expect(await screen.findByText(MESSAGES.classes.removeStudentFailed)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: T.showQuestions(1) }));
    await user.click(
      screen.getByRole('button', { name: T.removeQuestionLabel(question.question) }),
    );
    expect(await screen.findByText(MESSAGES.classes.removeQuestionFailed)).toBeInTheDocument();
    expect(
      backend.seen.find((r) => r.path === '/question/questions/remove-from-class')?.body,
    ).toEqual({ questionId: question._id, classId: CLASS_ID });
  });

  it('tells a missing class from a failed load', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('GET', DETAILS, {
      status: 404,
      body: { success: false, code: 'NOT_FOUND', message: MESSAGES.classes.notFound },
    });
    const first = renderPage();
    expect(await screen.findByText(MESSAGES.classes.notFound)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.backToClasses })).toHaveAttribute('href', '/classes');
    first.unmount();

    backend.on('GET', DETAILS, serverError);
    renderPage();
    expect(await screen.findByText(MESSAGES.classes.detailsFailed)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.backToClasses })).toHaveAttribute('href', '/classes');
    backend.on('GET', DETAILS, ok(details()));
    await user.click(screen.getByRole('button', { name: T.retry }));
    expect(await screen.findByRole('heading', { name: 'Physics 10A' })).toBeInTheDocument();
  });
});
