// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AUTH_PATHS, DASHBOARD_PATHS } from '@stem/contract/api';
import type { TSchoolDetails, TSessionUser } from '@stem/contract/auth';
import type {
  TAdminDashboard,
  TOwnerStats,
  TRecentSubmission,
  TStudentDashboard,
  TTeacherDashboard,
} from '@stem/contract/dashboard';
import { MESSAGES } from '@stem/contract/messages';
import type { TRole } from '@stem/contract/roles';
import { formatSubmissionDate } from '../../lib/dates';
import { getStoredUser } from '../../lib/session';
import { pointPageAt, setupLocalBackend, unusedOrigin } from '../../test/local-backend';
import { LocationProbe, renderRoutes } from '../../test/render-app';
import { signIn as signInAs, trialReply } from '../../test/session';
import AdminDashboardPage from './pages/admin-dashboard-page';
import DashboardPage from './pages/dashboard-page';
import OwnerDashboardPage from './pages/owner-dashboard-page';
import { submissionScoreText } from './submission-score';

function signIn(role: TRole, extra: Partial<TSessionUser> = {}) {
  const noSchool = { school: null, schoolCode: null, schoolType: null, plan: null };
  signInAs(role, { userId: `${role}-1`, ...(role === 'owner' ? noSchool : {}), ...extra });
}

