// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_PATHS } from '@stem/contract/account';
import { AUTH_PATHS } from '@stem/contract/api';
import type { TSchoolDetails, TSessionUser } from '@stem/contract/auth';
import { MAX_ATTEMPTS_PER_QUESTION } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import type { TRole } from '@stem/contract/roles';
import { PAYMENT_PATHS } from '@stem/contract/trial';
import { getStoredUser, getToken, saveSession, STORAGE_KEYS } from '../../lib/session';
import { setupLocalBackend } from '../../test/local-backend';
import { renderRoutes } from '../../test/render-app';
import { RequireAuth } from '../guards';
import AppShellLayout from './app-shell';
import { HELP_TOPICS } from './help-topics';
import { canSeePayments, isLinkActive, navLinksFor, type TNavUser } from './nav-links';

const navUser = (role: string, extra: Partial<TNavUser> = {}): TNavUser => ({
  role,
  permissions: [],
  schoolType: null,
  plan: null,
  ...extra,
});

const pairs = (role: string, user: TNavUser | null) =>
  navLinksFor(role, user).map((link) => `${link.label} ${link.to}`);

describe('navLinksFor', () => {
  it('gives a teacher dashboard, classes, questions, submissions and payments', () => {
    expect(pairs('teacher', navUser('teacher', { schoolType: 'classroom' }))).toEqual([
      'Dashboard /dashboard',
      'Classes /classes',
      'View Questions /view-questions',
      'Submissions /submissions',
      'Payments /payments',
    ]);
  });

  it('gives a student dashboard, classes and submissions, never payments', () => {
    const student = navUser('student', {
      permissions: ['view_payments', 'manage_payments'],
      plan: 'classroom',
    });
    expect(pairs('student', student)).toEqual([
      'Dashboard /dashboard',
      'Classes /my-classes',
      'Submissions /my-submissions',
    ]);
  });

  it('gives an admin the admin dashboard, users, all classes and all submissions', () => {
    expect(pairs('admin', navUser('admin', { schoolType: 'classroom' }))).toEqual([
      'Dashboard /admin-dashboard',
      'Users /users',
      'Classes /all-classes',
      'Submissions /all-submissions',
      'Payments /payments',
    ]);
  });

  it('gives the owner school and user management and no classes or submissions', () => {
    expect(pairs('owner', navUser('owner', { permissions: ['view_payments'] }))).toEqual([
      'Dashboard /owner-dashboard',
      'School Management /school-management',
      'User Management /user-management',
      'LMS Platforms /lms-platforms',
      'Payments /payments',
    ]);
  });

  it('compares the role case-insensitively and gives an unknown role nothing', () => {
    expect(pairs('TEACHER', null)[0]).toBe('Dashboard /dashboard');
    expect(pairs('Admin', null)[0]).toBe('Dashboard /admin-dashboard');
    expect(navLinksFor('janitor', null)).toEqual([]);
    expect(navLinksFor(null, null)).toEqual([]);
  });
});

describe('canSeePayments (spec 01 §6)', () => {
  it.each([
    [
      'a student, whatever they hold',
      navUser('student', { permissions: ['manage_payments'] }),
      false,
    ],
    [
      'a teacher holding view_payments',
      navUser('teacher', { permissions: ['view_payments'] }),
      true,
    ],
    ['a teacher on a personal school', navUser('teacher', { schoolType: 'personal' }), true],
    ['a teacher on a classroom plan', navUser('teacher', { plan: 'classroom' }), true],
    ['a teacher with no school type, plan or permission', navUser('teacher'), false],
    ['a teacher on a trial plan only', navUser('teacher', { plan: 'trial' }), false],
    ['an admin on a classroom school', navUser('admin', { schoolType: 'classroom' }), true],
    [
      'an admin on a personal school',
      navUser('admin', { schoolType: 'personal', plan: 'personal' }),
      false,
    ],
    [
      'an admin holding manage_payments',
      navUser('admin', { permissions: ['manage_payments'] }),
      true,
    ],
    ['the owner without permissions', navUser('owner'), false],
    ['the owner holding view_payments', navUser('owner', { permissions: ['view_payments'] }), true],
    ['a role written in capitals', navUser('TEACHER', { schoolType: 'personal' }), true],
  ])('%s → %s', (_name, user, expected) => {
    expect(canSeePayments(user)).toBe(expected);
  });

  it('hides the link when there is no stored user', () => {
    expect(canSeePayments(null)).toBe(false);
  });
});

