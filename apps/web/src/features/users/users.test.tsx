import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TAdminUser } from '@stem/contract/admin';
import { MESSAGES } from '@stem/contract/messages';
import { setupLocalBackend, type TSeenRequest } from '../../test/local-backend';
import { renderRoutes } from '../../test/render-app';
import { signIn, uuid } from '../../test/session';
import UserDetailsPage from './pages/user-details-page';
import UsersPage from './pages/users-page';

const T = MESSAGES.admin;
const ADMIN_ID = uuid(900);

const person = (n: number, name: string, role: TAdminUser['role']): TAdminUser => ({
  _id: uuid(n),
  id: uuid(n),
  name,
  email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
  role,
  school: { _id: uuid(1), name: 'Hilltop' },
  createdAt: '2025-03-01T10:00:00.000Z',
  status: 'active',
  yearGroup: null,
});
const ADMIN = { ...person(900, 'Ada Admin', 'admin'), _id: ADMIN_ID, id: ADMIN_ID };
const ALICE = person(10, 'Alice Student', 'student');
const TOM = person(11, 'Tom Teacher', 'teacher');

const listReply = (users: TAdminUser[]) => ({
  status: 200,
  body: {
    success: true,
    data: users,
    page: { nextCursor: null, total: 3, matched: users.length },
    counts: { student: 1, teacher: 1, admin: 1 },
  },
});

const backend = setupLocalBackend();
beforeEach(() => {
  signIn('admin');
  backend.on('GET', '/admin/users', (request: TSeenRequest) => {
    if (request.query.role === 'teacher') return listReply([TOM]);
    if (request.query.q === 'zzz') return listReply([]);
    return listReply([ADMIN, ALICE, TOM]);
  });
});

function renderUsers(entry = '/users') {
  return renderRoutes(
    [
      { path: '/users', element: <UsersPage /> },
      { path: '/users/:id', element: <UserDetailsPage /> },
    ],
    entry,
    { withNotifications: true },
  );
}

