import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { AUTH_PATHS } from '@stem/contract/api';
import { MESSAGES } from '@stem/contract/messages';
import { setupLocalBackend } from '../../test/local-backend';
import { filterStudents } from './components/student-picker';
import CreateClassPage from './pages/create-class-page';
import { LocationProbe, renderRoutes } from '../../test/render-app';
import { signInTeacher, trialReply } from '../../test/session';

const T = MESSAGES.classesPage;
const G = MESSAGES.gettingStarted;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const student = (n: number, name: string) => ({
  _id: uuid(n),
  id: uuid(n),
  name,
  email: `${name.toLowerCase()}@example.com`,
});
const STUDENTS = [student(10, 'Ada'), student(11, 'Alan'), student(12, 'Barbara')];

const backend = setupLocalBackend();
beforeEach(() => {
  signInTeacher();
  backend.on('GET', '/trial/validate/classes', trialReply('classes', true));
  backend.on('GET', '/teacher/school-students', {
    status: 200,
    body: { status: 'success', success: true, data: STUDENTS },
  });
  backend.on('GET', AUTH_PATHS.schoolDetails, {
    status: 200,
    body: {
      success: true,
      data: {
        schoolCode: 'ABCD1234EFGH5678',
        schoolName: 'Hilltop',
        isTrial: true,
        plan: 'trial',
        schoolType: 'classroom',
        totalStudents: STUDENTS.length,
        logo: null,
        trialDetails: null,
      },
    },
  });
});

const created = (studentCount: number) => ({
  status: 201,
  body: {
    status: 'success',
    success: true,
    message: MESSAGES.classes.created,
    data: {
      _id: uuid(1),
      id: uuid(1),
      name: 'Year 10 Physics',
      teacher: null,
      studentCount,
      questionCount: 0,
      createdAt: '2025-03-01T10:00:00.000Z',
    },
  },
});

function renderPage() {
  return renderRoutes(
    [
      { path: '/create-class', element: <CreateClassPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    '/create-class',
    { withNotifications: true },
  );
}

const nameField = () => screen.getByRole('textbox', { name: new RegExp(`^${T.classNameLabel}`) });
const pick = (name: string) =>
  screen.getByRole('checkbox', {
    name: T.selectStudentLabel(name, `${name.toLowerCase()}@example.com`),
  });

async function reachStudents(user: ReturnType<typeof userEvent.setup>) {
  await user.click(nameField());
  await user.paste('Year 10 Physics');
  await user.click(screen.getByRole('button', { name: T.next }));
  await screen.findByRole('checkbox', { name: /Ada/ });
}

describe('create class', () => {
  it('filters students by name or e-mail, any case', () => {
    expect(filterStudents(STUDENTS, 'AL').map((s) => s.name)).toEqual(['Alan']);
    expect(filterStudents(STUDENTS, 'barbara@').map((s) => s.name)).toEqual(['Barbara']);
    expect(filterStudents(STUDENTS, '  ')).toHaveLength(3);
  });

  it('needs a name, then creates the class with the students ticked', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('POST', '/class/create', created(2));
    renderPage();
    expect(document.title).toBe(T.createDocumentTitle);
    await user.type(nameField(), '   ');
    await user.click(screen.getByRole('button', { name: T.next }));
    expect(screen.getByText(MESSAGES.classes.nameRequired)).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /Ada/ })).not.toBeInTheDocument();

    await user.clear(nameField());
    await reachStudents(user);

    await user.click(screen.getByRole('textbox', { name: T.searchStudents }));
    await user.paste('bar');
    expect(screen.queryByRole('checkbox', { name: /Ada/ })).not.toBeInTheDocument();
    await user.click(pick('Barbara'));
    await user.clear(screen.getByRole('textbox', { name: T.searchStudents }));
    await user.click(pick('Ada'));
    expect(screen.getByText(T.selectedCount(2))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: T.createClass }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/classes'));
    expect(screen.getByText(MESSAGES.classes.created)).toBeInTheDocument();
    expect(backend.seen.find((r) => r.path === '/class/create')?.body).toEqual({
      name: 'Year 10 Physics',
      students: [uuid(12), uuid(10)],
    });
  });

  it('creates a class before any student has joined, showing the school code to share', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('GET', '/teacher/school-students', {
      status: 200,
      body: { status: 'success', success: true, data: [] },
    });
    backend.on('POST', '/class/create', created(0));
    renderPage();
    await user.click(nameField());
    await user.paste('Year 10 Physics');
    await user.click(screen.getByRole('button', { name: T.next }));
    expect(await screen.findByText(T.noSchoolStudents)).toBeInTheDocument();
    const share = screen.getByTestId('share-school-code');
    expect(await within(share).findByText('ABCD-1234-EFGH-5678')).toBeInTheDocument();
    expect(within(share).getByRole('button', { name: G.copy })).toBeInTheDocument();
    expect(share).toHaveTextContent(G.registerAt(`${window.location.origin}/register`));
    expect(share).toHaveTextContent(G.laterHint);

    await user.click(screen.getByRole('button', { name: T.createClass }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/classes'));
    expect(backend.seen.find((r) => r.path === '/class/create')?.body).toEqual({
      name: 'Year 10 Physics',
      students: [],
    });
  });

  it("creates a class with none of the school's students ticked", async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('POST', '/class/create', created(0));
    renderPage();
    await reachStudents(user);
    expect(screen.queryByText(MESSAGES.classes.studentsRequired)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: T.createClass }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/classes'));
    expect(backend.seen.find((r) => r.path === '/class/create')?.body).toEqual({
      name: 'Year 10 Physics',
      students: [],
    });
  });

  it("shows the server's refusal, or the generic failure", async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('POST', '/class/create', {
      status: 403,
      body: { success: false, code: 'TRIAL_LIMIT', message: MESSAGES.classes.trialLimit },
    });
    renderPage();
    await reachStudents(user);
    await user.click(pick('Alan'));
    await user.click(screen.getByRole('button', { name: T.createClass }));
    expect(await screen.findByText(MESSAGES.classes.trialLimit)).toBeInTheDocument();

    backend.on('POST', '/class/create', {
      status: 500,
      body: { success: false, code: 'INTERNAL', message: 'Server error. Please try again later.' },
    });
    await user.click(screen.getByRole('button', { name: T.createClass }));
    expect(await screen.findByText(MESSAGES.classes.createFailed)).toBeInTheDocument();
  });

  it('says when the students cannot be loaded, and goes Back to the name', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('GET', '/teacher/school-students', {
      status: 500,
      body: { success: false, code: 'INTERNAL', message: 'boom' },
    });
    renderPage();
    await user.click(nameField());
    await user.paste('Chemistry');
    await user.click(screen.getByRole('button', { name: T.next }));
    expect(await screen.findByText(MESSAGES.classes.loadStudentsFailed)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: T.back }));
    expect(nameField()).toHaveValue('Chemistry');
  });

  it('at the trial class limit, shows the banner and takes no step towards a class', async () => {
    backend.on('GET', '/trial/validate/classes', trialReply('classes', false, 3));
    renderPage();
    expect(await screen.findByText(MESSAGES.classes.trialLimit)).toBeInTheDocument();
    expect(nameField()).toBeDisabled();
    expect(screen.getByRole('button', { name: T.next })).toBeDisabled();
    expect(screen.queryByRole('checkbox', { name: /Ada/ })).not.toBeInTheDocument();
  });
});