describe('isLinkActive', () => {
  const classes = navLinksFor('teacher', null).find((link) => link.to === '/classes');

  it('matches the page, pages under it and its related pages only', () => {
    if (!classes) throw new Error('no classes link');
    expect(isLinkActive(classes, '/classes')).toBe(true);
    expect(isLinkActive(classes, '/class/42')).toBe(true);
    expect(isLinkActive(classes, '/create-class')).toBe(true);
    expect(isLinkActive(classes, '/classesx')).toBe(false);
    expect(isLinkActive(classes, '/dashboard')).toBe(false);
  });
});

describe('help topics', () => {
  it('has its own topics for every role, each with some text', () => {
    for (const role of ['student', 'teacher', 'admin', 'owner'] as const) {
      expect(HELP_TOPICS[role].length).toBeGreaterThan(1);
      for (const topic of HELP_TOPICS[role]) expect(topic.paragraphs.length).toBeGreaterThan(0);
    }
    const titles = (role: TRole) => HELP_TOPICS[role].map((t) => t.title);
    expect(titles('student')).toContain('Answering questions');
    expect(titles('teacher')).toContain("Uploading a student's work");
    expect(titles('teacher')).toContain('Trial accounts');
    expect(titles('admin')).toContain('Managing users');
    expect(titles('owner')).toContain('Managing schools');
  });
});

// ---------------------------------------------------------------------------------------------
// The shell rendered against a real local HTTP backend.

const SCHOOL: TSchoolDetails = {
  schoolCode: 'ABCD1234EFGH5678',
  schoolName: 'Hilltop Academy',
  isTrial: true,
  plan: 'trial',
  schoolType: 'classroom',
  totalStudents: 1,
  logo: null,
  trialDetails: {
    expiresAt: new Date(Date.now() + 4.5 * 24 * 60 * 60 * 1000).toISOString(),
    usage: { teacherCount: 1, studentCount: 0 },
    limits: { maxTeachers: 1, maxStudents: 1 },
  },
};

function sessionUser(role: TRole, extra: Partial<TSessionUser> = {}): TSessionUser {
  return {
    userId: `${role}-1`,
    name: role === 'owner' ? 'Olive Owner' : 'Grace Hopper',
    email: `${role}@example.com`,
    role,
    school: role === 'owner' ? null : { name: 'Hilltop Academy', code: 'ABCD1234EFGH5678' },
    schoolCode: role === 'owner' ? null : 'ABCD1234EFGH5678',
    schoolType: role === 'owner' ? null : 'classroom',
    plan: role === 'owner' ? null : 'trial',
    permissions: [],
    accountType: 'trial',
    ...extra,
  };
}

function signIn(role: TRole, extra: Partial<TSessionUser> = {}) {
  saveSession({
    token: 'access-token',
    refreshToken: 'refresh-token',
    user: sessionUser(role, extra),
  });
}

/** /login as the app has it: a page that shows the message another page handed over. */
function LoginProbe() {
  const state = useLocation().state as { message?: string } | null;
  return (
    <>
      <p>Login page</p>
      {state?.message && <p role="status">{state.message}</p>}
    </>
  );
}

function renderShell(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(['left', 'over'], 'cached');
  const { router } = renderRoutes(
    [
      { path: '/login', element: <LoginProbe /> },
      {
        // As in the app's router: the shell sits behind the signed-in guard.
        element: <RequireAuth />,
        children: [
          {
            element: <AppShellLayout />,
            children: [{ path: '*', element: <p>Page content</p> }],
          },
        ],
      },
    ],
    path,
    { queryClient },
  );
  return { router, queryClient };
}

const sidebar = () => screen.getByRole('navigation', { name: 'Main navigation' });