describe('admin users page', () => {
  it('lists the school with actions for students and teachers only, never for the admin', async () => {
    renderUsers();
    await screen.findByRole('link', { name: 'Alice Student' });
    expect(screen.getByRole('button', { name: `${T.promote} Alice Student` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `${T.demote} Tom Teacher` })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `${T.delete} Ada Admin` })).toBeNull();
    expect(screen.getByRole('link', { name: 'Alice Student' })).toHaveAttribute(
      'href',
      `/users/${ALICE.id}`,
    );
  });

  it('presets the role filter from ?role= and asks the server with it', async () => {
    renderUsers('/users?role=teacher');
    await screen.findByRole('link', { name: 'Tom Teacher' });
    expect(screen.queryByRole('link', { name: 'Alice Student' })).toBeNull();
    expect(backend.seen.some((r) => r.path === '/admin/users' && r.query.role === 'teacher')).toBe(
      true,
    );
  });

  it('sorts by a clicked column, toggling the direction', async () => {
    const user = userEvent.setup({ delay: null });
    renderUsers();
    await screen.findByRole('link', { name: 'Alice Student' });
    await user.click(screen.getByRole('button', { name: T.columnName }));
    await waitFor(() =>
      expect(backend.seen.some((r) => r.query.sort === 'name' && r.query.dir === 'asc')).toBe(true),
    );
    await user.click(screen.getByRole('button', { name: T.columnName }));
    await waitFor(() =>
      expect(backend.seen.some((r) => r.query.sort === 'name' && r.query.dir === 'desc')).toBe(
        true,
      ),
    );
  });

  it('shows the empty text when nobody matches', async () => {
    const user = userEvent.setup({ delay: null });
    renderUsers();
    await screen.findByRole('link', { name: 'Alice Student' });
    await user.type(screen.getByRole('textbox', { name: T.searchUsers }), 'zzz');
    expect(await screen.findByText(T.noUsers)).toBeInTheDocument();
  });

  it('counts what a deletion removes before confirming, then says it is done', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('POST', '/admin/delete-users/preview', {
      status: 200,
      body: {
        success: true,
        data: { users: 1, students: 1, teachers: 0, submissions: 4, enrolments: 2, blocked: [] },
      },
    });
    backend.on('DELETE', '/admin/delete-users', {
      status: 200,
      body: {
        success: true,
        message: T.userDeleted,
        data: { users: 1, students: 1, teachers: 0, submissions: 4, enrolments: 2 },
      },
    });
    renderUsers();
    await user.click(await screen.findByRole('button', { name: `${T.delete} Alice Student` }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete user' });
    expect(await within(dialog).findByText(T.confirmDeleteBody(1, 4, 2))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: T.delete }));
    expect(await screen.findByText(T.userDeleted)).toBeInTheDocument();
    const sent = backend.seen.find((r) => r.method === 'DELETE');
    expect(sent?.body).toEqual({ users: [ALICE.id] });
    // The lists are fetched again; what deleting her would remove is not asked again (404).
    await waitFor(() =>
      expect(backend.seen.filter((r) => r.path === '/admin/users').length).toBeGreaterThan(1),
    );
    expect(backend.seen.filter((r) => r.path === '/admin/delete-users/preview')).toHaveLength(1);
  });

  it('explains up front why a teacher who owns classes cannot be deleted yet, with no failure shown', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('POST', '/admin/delete-users/preview', {
      status: 200,
      body: {
        success: true,
        data: {
          users: 1,
          students: 0,
          teachers: 1,
          submissions: 0,
          enrolments: 0,
          blocked: [{ id: TOM.id, name: 'Tom Teacher', classes: 2, questions: 3 }],
        },
      },
    });
    renderUsers();
    await user.click(await screen.findByRole('button', { name: `${T.delete} Tom Teacher` }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete user' });
    expect(await within(dialog).findByText(T.deleteBlockedTitle(1))).toBeInTheDocument();
    expect(
      within(dialog).getByText(/Tom Teacher teaches 2 classes and owns 3 questions\./),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(T.deleteBlockedHelp)).toBeInTheDocument();
    expect(
      within(dialog).getByRole('link', { name: T.teacherClassesLink('Tom Teacher') }),
    ).toHaveAttribute('href', `/all-classes?teacher=${TOM.id}`);
    // Nothing was tried: no "Failed to delete user: …", and Delete stays off.
    expect(screen.queryByText(/^Failed to delete user/)).toBeNull();
    expect(within(dialog).getByRole('button', { name: T.delete })).toBeDisabled();
    expect(backend.seen.some((r) => r.method === 'DELETE')).toBe(false);
  });

  it('shows "Failed to delete user" only after Delete was pressed and the server refused', async () => {
    const user = userEvent.setup({ delay: null });
    const refusal = T.teacherOwnsWork('Tom Teacher', 1, 0);
    backend.on('POST', '/admin/delete-users/preview', {
      status: 200,
      body: {
        success: true,
        data: { users: 1, students: 0, teachers: 1, submissions: 0, enrolments: 0, blocked: [] },
      },
    });
    backend.on('DELETE', '/admin/delete-users', {
      status: 409,
      body: { success: false, code: 'CONFLICT', message: refusal },
    });
    renderUsers();
    await user.click(await screen.findByRole('button', { name: `${T.delete} Tom Teacher` }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete user' });
    await within(dialog).findByText(T.confirmDeleteBody(1, 0, 0));
    expect(screen.queryByText(T.deleteFailed(refusal))).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: T.delete }));
    expect(await screen.findByText(T.deleteFailed(refusal))).toBeInTheDocument();
  });

  it('promotes after confirmation, and shows a failed demotion in the spec words', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('PUT', '/admin/users/promote', {
      status: 200,
      body: { success: true, message: T.userPromoted, user: { ...ALICE, role: 'teacher' } },
    });
    backend.on('PUT', '/admin/users/demote', {
      status: 409,
      body: { success: false, code: 'CONFLICT', message: 'Tom still teaches 1 class.' },
    });
    renderUsers();
    await user.click(await screen.findByRole('button', { name: `${T.promote} Alice Student` }));
    expect(await screen.findByText(T.confirmPromote('Alice Student'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: T.confirm }));
    expect(await screen.findByText(T.userPromoted)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `${T.demote} Tom Teacher` }));
    await user.click(await screen.findByRole('button', { name: T.confirm }));
    expect(
      await screen.findByText(T.demoteFailed('Tom still teaches 1 class.')),
    ).toBeInTheDocument();
  });
});

describe('admin user details page', () => {
  it('shows basic information, statistics with N/A, and the submissions', async () => {
    backend.on('GET', `/admin/users/${ALICE.id}`, {
      status: 200,
      body: {
        success: true,
        user: ALICE,
        stats: {
          studentStats: {
            enrolledClasses: 2,
            totalSubmissions: 0,
            averageScore: null,
            lastSubmissionDate: null,
          },
        },
      },
    });
    backend.on('GET', `/admin/users/${ALICE.id}/submissions`, {
      status: 200,
      body: {
        success: true,
        data: [],
        page: { nextCursor: null, total: 0, matched: 0 },
        counts: { flagged: 0, unflagged: 0 },
      },
    });
    renderUsers(`/users/${ALICE.id}`);
    expect(await screen.findByRole('heading', { name: 'Alice Student' })).toBeInTheDocument();
    const stats = screen.getByRole('region', { name: T.userStatistics });
    expect(within(stats).getByText(T.statLabels.enrolledClasses)).toBeInTheDocument();
    expect(within(stats).getAllByText(T.notAvailable)).toHaveLength(2);
    expect(await screen.findByText(T.noStudentWork)).toBeInTheDocument();
  });

  it('says a missing person was not found', async () => {
    renderUsers(`/users/${uuid(77)}`);
    expect(await screen.findByText(T.userNotFound)).toBeInTheDocument();
  });
});
