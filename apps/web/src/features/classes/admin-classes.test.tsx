import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@stem/contract/messages';
import { setupLocalBackend } from '../../test/local-backend';
import { LocationProbe, renderRoutes } from '../../test/render-app';
import { signIn, uuid } from '../../test/session';
import AdminClassDetailsPage from './pages/admin-class-details-page';
import AdminClassesPage from './pages/admin-classes-page';
import AdminCreateClassPage from './pages/admin-create-class-page';

const T = MESSAGES.admin;
const ref = (n: number, name: string) => ({
  _id: uuid(n),
  id: uuid(n),
  name,
  email: `${name.toLowerCase()}@example.com`,
});
const TEACHERS = [ref(20, 'Newton'), ref(21, 'Curie')];
const STUDENTS = [ref(10, 'Ada'), ref(11, 'Alan')];
const summary = (n: number, name: string) => ({
  _id: uuid(n),
  id: uuid(n),
  name,
  teacher: { _id: uuid(20), id: uuid(20), name: 'Newton' },
  studentCount: 2,
  questionCount: 1,
  createdAt: '2025-03-01T10:00:00.000Z',
});

const backend = setupLocalBackend();
beforeEach(() => {
  signIn('admin');
  backend.on('GET', '/admin/teachers', {
    status: 200,
    body: { success: true, teachers: TEACHERS },
  });
  backend.on('GET', '/admin/students', {
    status: 200,
    body: { success: true, students: STUDENTS },
  });
});

const routes = [
  { path: '/all-classes', element: <AdminClassesPage /> },
  { path: '/all-classes/:id', element: <AdminClassDetailsPage /> },
  { path: '/admin/create-class', element: <AdminCreateClassPage /> },
  { path: '*', element: <LocationProbe /> },
];