describe('app shell', () => {
  const backend = setupLocalBackend();

  beforeEach(() => {
    backend.on('GET', AUTH_PATHS.schoolDetails, {
      status: 200,
      body: { success: true, data: SCHOOL },
    });
  });

  it("shows the teacher's links, name and capitalised role, and marks the current page", () => {
    signIn('teacher');
    renderShell('/class/7');
    const nav = sidebar();
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Classes', '/classes'],
      ['View Questions', '/view-questions'],
      ['Submissions', '/submissions'],
      ['Payments', '/payments'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Classes' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(
      within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current'),
    ).toBeNull();
    for (const label of ['Help', 'Settings', 'Log Out']) {
      expect(within(nav).getByRole('button', { name: label })).toBeTruthy();
    }
    expect(screen.getByTestId('shell-user-name').textContent).toBe('Grace Hopper');
    expect(screen.getByTestId('shell-user-role').textContent).toBe('Teacher');
    expect(screen.getByRole('link', { name: 'STEM@Home dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(screen.getByRole('main').textContent).toContain('Page content');
  });

  it('reads a role stored in capitals and sends the logo to that dashboard', () => {
    signIn('admin');
    window.localStorage.setItem(STORAGE_KEYS.role, 'ADMIN');
    renderShell('/admin-dashboard');
    expect(within(sidebar()).getByRole('link', { name: 'Users' }).getAttribute('href')).toBe(
      '/users',
    );
    expect(screen.getByTestId('shell-user-role').textContent).toBe('Admin');
    expect(screen.getByRole('link', { name: 'STEM@Home dashboard' }).getAttribute('href')).toBe(
      '/admin-dashboard',
    );
  });

  it('re-reads the role every second and changes the links', async () => {
    signIn('teacher');
    renderShell('/dashboard');
    expect(within(sidebar()).queryByRole('link', { name: 'View Questions' })).toBeTruthy();
    // Changed behind the app's back, as another tab or a devtools edit would: no event fires.
    window.localStorage.setItem(STORAGE_KEYS.role, 'student');
    await waitFor(
      () => {
        expect(within(sidebar()).getByRole('link', { name: 'Classes' }).getAttribute('href')).toBe(
          '/my-classes',
        );
      },
      { timeout: 20_000 },
    );
    expect(within(sidebar()).queryByRole('link', { name: 'View Questions' })).toBeNull();
  });

  it('tells an admin that a new teacher is promoted, since the school code only makes students', () => {
    const users = HELP_TOPICS.admin.find((topic) => topic.id === 'users');
    const text = users?.paragraphs.join(' ') ?? '';
    expect(text).not.toMatch(/teachers and students join by registering/i);
    expect(text).toMatch(/new teacher registers the same way and you then Promote them/);
  });

  it('tells a teacher how to change a mark and a student how many attempts they have', () => {
    const text = (role: TRole, id: string) =>
      HELP_TOPICS[role].find((topic) => topic.id === id)?.paragraphs.join(' ') ?? '';
    const reviewing = text('teacher', 'submissions');
    expect(reviewing).toContain(MESSAGES.review.save);
    expect(reviewing).toContain(MESSAGES.review.accept);
    expect(reviewing).toContain(MESSAGES.review.needsReview);
    const results = text('student', 'results');
    expect(results).toContain(`up to ${MAX_ATTEMPTS_PER_QUESTION} times`);
    expect(results).toContain(MESSAGES.review.markedByTeacher);
  });

  it('opens the Help Center with the topics of the role', async () => {
    signIn('student');
    renderShell('/dashboard');
    fireEvent.click(within(sidebar()).getByRole('button', { name: 'Help' }));
    const dialog = await screen.findByRole('dialog', { name: 'Help Center' });
    for (const topic of HELP_TOPICS.student) {
      expect(within(dialog).getByRole('button', { name: topic.title })).toBeTruthy();
    }
    expect(within(dialog).queryByText('Managing schools')).toBeNull();
  });

  it('shows a trial teacher the school, formatted code, usage bars, expiry and the paid-only note', async () => {
    signIn('teacher');
    renderShell('/dashboard');
    fireEvent.click(within(sidebar()).getByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    expect(await within(dialog).findByText('Hilltop Academy')).toBeTruthy();
    expect(within(dialog).getByText('ABCD-1234-EFGH-5678')).toBeTruthy();
    const bars = within(dialog).getAllByRole('progressbar');
    expect(bars.map((bar) => bar.getAttribute('aria-valuenow'))).toEqual(['100', '0']);
    expect(within(dialog).getByText(/\(5 days remaining\)/)).toBeTruthy();
    expect(within(dialog).getByText(MESSAGES.settings.paidOnly)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /edit|save|upload/i })).toBeNull();
    expect(backend.seen.find((r) => r.path === AUTH_PATHS.schoolDetails)?.authorization).toBe(
      'Bearer access-token',
    );
  });

  it('says an ended trial has ended, not that it expires with 0 days remaining', async () => {
    backend.on('GET', AUTH_PATHS.schoolDetails, {
      status: 200,
      body: {
        success: true,
        data: {
          ...SCHOOL,
          trialDetails: { ...SCHOOL.trialDetails!, expiresAt: '2026-01-10T12:00:00.000Z' },
        },
      },
    });
    signIn('teacher');
    renderShell('/dashboard');
    fireEvent.click(within(sidebar()).getByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    expect(await within(dialog).findByText(MESSAGES.settings.trialEnded)).toBeTruthy();
    expect(within(dialog).getByText('10 January 2026')).toBeTruthy();
    expect(within(dialog).queryByText(MESSAGES.settings.trialExpires)).toBeNull();
    expect(within(dialog).queryByText(/days remaining/)).toBeNull();
  });

  it('hides the code and usage bars from a student', async () => {
    signIn('student');
    renderShell('/dashboard');
    fireEvent.click(within(sidebar()).getByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    expect(await within(dialog).findByText('Hilltop Academy')).toBeTruthy();
    expect(within(dialog).queryByText('ABCD-1234-EFGH-5678')).toBeNull();
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
    expect(within(dialog).queryByText(MESSAGES.settings.paidOnly)).toBeNull();
  });

  it('shows the owner the account only, and never asks for school details', async () => {
    signIn('owner');
    renderShell('/owner-dashboard');
    fireEvent.click(within(sidebar()).getByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    expect(within(dialog).getByText('Olive Owner')).toBeTruthy();
    expect(within(dialog).getByText('owner@example.com')).toBeTruthy();
    expect(within(dialog).queryByRole('heading', { name: 'School' })).toBeNull();
    expect(backend.seen.some((r) => r.path === AUTH_PATHS.schoolDetails)).toBe(false);
  });

  const PAID_SCHOOL: TSchoolDetails = {
    ...SCHOOL,
    isTrial: false,
    plan: 'classroom',
    trialDetails: null,
  };
  const openPaidSettings = async (role: TRole, extra: Partial<TSessionUser>) => {
    backend.on('GET', AUTH_PATHS.schoolDetails, {
      status: 200,
      body: { success: true, data: PAID_SCHOOL },
    });
    backend.on('GET', PAYMENT_PATHS.subscription, {
      status: 200,
      body: {
        success: true,
        subscription: null,
        isTrial: false,
        hasStripeAccount: false,
        portalUrl: null,
        canManage: false,
        message: 'Subscription loaded',
      },
    });
    signIn(role, { plan: 'classroom', accountType: 'paid', ...extra });
    renderShell(role === 'admin' ? '/admin-dashboard' : '/dashboard');
    fireEvent.click(within(sidebar()).getByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    expect(await within(dialog).findByText('Hilltop Academy')).toBeTruthy();
  };
  const askedForSubscription = () =>
    backend.seen.some((r) => r.path === PAYMENT_PATHS.subscription);

  it('never asks a classroom teacher without the payment permissions for the subscription', async () => {
    const errors = vi.spyOn(console, 'error');
    await openPaidSettings('teacher', { permissions: [] });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(askedForSubscription()).toBe(false);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('asks for the subscription for an admin who holds the payment permissions', async () => {
    await openPaidSettings('admin', { permissions: ['view_payments', 'manage_payments'] });
    await waitFor(() => expect(askedForSubscription()).toBe(true));
  });

  it("says the school code couldn't be loaded when the call fails", async () => {
    backend.on('GET', AUTH_PATHS.schoolDetails, {
      status: 500,
      body: { success: false, code: 'INTERNAL', message: 'boom' },
    });
    signIn('admin', { schoolType: 'classroom', plan: 'classroom' });
    renderShell('/admin-dashboard');
    fireEvent.click(within(sidebar()).getByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    expect(await within(dialog).findByText(MESSAGES.settings.codeLoadFailed)).toBeTruthy();
  });

  it("copies the code: 'Copied!' for 2 s, the success text for 3 s", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    signIn('admin', { schoolType: 'classroom', plan: 'classroom' });
    renderShell('/admin-dashboard');
    fireEvent.click(within(sidebar()).getByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Copy' }));
    expect(
      await within(dialog).findByRole('button', { name: MESSAGES.settings.copiedLabel }),
    ).toBeTruthy();
    expect(within(dialog).getByText(MESSAGES.settings.copied)).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('ABCD1234EFGH5678');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeTruthy(), {
      timeout: 20_000,
    });
    expect(within(dialog).getByText(MESSAGES.settings.copied)).toBeTruthy();
    await waitFor(() => expect(within(dialog).queryByText(MESSAGES.settings.copied)).toBeNull(), {
      timeout: 20_000,
    });
  });

  it('tells the user to copy by hand when the clipboard refuses', async () => {
    const writeText = vi.fn().mockRejectedValue(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    signIn('teacher');
    renderShell('/dashboard');
    fireEvent.click(within(sidebar()).getByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Copy' }));
    expect(await within(dialog).findByText(MESSAGES.settings.copyFailed)).toBeTruthy();
  });

  it('logs out: revokes the refresh token, clears the session and cache, goes to /login', async () => {
    backend.on('POST', AUTH_PATHS.logout, { status: 200, body: { success: true, message: 'ok' } });
    signIn('teacher');
    const { router, queryClient } = renderShell('/dashboard');
    fireEvent.click(within(sidebar()).getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByText('Login page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    const call = backend.seen.find((r) => r.path === AUTH_PATHS.logout);
    expect(call?.body).toEqual({ refreshToken: 'refresh-token' });
    expect(call?.authorization).toBe('Bearer access-token');
    expect(getToken()).toBeNull();
    expect(getStoredUser()).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.role)).toBeNull();
    expect(queryClient.getQueryData(['left', 'over'])).toBeUndefined();
  });

  it('deletes a student’s account after their password, showing a wrong password in place', async () => {
    backend.on('POST', ACCOUNT_PATHS.delete, {
      status: 400,
      body: {
        success: false,
        code: 'VALIDATION',
        field: 'password',
        message: MESSAGES.account.wrongPassword,
      },
    });
    signIn('student');
    const { queryClient } = renderShell('/dashboard');
    fireEvent.click(within(sidebar()).getByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    expect(within(dialog).getByRole('button', { name: MESSAGES.account.download })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: MESSAGES.account.deleteButton }));
    const confirm = await screen.findByRole('dialog', { name: MESSAGES.account.deleteTitle });
    expect(within(confirm).getByText(MESSAGES.account.deleteWarning)).toBeTruthy();
    fireEvent.change(within(confirm).getByLabelText(MESSAGES.account.passwordLabel), {
      target: { value: 'wrong-one' },
    });
    fireEvent.click(within(confirm).getByRole('button', { name: MESSAGES.account.confirmDelete }));
    expect(await within(confirm).findByText(MESSAGES.account.wrongPassword)).toBeTruthy();
    expect(getToken()).toBe('access-token');

    backend.on('POST', ACCOUNT_PATHS.delete, {
      status: 200,
      body: {
        success: true,
        message: MESSAGES.account.deleted,
        removed: { submissions: 2, classes: 1 },
      },
    });
    fireEvent.click(within(confirm).getByRole('button', { name: MESSAGES.account.confirmDelete }));
    expect(await screen.findByText('Login page')).toBeTruthy();
    // The login page says what happened (the guard's own redirect to /login used to drop it).
    expect((await screen.findByRole('status')).textContent).toBe(MESSAGES.account.deleted);
    expect(getToken()).toBeNull();
    expect(queryClient.getQueryData(['left', 'over'])).toBeUndefined();
    const call = backend.seen.filter((r) => r.path === ACCOUNT_PATHS.delete).at(-1);
    expect(call?.body).toEqual({ password: 'wrong-one' });
  });

  it("warns a teacher about their own account, not a student's submissions", async () => {
    signIn('teacher');
    renderShell('/dashboard');
    fireEvent.click(within(sidebar()).getByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    fireEvent.click(within(dialog).getByRole('button', { name: MESSAGES.account.deleteButton }));
    const confirm = await screen.findByRole('dialog', { name: MESSAGES.account.deleteTitle });
    expect(within(confirm).getByText(MESSAGES.account.deleteWarningTeacher)).toBeTruthy();
    expect(within(confirm).queryByText(MESSAGES.account.deleteWarning)).toBeNull();
  });

  it('offers an admin a copy of their data but not deleting their own account', async () => {
    signIn('admin');
    renderShell('/admin-dashboard');
    fireEvent.click(within(sidebar()).getByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    expect(within(dialog).getByRole('button', { name: MESSAGES.account.download })).toBeTruthy();
    expect(
      within(dialog).queryByRole('button', { name: MESSAGES.account.deleteButton }),
    ).toBeNull();
    // The text says what the admin can do here, and who removes their account.
    expect(within(dialog).queryByText(MESSAGES.account.intro)).toBeNull();
    expect(within(dialog).getByText(MESSAGES.account.introDownloadOnly)).toBeTruthy();
    expect(within(dialog).getByText(MESSAGES.account.adminAccount)).toBeTruthy();
  });

  it('logs out even when the server refuses', async () => {
    backend.on('POST', AUTH_PATHS.logout, {
      status: 500,
      body: { success: false, code: 'INTERNAL', message: 'down' },
    });
    signIn('student');
    renderShell('/dashboard');
    fireEvent.click(within(sidebar()).getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByText('Login page')).toBeTruthy();
    expect(getToken()).toBeNull();
  });
});
