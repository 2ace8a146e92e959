import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TAdminUser } from '@stem/contract/admin';
import { MESSAGES } from '@stem/contract/messages';
import { SEARCH_MAX_LENGTH } from '@stem/contract/paging';
import type { TRosterPreview } from '@stem/contract/roster';
import { setupLocalBackend } from '../../test/local-backend';
import { LocationProbe, renderRoutes } from '../../test/render-app';
import { signIn, uuid } from '../../test/session';
import InvitationPage from '../auth/pages/invitation-page';
import UsersPage from './pages/users-page';

const R = MESSAGES.roster;

const person = (
  n: number,
  name: string,
  role: TAdminUser['role'],
  status: TAdminUser['status'],
): TAdminUser => ({
  _id: uuid(n),
  id: uuid(n),
  name,
  email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
  role,
  school: { _id: uuid(1), name: 'Hilltop' },
  createdAt: '2025-03-01T10:00:00.000Z',
  status,
  yearGroup: null,
});
const INVITED = person(10, 'Ivy Invited', 'student', 'invited');
const ACTIVE = person(11, 'Tom Teacher', 'teacher', 'active');
const OFF = person(12, 'Dora Deactivated', 'student', 'deactivated');

const PREVIEW: TRosterPreview = {
  rows: [
    {
      row: 2,
      name: 'Mary Anning',
      email: 'mary@example.com',
      role: 'student',
      className: '7A',
      yearGroup: 'Year 7',
      outcome: 'new',
      reason: null,
      placeInClass: true,
    },
    {
      row: 3,
      name: 'Alan Turing',
      email: 'alan@example.com',
      role: 'teacher',
      className: '',
      yearGroup: '',
      outcome: 'new',
      reason: null,
      placeInClass: false,
    },
    {
      row: 4,
      name: 'Ivy Invited',
      email: 'ivy@example.com',
      role: 'student',
      className: '',
      yearGroup: '',
      outcome: 'existing',
      reason: null,
      placeInClass: false,
    },
    {
      row: 5,
      name: 'Broken',
      email: 'broken',
      role: 'student',
      className: '',
      yearGroup: '',
      outcome: 'error',
      reason: R.rowErrors.emailInvalid('broken'),
      placeInClass: false,
    },
  ],
  counts: { new: 2, existing: 1, error: 1, placements: 1 },
  limits: {
    plan: 'classroom',
    students: { limit: 30, current: 3, adding: 1 },
    teachers: { limit: null, current: 1, adding: 1 },
    fits: true,
  },
};

const backend = setupLocalBackend();
beforeEach(() => {
  signIn('admin');
  backend.on('GET', '/admin/users', {
    status: 200,
    body: {
      success: true,
      data: [INVITED, ACTIVE, OFF],
      page: { nextCursor: null, total: 3, matched: 3 },
      counts: { student: 2, teacher: 1, admin: 0 },
    },
  });
  backend.on('GET', '/admin/classes', {
    status: 200,
    body: {
      success: true,
      data: [],
      page: { nextCursor: null, total: 0, matched: 0 },
    },
  });
});

function renderUsers() {
  return renderRoutes([{ path: '/users', element: <UsersPage /> }], '/users', {
    withNotifications: true,
  });
}

async function chooseFile(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  const input = dialog.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
  const file = new File(['name,email\nMary Anning,mary@example.com\n'], 'roster.csv', {
    type: 'text/csv',
  });
  await user.upload(input, file);
}