describe('admin classes', () => {
  it('lists the classes 9 at a time with a teacher filter, cards opening /all-classes/{id}', async () => {
    backend.on('GET', '/admin/classes', (request) => ({
      status: 200,
      body: {
        success: true,
        data: request.query.teacherId ? [] : [summary(1, 'Physics 9')],
        page: { nextCursor: null, total: 1, matched: request.query.teacherId ? 0 : 1 },
      },
    }));
    const user = userEvent.setup({ delay: null });
    renderRoutes(routes, '/all-classes');
    const card = await screen.findByTestId('class-card');
    expect(card).toHaveAttribute('href', `/all-classes/${uuid(1)}`);
    expect(within(card).getByText('Teacher: Newton')).toBeInTheDocument();
    expect(backend.seen.find((r) => r.path === '/admin/classes')?.query.limit).toBe('9');
    await user.click(screen.getByRole('combobox', { name: T.teacherFilter }));
    await user.click(await screen.findByRole('option', { name: 'Curie' }));
    expect(await screen.findByText(T.noClasses)).toBeInTheDocument();
    expect(backend.seen.some((r) => r.query.teacherId === uuid(21))).toBe(true);
  });

  it('keeps the teacher filter and the search in the address, so reload and Back keep them', async () => {
    backend.on('GET', '/admin/classes', (request) => ({
      status: 200,
      body: {
        success: true,
        data: [summary(1, 'Physics 9')],
        page: { nextCursor: null, total: 3, matched: request.query.teacherId ? 1 : 3 },
      },
    }));
    const user = userEvent.setup({ delay: null });
    // Reloaded with a teacher and a search in the address: both apply at once.
    const { router } = renderRoutes(routes, `/all-classes?teacher=${uuid(20)}&q=Phys`);
    await screen.findByTestId('class-card');
    const asked = backend.seen.filter((r) => r.path === '/admin/classes');
    expect(asked[0]?.query).toMatchObject({ teacherId: uuid(20), q: 'Phys' });
    expect(screen.getByRole('textbox', { name: T.searchClasses })).toHaveValue('Phys');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: T.teacherFilter })).toHaveValue('Newton'),
    );

    // Another teacher, then a card, then Back: the list comes back filtered by that teacher.
    await user.click(screen.getByRole('combobox', { name: T.teacherFilter }));
    await user.click(await screen.findByRole('option', { name: 'Curie' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?teacher=${uuid(21)}&q=Phys`));
    await user.click(screen.getByTestId('class-card'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/all-classes/${uuid(1)}`));
    await router.navigate(-1);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: T.teacherFilter })).toHaveValue('Curie'),
    );
    expect(backend.seen.filter((r) => r.path === '/admin/classes').at(-1)?.query).toMatchObject({
      teacherId: uuid(21),
      q: 'Phys',
    });

    // All teachers and an emptied search leave a bare address.
    await user.click(screen.getByRole('combobox', { name: T.teacherFilter }));
    await user.click(await screen.findByRole('option', { name: T.allTeachers }));
    await user.clear(screen.getByRole('textbox', { name: T.searchClasses }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('treats a 404 as an empty list and shows the load failure otherwise', async () => {
    backend.on('GET', '/admin/classes', { status: 404, body: { success: false } });
    renderRoutes(routes, '/all-classes');
    expect(await screen.findByText(T.noClasses)).toBeInTheDocument();
  });

  it('walks the wizard: a name, then a teacher, then at least one student, then /all-classes', async () => {
    backend.on('POST', '/admin/classes', {
      status: 201,
      body: {
        status: 'success',
        success: true,
        message: MESSAGES.classes.created,
        data: summary(5, 'Chemistry'),
      },
    });
    const user = userEvent.setup({ delay: null });
    renderRoutes(routes, '/admin/create-class', { withNotifications: true });
    await user.click(await screen.findByRole('button', { name: T.next }));
    expect(await screen.findByText(MESSAGES.classes.nameRequired)).toBeInTheDocument();
    // The name field has the teacher's wizard's label, letter for letter.
    await user.type(
      screen.getByRole('textbox', { name: new RegExp(`^${MESSAGES.classesPage.classNameLabel}`) }),
      'Chemistry',
    );
    await user.click(screen.getByRole('button', { name: T.next }));
    await screen.findByRole('radio', { name: /Newton/ });
    await user.click(screen.getByRole('button', { name: T.next }));
    expect(await screen.findByText(T.teacherRequired)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Curie/ }));
    await user.click(screen.getByRole('button', { name: T.next }));
    await screen.findByRole('checkbox', { name: /Ada/ });
    await user.click(screen.getByRole('button', { name: T.createClass }));
    expect(await screen.findByText(MESSAGES.classes.studentsRequired)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Ada/ }));
    await user.click(screen.getByRole('button', { name: T.createClass }));
    // /all-classes: its list (404 here: an empty list).
    expect(await screen.findByText(T.noClasses)).toBeInTheDocument();
    expect(backend.seen.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Chemistry',
      teacherId: uuid(21),
      students: [uuid(10)],
    });
  });

  it('shows a class with rubric and students, and gives it to another teacher', async () => {
    backend.on('GET', `/admin/classes/${uuid(1)}`, {
      status: 200,
      body: {
        success: true,
        class: {
          ...summary(1, 'Physics 9'),
          students: [STUDENTS[0]],
          questions: [
            {
              _id: uuid(30),
              id: uuid(30),
              question: 'Explain inertia.',
              marks: 5,
              lowMarkRange: '0-1',
              highMarkRange: '3-5',
              rubric: 'Low Mark Range (0-1): names it.',
              holdFeedback: false,
              teacherId: uuid(20),
              classIds: [uuid(1)],
              createdAt: '2025-03-01T10:00:00.000Z',
              updatedAt: '2025-03-01T10:00:00.000Z',
            },
          ],
        },
      },
    });
    backend.on('PUT', `/admin/classes/${uuid(1)}`, {
      status: 200,
      body: { success: true, message: T.classReassigned('Curie') },
    });
    const user = userEvent.setup({ delay: null });
    renderRoutes(routes, `/all-classes/${uuid(1)}`, { withNotifications: true });
    expect(await screen.findByRole('heading', { name: 'Physics 9' })).toBeInTheDocument();
    expect(screen.getByText('Explain inertia.')).toBeInTheDocument();
    expect(screen.getByText('Low Mark Range (0-1): names it.')).toBeInTheDocument();
    expect(screen.getByText('Ada')).toBeInTheDocument();
    const reassign = screen.getByRole('combobox', { name: T.reassignLabel });
    await waitFor(() => expect(reassign).toBeEnabled());
    await user.click(reassign);
    await user.click(await screen.findByRole('option', { name: 'Curie' }));
    await user.click(screen.getByRole('button', { name: T.reassign }));
    expect(await screen.findByText(T.classReassigned('Curie'))).toBeInTheDocument();
  });

  it('says Class not found for a missing class', async () => {
    renderRoutes(routes, `/all-classes/${uuid(99)}`);
    expect(await screen.findByText(T.classNotFound)).toBeInTheDocument();
  });
});