function renderAt(path: string) {
  return renderRoutes(
    [
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '/admin-dashboard', element: <AdminDashboardPage /> },
      { path: '/owner-dashboard', element: <OwnerDashboardPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    path,
  ).router;
}

const submission = (id: string, extra: Partial<TRecentSubmission> = {}): TRecentSubmission => ({
  _id: id,
  className: 'Physics 10A',
  studentName: 'Alice',
  submittedAt: '2025-03-11T15:45:00.000Z',
  status: 'marked',
  totalScore: 7,
  totalMarks: 10,
  ...extra,
});

const TEACHER: TTeacherDashboard = {
  activeClasses: 3,
  totalQuestions: 12,
  totalSubmissions: 41,
  recentSubmissions: [
    submission('s1'),
    submission('s2', { className: null, studentName: null, status: 'pending', totalScore: null }),
    submission('s3', { className: 'Chemistry', studentName: 'Bob', totalScore: 0, totalMarks: 5 }),
  ],
};

const SCHOOL: TSchoolDetails = {
  schoolCode: 'ABCD1234EFGH5678',
  schoolName: 'Hilltop',
  isTrial: false,
  plan: 'classroom',
  schoolType: 'classroom',
  totalStudents: 4,
  logo: null,
  trialDetails: null,
};

const ok = (data: unknown) => ({ status: 200, body: { success: true, data } });
const serverError = { status: 500, body: { success: false, code: 'INTERNAL', message: 'boom' } };
const stat = (label: string) => screen.getByTestId(`stat-${label}`).textContent;
const linkTo = (name: string | RegExp) => screen.getByRole('link', { name }).getAttribute('href');

describe('submissionScoreText', () => {
  it("shows 'Pending' while pending and score/total once marked", () => {
    expect(submissionScoreText({ status: 'pending', totalScore: null, totalMarks: 10 })).toBe(
      'Pending',
    );
    expect(submissionScoreText({ status: 'marked', totalScore: 7, totalMarks: 10 })).toBe('7/10');
    expect(submissionScoreText({ status: 'marked', totalScore: 0, totalMarks: 5 })).toBe('0/5');
    expect(submissionScoreText({ status: 'failed', totalScore: null, totalMarks: 5 })).toBe(
      MESSAGES.dashboard.notMarked,
    );
  });
});

describe('dashboards', () => {
  const backend = setupLocalBackend();

  beforeEach(() => {
    backend.on('GET', AUTH_PATHS.schoolDetails, ok(SCHOOL));
  });

  describe('/dashboard redirect by role', () => {
    it('sends the owner to /owner-dashboard', async () => {
      backend.on(
        'GET',
        DASHBOARD_PATHS.owner,
        ok({
          schools: { total: 2, active: 2, trial: 0 },
          users: { total: 5, byRole: { owner: 1, admin: 1, teacher: 1, student: 2 } },
        }),
      );
      signIn('owner');
      const router = renderAt('/dashboard');
      expect(await screen.findByRole('heading', { name: 'Owner Dashboard' })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/owner-dashboard');
    });

    it('sends an admin (role stored in capitals) to /admin-dashboard', async () => {
      signIn('admin');
      window.localStorage.setItem('role', 'Admin');
      const router = renderAt('/dashboard');
      expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/admin-dashboard');
    });

    it('sends an unknown role to /login', async () => {
      signIn('teacher');
      window.localStorage.setItem('role', 'visitor');
      window.localStorage.removeItem('user');
      const router = renderAt('/dashboard');
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    });
  });

  describe('teacher dashboard', () => {
    it('shows the counts, each linking to its list, and sets the title', async () => {
      backend.on('GET', DASHBOARD_PATHS.teacher, ok(TEACHER));
      signIn('teacher');
      renderAt('/dashboard');
      expect(await screen.findByText('41')).toBeTruthy();
      expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
      expect(stat('Active Classes')).toBe('3');
      expect(stat('Total Questions')).toBe('12');
      expect(stat('Total Submissions')).toBe('41');
      expect(linkTo(/^Active Classes/)).toBe('/classes');
      expect(linkTo(/^Total Questions/)).toBe('/view-questions');
      expect(linkTo(/^Total Submissions/)).toBe('/submissions');
      expect(document.title).toBe('Dashboard · STEM@Home');
      const call = backend.seen.find(
        (r) => r.path === DASHBOARD_PATHS.teacher && r.method === 'GET',
      );
      expect(call?.authorization).toBe('Bearer teacher-token');
    });

    it('names both trial limits when both are reached, and disables both add buttons', async () => {
      backend.on('GET', DASHBOARD_PATHS.teacher, ok(TEACHER));
      backend.on('GET', '/trial/validate/classes', trialReply('classes', false, 3));
      backend.on('GET', '/trial/validate/questions', trialReply('questions', false, 3));
      signIn('teacher', { accountType: 'trial', plan: 'trial' });
      renderAt('/dashboard');
      const banner = await screen.findByTestId('trial-limit-banner');
      // Both at once (the old banner said the classes limit until the questions check answered,
      // then only the questions one).
      await waitFor(() => {
        expect(banner.textContent).toContain(MESSAGES.classes.trialLimit);
        expect(banner.textContent).toContain(MESSAGES.questions.trialLimit);
      });
      expect(screen.getByRole('button', { name: 'Create Class' })).toHaveProperty('disabled', true);
      expect(screen.getByRole('button', { name: 'Add Question' })).toHaveProperty('disabled', true);
    });

    it('offers the four actions', async () => {
      backend.on('GET', DASHBOARD_PATHS.teacher, ok(TEACHER));
      signIn('teacher');
      renderAt('/dashboard');
      await screen.findByText('41');
      expect(linkTo('Add Question')).toBe('/insert-question');
      expect(linkTo('View Questions')).toBe('/view-questions');
      expect(linkTo('Create Class')).toBe('/create-class');
      expect(linkTo('Upload Student Work')).toBe('/upload-student-work');
    });

    it('lists recent submissions in the order given, with names, 24-hour times, scores and fallbacks', async () => {
      backend.on('GET', DASHBOARD_PATHS.teacher, ok(TEACHER));
      signIn('teacher');
      renderAt('/dashboard');
      const cards = await screen.findAllByTestId('recent-submission');
      expect(cards).toHaveLength(3);
      const [first, second, third] = cards.map((card) => card.textContent ?? '');
      expect(first).toContain('Physics 10A');
      expect(first).toContain('Alice');
      expect(first).toContain('7/10');
      // Written as the teacher's submission list writes it (spec 02 §9), on the 24-hour clock.
      expect(first).toContain(formatSubmissionDate('2025-03-11T15:45:00.000Z', { hour12: false }));
      expect(first).toMatch(/[A-Z][a-z]+ \d{1,2}, \d{4} at \d{2}:\d{2}/);
      expect(first).not.toMatch(/am|pm/i);
      expect(second).toContain(MESSAGES.dashboard.unknownClass);
      expect(second).toContain(MESSAGES.dashboard.unknownStudent);
      expect(second).toContain('Pending');
      expect(third).toContain('Chemistry');
      expect(third).toContain('0/5');
      // Coloured by the share of the marks, as in the submissions lists: 7/10 green, 0/5 red.
      const badgeStyle = (card: HTMLElement | undefined) =>
        card?.querySelector('.mantine-Badge-root')?.getAttribute('style') ?? '';
      expect(badgeStyle(cards[0])).toContain('green');
      expect(badgeStyle(cards[2])).toContain('red');
      const recent = screen.getByRole('region', { name: 'Recent Submissions' });
      expect(
        within(recent)
          .getByRole('link', { name: /View All/ })
          .getAttribute('href'),
      ).toBe('/submissions');
    });

    it('opens /submissions asking it to open the clicked submission', async () => {
      backend.on('GET', DASHBOARD_PATHS.teacher, ok(TEACHER));
      signIn('teacher');
      const router = renderAt('/dashboard');
      const cards = await screen.findAllByTestId('recent-submission');
      fireEvent.click(cards[2] as HTMLElement);
      expect(await screen.findByTestId('location')).toBeTruthy();
      expect(router.state.location.pathname).toBe('/submissions');
      expect(router.state.location.state).toEqual({ openSubmissionId: 's3' });
    });

    it('shows a new teacher the school code to copy and the next steps, ticking each once done', async () => {
      const G = MESSAGES.gettingStarted;
      const fresh = { ...TEACHER, activeClasses: 0, totalQuestions: 0, totalSubmissions: 0 };
      backend.on('GET', DASHBOARD_PATHS.teacher, ok({ ...fresh, recentSubmissions: [] }));
      backend.on('GET', AUTH_PATHS.schoolDetails, ok({ ...SCHOOL, totalStudents: 0 }));
      signIn('teacher');
      renderAt('/dashboard');
      const panel = await screen.findByTestId('getting-started');
      expect(within(panel).getByRole('heading', { name: G.title })).toBeTruthy();
      expect(await within(panel).findByText('ABCD-1234-EFGH-5678')).toBeTruthy();
      expect(within(panel).getByRole('button', { name: G.copy })).toBeTruthy();
      const steps = within(panel).getAllByTestId('getting-started-step');
      expect(steps.map((s) => s.getAttribute('data-done'))).toEqual([null, null, null]);
      expect(steps[0]?.textContent).toContain(G.stepShare);
      expect(steps[0]?.textContent).toContain(
        G.stepShareDetail(`${window.location.origin}/register`),
      );
      expect(
        within(panel).getByRole('link', { name: G.createClassLink }).getAttribute('href'),
      ).toBe('/create-class');
      expect(
        within(panel).getByRole('link', { name: G.addQuestionLink }).getAttribute('href'),
      ).toBe('/insert-question');
    });

    it('ticks the steps done, and leaves the panel out once all are done or the counts are unknown', async () => {
      backend.on('GET', DASHBOARD_PATHS.teacher, ok({ ...TEACHER, totalQuestions: 0 }));
      backend.on('GET', AUTH_PATHS.schoolDetails, ok(SCHOOL));
      signIn('teacher');
      renderAt('/dashboard');
      const panel = await screen.findByTestId('getting-started');
      const steps = within(panel).getAllByTestId('getting-started-step');
      expect(steps.map((s) => s.getAttribute('data-done'))).toEqual(['true', 'true', null]);
      // Done steps offer no link.
      expect(
        within(panel).queryByRole('link', { name: MESSAGES.gettingStarted.createClassLink }),
      ).toBeNull();
    });

    it('shows no getting-started panel to a teacher who has done all three steps', async () => {
      backend.on('GET', DASHBOARD_PATHS.teacher, ok(TEACHER));
      backend.on('GET', AUTH_PATHS.schoolDetails, ok(SCHOOL));
      signIn('teacher');
      renderAt('/dashboard');
      await screen.findByText('41');
      await waitFor(() =>
        expect(backend.seen.some((r) => r.path === AUTH_PATHS.schoolDetails)).toBe(true),
      );
      expect(screen.queryByTestId('getting-started')).toBeNull();
    });

    it('shows no getting-started panel when the dashboard counts failed to load', async () => {
      backend.on('GET', DASHBOARD_PATHS.teacher, serverError);
      backend.on('GET', AUTH_PATHS.schoolDetails, ok({ ...SCHOOL, totalStudents: 0 }));
      signIn('teacher');
      renderAt('/dashboard');
      await waitFor(() =>
        expect(backend.seen.some((r) => r.path === AUTH_PATHS.schoolDetails)).toBe(true),
      );
      await waitFor(() => expect(stat('Active Classes')).toBe('0'));
      expect(screen.queryByTestId('getting-started')).toBeNull();
    });

    it("says 'No recent submissions' when there are none", async () => {
      backend.on('GET', DASHBOARD_PATHS.teacher, ok({ ...TEACHER, recentSubmissions: [] }));
      signIn('teacher');
      renderAt('/dashboard');
      expect(await screen.findByText(MESSAGES.dashboard.noRecentSubmissions)).toBeTruthy();
      expect(stat('Active Classes')).toBe('3');
    });

    it('falls back to zeros and an empty list when the server fails', async () => {
      backend.on('GET', DASHBOARD_PATHS.teacher, serverError);
      signIn('teacher');
      renderAt('/dashboard');
      expect(await screen.findByText(MESSAGES.dashboard.noRecentSubmissions)).toBeTruthy();
      expect(stat('Active Classes')).toBe('0');
      expect(stat('Total Questions')).toBe('0');
      expect(stat('Total Submissions')).toBe('0');
    });

    it('falls back to zeros when nothing answers at all', async () => {
      pointPageAt(await unusedOrigin());
      signIn('teacher');
      renderAt('/dashboard');
      expect(
        await screen.findByText(MESSAGES.dashboard.noRecentSubmissions, {}, { timeout: 20_000 }),
      ).toBeTruthy();
      expect(stat('Total Submissions')).toBe('0');
    });

    it("re-syncs the stored account type with the school's trial flag", async () => {
      backend.on('GET', DASHBOARD_PATHS.teacher, ok(TEACHER));
      backend.on(
        'GET',
        AUTH_PATHS.schoolDetails,
        ok({ ...SCHOOL, isTrial: false, plan: 'personal' }),
      );
      signIn('teacher', { accountType: 'trial', plan: 'trial' });
      renderAt('/dashboard');
      await waitFor(() => expect(getStoredUser()?.accountType).toBe('paid'));
      expect(getStoredUser()?.plan).toBe('personal');
    });
  });

  describe('student dashboard', () => {
    const STUDENT: TStudentDashboard = {
      activeClasses: 2,
      totalSubmissions: 9,
      recentSubmissions: [
        submission('n1', { className: 'Maths', submittedAt: '2025-03-12T10:00:00.000Z' }),
        submission('n2', { className: 'Science', status: 'pending', totalScore: null }),
        submission('n3', { className: null, submittedAt: '2025-03-01T08:00:00.000Z' }),
      ],
    };

    it('shows classes and submissions counts and the 3 newest submissions, each to its page', async () => {
      backend.on('GET', DASHBOARD_PATHS.student, ok(STUDENT));
      signIn('student');
      renderAt('/dashboard');
      expect(await screen.findByText('9')).toBeTruthy();
      expect(stat('Active Classes')).toBe('2');
      expect(linkTo(/^Active Classes/)).toBe('/my-classes');
      expect(linkTo(/^Total Submissions/)).toBe('/my-submissions');
      const cards = screen.getAllByTestId('recent-submission');
      expect(cards.map((card) => card.getAttribute('href'))).toEqual([
        '/my-submissions/n1',
        '/my-submissions/n2',
        '/my-submissions/n3',
      ]);
      expect(cards[0]?.textContent).toContain(formatSubmissionDate('2025-03-12T10:00:00.000Z'));
      expect(cards[0]?.textContent).toMatch(/[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M/);
      expect(cards[1]?.textContent).toContain('Pending');
      expect(cards[2]?.textContent).toContain(MESSAGES.dashboard.unknownClass);
      const recent = screen.getByRole('region', { name: 'Recent Submissions' });
      expect(
        within(recent)
          .getByRole('link', { name: /View All/ })
          .getAttribute('href'),
      ).toBe('/my-submissions');
      expect(screen.queryByRole('link', { name: 'Add Question' })).toBeNull();
      expect(document.title).toBe('Dashboard · STEM@Home');
    });

    it('falls back to zeros when the server fails', async () => {
      backend.on('GET', DASHBOARD_PATHS.student, serverError);
      signIn('student');
      renderAt('/dashboard');
      expect(await screen.findByText(MESSAGES.dashboard.noRecentSubmissions)).toBeTruthy();
      expect(stat('Active Classes')).toBe('0');
      expect(stat('Total Submissions')).toBe('0');
    });
  });

  describe('admin dashboard', () => {
    const ADMIN: TAdminDashboard = {
      totalTeachers: 4,
      totalStudents: 57,
      totalClasses: 6,
      recentClasses: [
        {
          _id: 'c9',
          name: 'Year 11 Physics',
          teacherName: 'Mr Newton',
          studentCount: 24,
          createdAt: '2025-03-10T09:00:00.000Z',
        },
        {
          _id: 'c8',
          name: 'Year 7 Science',
          teacherName: null,
          studentCount: 1,
          createdAt: '2025-03-09T09:00:00.000Z',
        },
      ],
      recentSubmissions: [
        {
          _id: 's7',
          className: 'Year 11 Physics',
          studentName: 'Ada Pupil',
          submittedAt: '2025-03-11T14:05:00.000Z',
          status: 'marked',
          totalScore: 3,
          totalMarks: 4,
        },
      ],
    };

    it("shows the totals with their links, the newest classes and the school's newest submissions", async () => {
      backend.on('GET', DASHBOARD_PATHS.admin, ok(ADMIN));
      signIn('admin');
      renderAt('/admin-dashboard');
      expect(await screen.findByText('57')).toBeTruthy();
      expect(stat('Total Teachers')).toBe('4');
      expect(stat('Total Classes')).toBe('6');
      expect(linkTo(/^Total Teachers/)).toBe('/users?role=teacher');
      expect(linkTo(/^Total Students/)).toBe('/users?role=student');
      expect(linkTo(/^Total Classes/)).toBe('/all-classes');
      expect(linkTo('View All Classes')).toBe('/all-classes');
      const classes = screen.getAllByTestId('recent-class');
      expect(classes.map((c) => c.getAttribute('href'))).toEqual([
        '/all-classes/c9',
        '/all-classes/c8',
      ]);
      expect(classes[0]?.textContent).toContain('Mr Newton');
      expect(classes[0]?.textContent).toContain('24 students');
      expect(classes[1]?.textContent).toContain(MESSAGES.dashboard.notAssigned);
      // The school's newest submissions (it always said "No recent submissions").
      const submissions = screen.getByRole('region', { name: 'Recent Submissions' });
      expect(within(submissions).queryByText(MESSAGES.dashboard.noRecentSubmissions)).toBeNull();
      const cards = within(submissions).getAllByTestId('recent-submission');
      expect(cards).toHaveLength(1);
      expect(cards[0]?.getAttribute('href')).toBe('/all-submissions');
      expect(cards[0]?.textContent).toContain('Ada Pupil');
      expect(cards[0]?.textContent).toContain('3/4');
      expect(linkTo('View All Recent Submissions')).toBe('/all-submissions');
      expect(document.title).toBe('Admin Dashboard · STEM@Home');
    });

    it('says there are no recent submissions when the school has none', async () => {
      backend.on('GET', DASHBOARD_PATHS.admin, ok({ ...ADMIN, recentSubmissions: [] }));
      signIn('admin');
      renderAt('/admin-dashboard');
      const submissions = await screen.findByRole('region', { name: 'Recent Submissions' });
      expect(
        await within(submissions).findByText(MESSAGES.dashboard.noRecentSubmissions),
      ).toBeTruthy();
    });

    it('falls back to zeros when the server fails', async () => {
      backend.on('GET', DASHBOARD_PATHS.admin, serverError);
      signIn('admin');
      renderAt('/admin-dashboard');
      await waitFor(() => expect(stat('Total Teachers')).toBe('0'));
      expect(stat('Total Students')).toBe('0');
      expect(stat('Total Classes')).toBe('0');
      expect(screen.queryAllByTestId('recent-class')).toHaveLength(0);
    });
  });

  describe('owner dashboard', () => {
    const OWNER: TOwnerStats = {
      schools: { total: 12, active: 10, trial: 3 },
      users: { total: 340, byRole: { owner: 1, admin: 11, teacher: 48, student: 280 } },
    };

    it('shows schools, admins, teachers and students, each tile to its management list', async () => {
      backend.on('GET', DASHBOARD_PATHS.owner, ok(OWNER));
      signIn('owner');
      renderAt('/owner-dashboard');
      expect(await screen.findByText('280')).toBeTruthy();
      expect(stat('Schools')).toBe('12');
      expect(stat('Admins')).toBe('11');
      expect(stat('Teachers')).toBe('48');
      expect(linkTo(/^Schools/)).toBe('/school-management');
      expect(linkTo(/^Admins/)).toBe('/user-management?role=admin');
      expect(linkTo(/^Teachers/)).toBe('/user-management?role=teacher');
      expect(linkTo(/^Students/)).toBe('/user-management?role=student');
      expect(document.title).toBe('Owner Dashboard · STEM@Home');
      expect(backend.seen.some((r) => r.path === AUTH_PATHS.schoolDetails)).toBe(false);
    });

    it('shows zeros and says the statistics failed to load', async () => {
      backend.on('GET', DASHBOARD_PATHS.owner, serverError);
      signIn('owner');
      renderAt('/owner-dashboard');
      expect(await screen.findByText(MESSAGES.owner.statsFailed)).toBeTruthy();
      expect(stat('Schools')).toBe('0');
      expect(stat('Students')).toBe('0');
    });
  });
});