describe('roster import', () => {
  it('previews each row’s outcome and the plan’s limits, imports, and says the invitations went out', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('POST', '/admin/roster/preview', {
      status: 200,
      body: { success: true, data: PREVIEW },
    });
    backend.on('POST', '/admin/roster/import', {
      status: 200,
      body: {
        success: true,
        message: R.imported(2, 2, 1),
        data: { created: 2, existing: 1, placed: 1, invited: 2, skipped: 1 },
      },
    });
    renderUsers();
    await user.click(await screen.findByRole('button', { name: R.importButton }));
    const dialog = await screen.findByRole('dialog', { name: R.importTitle });
    expect(within(dialog).getByRole('button', { name: R.importSubmit(0) })).toBeDisabled();
    await chooseFile(user, dialog);

    expect(await within(dialog).findByText(R.previewCounts(2, 1, 1))).toBeInTheDocument();
    expect(within(dialog).getByTestId('roster-limits')).toHaveTextContent(
      R.limitStatement(PREVIEW.limits),
    );
    const rows = within(dialog).getAllByTestId('roster-row');
    expect(rows).toHaveLength(4);
    expect(within(rows[3]!).getByText(R.rowErrors.emailInvalid('broken'))).toBeInTheDocument();
    expect(within(rows[2]!).getByText(R.outcome.existing)).toBeInTheDocument();
    expect(within(dialog).getByText(R.errorsSkipped(1))).toBeInTheDocument();
    const preview = backend.seen.find((r) => r.path === '/admin/roster/preview');
    expect(preview?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(String(preview?.body)).toContain('mary@example.com');

    await user.click(within(dialog).getByRole('button', { name: R.importSubmit(2) }));
    expect(await within(dialog).findByText(R.imported(2, 2, 1))).toBeInTheDocument();
    expect(backend.seen.some((r) => r.path === '/admin/roster/import')).toBe(true);
  });

  it('says why a file past the plan’s limits cannot be imported, and offers no import', async () => {
    const user = userEvent.setup({ delay: null });
    const over = {
      ...PREVIEW,
      limits: { ...PREVIEW.limits, students: { limit: 30, current: 29, adding: 2 }, fits: false },
    };
    backend.on('POST', '/admin/roster/preview', {
      status: 200,
      body: { success: true, data: over },
    });
    renderUsers();
    await user.click(await screen.findByRole('button', { name: R.importButton }));
    const dialog = await screen.findByRole('dialog', { name: R.importTitle });
    await chooseFile(user, dialog);
    expect(await within(dialog).findByText(R.previewCounts(2, 1, 1))).toBeInTheDocument();
    expect(within(dialog).getByTestId('roster-limits')).toHaveTextContent(
      R.overLimit('students', 30, 31),
    );
    expect(within(dialog).getByRole('button', { name: R.importSubmit(2) })).toBeDisabled();
  });

  it('shows the server’s reason for a file it cannot read', async () => {
    const user = userEvent.setup({ delay: null });
    const reason = R.fileErrors.missingColumn('email');
    backend.on('POST', '/admin/roster/preview', {
      status: 400,
      body: { success: false, code: 'VALIDATION', message: reason, field: 'file' },
    });
    renderUsers();
    await user.click(await screen.findByRole('button', { name: R.importButton }));
    const dialog = await screen.findByRole('dialog', { name: R.importTitle });
    await chooseFile(user, dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(reason);
  });
});

describe('account actions and invitations', () => {
  it('shows who is invited or deactivated and offers the actions that fit', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('POST', `/admin/users/${INVITED.id}/resend-invitation`, {
      status: 200,
      body: { success: true, message: R.resent(INVITED.name) },
    });
    renderUsers();
    await screen.findByRole('link', { name: INVITED.name });
    expect(screen.getByText(R.status.invited)).toBeInTheDocument();
    expect(screen.getByText(R.status.deactivated)).toBeInTheDocument();

    await user.click(
      screen.getByRole('button', { name: MESSAGES.admin.moreActions(INVITED.name) }),
    );
    expect(await screen.findByRole('menuitem', { name: R.resend })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: R.resetPassword })).toBeNull();
    await user.click(screen.getByRole('menuitem', { name: R.resend }));
    const dialog = await screen.findByRole('dialog', { name: R.resend });
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.admin.confirm }));
    expect(await screen.findByText(R.resent(INVITED.name))).toBeInTheDocument();
  });

  it('deactivates after a confirmation that says nothing is deleted', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('PUT', `/admin/users/${ACTIVE.id}/deactivate`, {
      status: 200,
      body: {
        success: true,
        message: R.deactivated(ACTIVE.name),
        user: { ...ACTIVE, status: 'deactivated' },
      },
    });
    renderUsers();
    await screen.findByRole('link', { name: ACTIVE.name });
    await user.click(screen.getByRole('button', { name: MESSAGES.admin.moreActions(ACTIVE.name) }));
    expect(await screen.findByRole('menuitem', { name: R.resetPassword })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: R.deactivate }));
    const dialog = await screen.findByRole('dialog', { name: R.deactivate });
    expect(within(dialog).getByText(R.confirmDeactivate(ACTIVE.name))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: R.deactivate }));
    expect(await screen.findByText(R.deactivated(ACTIVE.name))).toBeInTheDocument();
    expect(
      backend.seen.some(
        (r) => r.method === 'PUT' && r.path === `/admin/users/${ACTIVE.id}/deactivate`,
      ),
    ).toBe(true);
  });

  it('invites one person', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('POST', '/admin/users/invite', {
      status: 201,
      body: {
        success: true,
        message: R.invite.sent('Nora New'),
        user: person(20, 'Nora New', 'student', 'invited'),
      },
    });
    renderUsers();
    await user.click(await screen.findByRole('button', { name: R.inviteButton }));
    const dialog = await screen.findByRole('dialog', { name: R.invite.title });
    await user.type(within(dialog).getByRole('textbox', { name: R.invite.nameLabel }), 'Nora New');
    await user.type(
      within(dialog).getByRole('textbox', { name: R.invite.emailLabel }),
      'NORA@example.com',
    );
    await user.click(within(dialog).getByRole('button', { name: R.invite.submit }));
    expect(await screen.findByText(R.invite.sent('Nora New'))).toBeInTheDocument();
    const sent = backend.seen.find((r) => r.path === '/admin/users/invite');
    expect(sent?.body).toMatchObject({
      name: 'Nora New',
      email: 'nora@example.com',
      role: 'student',
    });
  });
  it('finds a class for an invited student by the server’s search, past the first page', async () => {
    const user = userEvent.setup({ delay: null });
    const classes = (q: string | undefined) =>
      [
        { id: '00000000-0000-4000-8000-0000000000c1', name: '7A Physics' },
        { id: '00000000-0000-4000-8000-0000000000c2', name: '11C Chemistry' },
      ]
        // Unsearched, the server's first page holds only the newest class.
        .filter((c, i) => (q ? c.name.toLowerCase().includes(q.toLowerCase()) : i === 0));
    backend.on('GET', '/admin/classes', (request) => {
      const found = classes(request.query.q);
      return {
        status: 200,
        body: {
          success: true,
          data: found.map((c) => ({
            ...c,
            _id: c.id,
            teacher: null,
            studentCount: 0,
            questionCount: 0,
            createdAt: '2026-09-01T00:00:00.000Z',
          })),
          page: { nextCursor: null, total: found.length, matched: found.length },
        },
      };
    });
    backend.on('POST', '/admin/users/invite', {
      status: 201,
      body: {
        success: true,
        message: R.invite.sent('Cleo Class'),
        user: person(21, 'Cleo Class', 'student', 'invited'),
      },
    });
    renderUsers();
    await user.click(await screen.findByRole('button', { name: R.inviteButton }));
    const dialog = await screen.findByRole('dialog', { name: R.invite.title });
    await user.type(
      within(dialog).getByRole('textbox', { name: R.invite.nameLabel }),
      'Cleo Class',
    );
    await user.type(
      within(dialog).getByRole('textbox', { name: R.invite.emailLabel }),
      'cleo@example.com',
    );
    // A search longer than the server takes is cut to its limit, never refused.
    const classBox = within(dialog).getByRole('combobox', { name: R.invite.classLabel });
    await user.type(classBox, 'c'.repeat(SEARCH_MAX_LENGTH + 20));
    await waitFor(() =>
      expect(
        backend.seen.some(
          (r) => r.path === '/admin/classes' && r.query.q?.length === SEARCH_MAX_LENGTH,
        ),
      ).toBe(true),
    );
    await user.clear(classBox);
    await user.type(within(dialog).getByRole('combobox', { name: R.invite.classLabel }), 'chem');
    await user.click(await screen.findByRole('option', { name: '11C Chemistry' }));
    expect(backend.seen.some((r) => r.path === '/admin/classes' && r.query.q === 'chem')).toBe(
      true,
    );
    await user.click(within(dialog).getByRole('button', { name: R.invite.submit }));
    expect(await screen.findByText(R.invite.sent('Cleo Class'))).toBeInTheDocument();
    const sent = backend.seen.find((r) => r.path === '/admin/users/invite');
    expect(sent?.body).toMatchObject({ classId: '00000000-0000-4000-8000-0000000000c2' });
  });
});

describe('invitation page', () => {
  function renderInvitation(entry: string) {
    return renderRoutes(
      [
        { path: '/invitation', element: <InvitationPage /> },
        { path: '/login', element: <LocationProbe /> },
      ],
      entry,
    );
  }

  it('sets the password with the reset page’s form and says what went wrong with the link', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('POST', '/auth/accept-invitation', {
      status: 400,
      body: { success: false, code: 'RESET_TOKEN_INVALID', message: R.invitationErrors.expired },
    });
    renderInvitation('/invitation?token=abc123');
    expect(document.title).toBe(R.invitationPage.documentTitle);
    expect(screen.getByRole('heading', { name: R.invitationPage.heading })).toBeInTheDocument();
    const T = MESSAGES.resetPasswordPage;
    await user.type(screen.getByLabelText(new RegExp(`^${T.newPasswordLabel}`)), 'long enough 1');
    await user.type(
      screen.getByLabelText(new RegExp(`^${T.confirmPasswordLabel}`)),
      'long enough 1',
    );
    await user.click(screen.getByRole('button', { name: R.invitationPage.submit }));
    expect(await screen.findByText(R.invitationErrors.expired)).toBeInTheDocument();
    await waitFor(() =>
      expect(backend.seen.find((r) => r.path === '/auth/accept-invitation')?.body).toEqual({
        token: 'abc123',
        password: 'long enough 1',
      }),
    );
  });

  it('says the token is missing when the link has none', () => {
    renderInvitation('/invitation');
    expect(screen.getByText(R.invitationPage.tokenMissing)).toBeInTheDocument();
  });

  it('says the password is set, then goes to sign in', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('POST', '/auth/accept-invitation', {
      status: 200,
      body: { success: true, message: R.accepted },
    });
    renderInvitation('/invitation?token=abc123');
    const T = MESSAGES.resetPasswordPage;
    await user.type(screen.getByLabelText(new RegExp(`^${T.newPasswordLabel}`)), 'long enough 1');
    await user.type(
      screen.getByLabelText(new RegExp(`^${T.confirmPasswordLabel}`)),
      'long enough 1',
    );
    await user.click(screen.getByRole('button', { name: R.invitationPage.submit }));
    expect(await screen.findByText(R.invitationPage.success)).toBeInTheDocument();
  });
});
