import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ANALYTICS_MESSAGES,
  type TClassAnalytics,
  type TSchoolAnalytics,
} from '@stem/contract/analytics';
import { setupLocalBackend } from '../../test/local-backend';
import { renderRoutes } from '../../test/render-app';
import { signIn, signInTeacher, uuid } from '../../test/session';
import { MESSAGES } from '@stem/contract/messages';
import { buildSubmission } from '../submissions/test-data';
import AdminSubmissionsPage from '../submissions/pages/admin-submissions-page';
import TeacherSubmissionsPage from '../submissions/pages/teacher-submissions-page';
import { fileNameOf } from './api/download-csv';
import { everyWeek, histogramAxis, weekPercent } from './components/analytics-view';
import { shareColour } from './components/score-grid';
import ClassAnalyticsPage from './pages/class-analytics-page';
import QuestionAnalyticsPage from './pages/question-analytics-page';
import SchoolAnalyticsPage from './pages/school-analytics-page';

const T = ANALYTICS_MESSAGES;
const CLASS_ID = uuid(1);
const Q1 = uuid(11);
const Q2 = uuid(12);
const ANN = uuid(21);
const BOB = uuid(22);
const CAT = uuid(23);
const SUBMISSION = uuid(31);

const summary = {
  answers: 8,
  students: 2,
  enrolled: 3,
  submissions: 6,
  overridden: 1,
  meanShare: 0.4375,
  medianShare: 0.375,
  histogram: [3, 0, 1, 0, 0, 1, 0, 1, 0, 2],
};
const attempts = {
  pairs: 2,
  improved: 1,
  same: 0,
  worse: 1,
  firstMean: 0.625,
  latestMean: 0.5,
  byAttempt: [
    { attempt: 1, answers: 5, mean: 0.35 },
    { attempt: 2, answers: 2, mean: 0.375 },
  ],
};
const analytics: TClassAnalytics = {
  scope: { kind: 'class', id: CLASS_ID, name: 'Física 10A' },
  summary,
  questions: [
    {
      id: Q1,
      question: 'State Newton’s second law.',
      marks: 4,
      lowMarkRange: '0-1',
      highMarkRange: '3-4',
      answers: 5,
      mean: 2,
      median: 2,
      scores: [1, 1, 1, 1, 1],
      bands: { low: 2, between: 1, high: 2, other: 0 },
      overridden: 1,
    },
    {
      id: Q2,
      question: 'Define power.',
      marks: 2,
      lowMarkRange: '0-0',
      highMarkRange: '2-2',
      answers: 3,
      mean: 0.6667,
      median: 0,
      scores: [2, 0, 1],
      bands: { low: 2, between: 0, high: 1, other: 0 },
      overridden: 0,
    },
  ],
  attempts,
  students: [
    { id: ANN, name: 'Ann', answers: 4, meanShare: 0.5 },
    { id: BOB, name: 'Bob', answers: 3, meanShare: 0.5 },
    { id: CAT, name: 'Cat', answers: 0, meanShare: null },
  ],
  grid: [
    { studentId: ANN, questionId: Q1, submissionId: SUBMISSION, score: 4, marks: 4, attempts: 3 },
    { studentId: BOB, questionId: Q2, submissionId: uuid(32), score: 0, marks: 2, attempts: 2 },
  ],
  progress: [
    { studentId: ANN, week: '2025-03-10', answers: 2, meanShare: 0.125 },
    { studentId: ANN, week: '2025-03-17', answers: 1, meanShare: 0.75 },
  ],
  weeks: [
    { week: '2025-03-10', answers: 4, meanShare: 0.4375 },
    { week: '2025-03-17', answers: 2, meanShare: 0.375 },
  ],
};
const ok = (data: unknown) => ({ status: 200, body: { success: true, data } });
const notFound = { status: 404, body: { success: false, code: 'NOT_FOUND', message: T.notFound } };

const backend = setupLocalBackend();
let clicked: string[] = [];
beforeEach(() => {
  clicked = [];
  // jsdom has no object URLs and cannot follow a download link: record what would be saved.
  URL.createObjectURL = vi.fn(() => 'blob:test');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push(this.download);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('class analytics page', () => {
  it('shows the figures, the grid, opens an answer and downloads the CSV', async () => {
    signInTeacher();
    const user = userEvent.setup({ delay: null });
    backend.on('GET', `/analytics/class/${CLASS_ID}`, ok(analytics));
    backend.on(
      'GET',
      `/submissions/${SUBMISSION}`,
      ok(
        (() => {
          // Two answers: the grid's cell is the second one's question (Q1).
          const built = buildSubmission(31, { student: { _id: ANN, name: 'Ann' } });
          const [other] = built.submissions;
          if (!other) throw new Error('an answer expected');
          return {
            ...built,
            submissions: [
              other,
              {
                ...other,
                _id: uuid(2031),
                questionId: { _id: Q1, question: 'Q1 forces', marks: 4 },
                question: 'Q1 forces',
                answer: 'Forces change motion.',
              },
            ],
          };
        })(),
      ),
    );
    backend.on('GET', `/export/class/${CLASS_ID}`, { status: 200, body: 'Student\r\n' });
    renderRoutes(
      [{ path: '/class/:id/analytics', element: <ClassAnalyticsPage /> }],
      `/class/${CLASS_ID}/analytics`,
      { withNotifications: true },
    );
    expect(
      await screen.findByRole('heading', { name: T.classTitle('Física 10A') }),
    ).toBeInTheDocument();
    expect(document.title).toBe(T.classTitle('Física 10A'));
    expect(screen.getByTestId(`stat-${T.mean}`)).toHaveTextContent('44%');
    // Students with marks, of the class's students (it read "Students 2" for a class of 3).
    expect(screen.getByTestId(`stat-${T.studentsWithMarks}`)).toHaveTextContent('2 of 3');
    expect(screen.getByTestId(`stat-${T.median}`)).toHaveTextContent('38%');
    expect(screen.getByTestId('attempt-movement')).toHaveTextContent(`${T.improved}: 1`);
    // The chart counts every answer, unlike the figures above it, and says so.
    expect(screen.getByText(T.attemptsChartHint)).toBeInTheDocument();
    for (const title of [T.distributionTitle, T.bandsTitle, T.attemptsTitle, T.progressTitle]) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    const questions = screen.getByRole('table', { name: T.questionsTitle });
    expect(within(questions).getAllByText('2 / 4')).toHaveLength(2);
    // A mark out of the question's marks never breaks between its number and its total.
    expect(within(questions).getByText('0.7 / 2').closest('td')).toHaveStyle({
      whiteSpace: 'nowrap',
    });
    expect(within(questions).getAllByRole('link', { name: T.analyticsButton })[0]).toHaveAttribute(
      'href',
      `/questions/${Q1}/analytics`,
    );

    const grid = screen.getByRole('table', { name: T.gridTitle });
    expect(within(grid).getAllByRole('row')).toHaveLength(4);
    expect(within(grid).getAllByLabelText(T.gridEmpty)).toHaveLength(4);
    const cell = within(grid).getByRole('button', { name: T.gridCell('Ann', 'Q1', 4, 4) });
    expect(cell).toHaveTextContent('4/4');
    // WCAG 2.5.3: each cell's name contains, and starts with, the text it shows.
    for (const button of within(grid).getAllByRole('button')) {
      const name = button.getAttribute('aria-label') ?? '';
      expect(name.startsWith(button.textContent ?? '§')).toBe(true);
    }
    expect(cell.closest('td')).toHaveStyle({ background: shareColour(1) });
    await user.click(cell);
    const drawer = await screen.findByTestId('submission-drawer');
    expect(await within(drawer).findByText('Plants use light to make sugar.')).toBeInTheDocument();
    // The cell's own answer (Q1, the second) is the one outlined, not the submission's first.
    const focused = within(drawer)
      .getAllByTestId('answer-review')
      .filter((el) => el.getAttribute('aria-current') === 'true');
    expect(focused).toHaveLength(1);
    expect(within(focused[0]!).getByText('Forces change motion.')).toBeInTheDocument();
    expect(backend.seen.some((r) => r.path === `/submissions/${SUBMISSION}`)).toBe(true);
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: T.downloadCsv }));
    await user.click(await screen.findByRole('menuitem', { name: T.exportLatest }));
    await waitFor(() => expect(clicked).toEqual(['export.csv']));
    const request = backend.seen.find((r) => r.path === `/export/class/${CLASS_ID}`);
    // The browser's time zone goes along, for the dates in the file.
    expect(request?.query).toEqual({
      score: 'latest',
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(request?.authorization).toBe('Bearer teacher-token');
  });

  it('says when nothing is marked yet, and when the class is not the teacher’s', async () => {
    signInTeacher();
    backend.on(
      'GET',
      `/analytics/class/${CLASS_ID}`,
      ok({
        ...analytics,
        summary: { ...summary, answers: 0, meanShare: null, medianShare: null },
      }),
    );
    const { unmount } = renderRoutes(
      [{ path: '/class/:id/analytics', element: <ClassAnalyticsPage /> }],
      `/class/${CLASS_ID}/analytics`,
    );
    expect(await screen.findByText(T.noAnswers)).toBeInTheDocument();
    unmount();

    backend.on('GET', `/analytics/class/${CLASS_ID}`, notFound);
    renderRoutes(
      [{ path: '/class/:id/analytics', element: <ClassAnalyticsPage /> }],
      `/class/${CLASS_ID}/analytics`,
    );
    expect(await screen.findByRole('heading', { name: T.notFound })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.backToClass })).toHaveAttribute(
      'href',
      `/class/${CLASS_ID}`,
    );
  });
});

describe('question analytics page', () => {
  it('shows one question over its classes', async () => {
    signInTeacher();
    backend.on(
      'GET',
      `/analytics/question/${Q1}`,
      ok({
        ...analytics,
        scope: { kind: 'question', id: Q1, name: 'State Newton’s second law.' },
        questions: [analytics.questions[0]],
      }),
    );
    renderRoutes(
      [{ path: '/questions/:id/analytics', element: <QuestionAnalyticsPage /> }],
      `/questions/${Q1}/analytics`,
    );
    expect(await screen.findByRole('heading', { name: T.questionTitle })).toBeInTheDocument();
    expect(screen.getAllByText('State Newton’s second law.').length).toBeGreaterThan(0);
    expect(screen.getByRole('table', { name: T.gridTitle })).toBeInTheDocument();
  });
});

describe('school analytics page', () => {
  it('lists the classes and opens one, read-only', async () => {
    signIn('admin');
    const user = userEvent.setup({ delay: null });
    const school: TSchoolAnalytics = {
      summary,
      attempts,
      weeks: analytics.weeks,
      classes: [
        {
          id: CLASS_ID,
          name: 'Física 10A',
          teacherName: 'Ms Curie',
          students: 3,
          answers: 8,
          meanShare: 0.4375,
          medianShare: 0.375,
        },
      ],
    };
    backend.on('GET', '/analytics/school', ok(school));
    backend.on('GET', `/analytics/class/${CLASS_ID}`, ok(analytics));
    renderRoutes(
      [{ path: '/admin/analytics', element: <SchoolAnalyticsPage /> }],
      '/admin/analytics',
    );
    expect(await screen.findByRole('heading', { name: T.schoolTitle })).toBeInTheDocument();
    const table = screen.getByRole('region', { name: T.classesTitle });
    expect(within(table).getByText('Ms Curie')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Física 10A' }));
    expect(
      await screen.findByRole('heading', { name: T.classTitle('Física 10A') }),
    ).toBeInTheDocument();
    const grid = screen.getByRole('table', { name: T.gridTitle });
    // The admin reads the grid; the answer drawer is the teacher's.
    expect(within(grid).queryAllByRole('button')).toHaveLength(0);
    expect(within(grid).getByLabelText(T.gridCell('Ann', 'Q1', 4, 4))).toHaveTextContent('4/4');
  });
});

describe('submissions list export', () => {
  it('downloads the list as filtered and searched', async () => {
    const teacherId = uuid(800);
    signIn('teacher', { userId: teacherId });
    const user = userEvent.setup({ delay: null });
    const { submissions: _answers, ...card } = buildSubmission(3);
    backend.on('GET', `/question/submissions/teacher/${teacherId}`, {
      status: 200,
      body: {
        success: true,
        data: [card],
        page: { nextCursor: null, total: 1, matched: 1 },
        counts: { flagged: 0, unflagged: 1 },
      },
    });
    backend.on('GET', '/export/submissions', { status: 200, body: 'Date\r\n' });
    renderRoutes([{ path: '/submissions', element: <TeacherSubmissionsPage /> }], '/submissions', {
      withNotifications: true,
    });
    await screen.findAllByTestId('teacher-submission-card');
    const P = MESSAGES.submissionsPage;
    await user.selectOptions(screen.getByRole('combobox', { name: P.sortLabel }), P.sortScore);
    await user.type(screen.getByRole('searchbox', { name: P.searchLabel }), 'alice');
    // The list asks for the search once typing pauses; the export follows what the list shows.
    await waitFor(() =>
      expect(
        backend.seen.some((r) => r.query.q === 'alice' && r.path.startsWith('/question')),
      ).toBe(true),
    );
    await user.click(screen.getByRole('button', { name: T.downloadCsv }));
    await waitFor(() => expect(clicked).toEqual(['export.csv']));
    const request = backend.seen.find((r) => r.path === '/export/submissions');
    expect(request?.query).toEqual({
      sort: 'score',
      flag: 'all',
      q: 'alice',
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });
});

describe("admin's school-wide export (issue 29)", () => {
  it("downloads All Submissions as the admin's list shows it", async () => {
    signIn('admin');
    const user = userEvent.setup({ delay: null });
    const { submissions: _answers, ...card } = buildSubmission(3);
    backend.on('GET', '/admin/submissions', {
      status: 200,
      body: {
        success: true,
        data: [card],
        page: { nextCursor: null, total: 1, matched: 1 },
        counts: { flagged: 0, unflagged: 1 },
        count: 1,
      },
    });
    backend.on('GET', '/export/school-submissions', { status: 200, body: 'Date\r\n' });
    renderRoutes(
      [{ path: '/all-submissions', element: <AdminSubmissionsPage /> }],
      '/all-submissions',
      {
        withNotifications: true,
      },
    );
    await user.click(await screen.findByRole('button', { name: T.downloadCsv }));
    await waitFor(() => expect(clicked).toEqual(['export.csv']));
    const request = backend.seen.find((r) => r.path === '/export/school-submissions');
    expect(request?.query).toMatchObject({ sort: 'recent', flag: 'all' });
  });
});

describe('download file names', () => {
  it('reads filename* first, then filename', () => {
    expect(
      fileNameOf(
        `attachment; filename="Fisica 2026-11-26.csv"; filename*=UTF-8''F%C3%ADsica%202026-11-26.csv`,
        'x.csv',
      ),
    ).toBe('Física 2026-11-26.csv');
    expect(fileNameOf('attachment; filename="a.csv"', 'x.csv')).toBe('a.csv');
    expect(fileNameOf(undefined, 'x.csv')).toBe('x.csv');
  });
});

describe('analytics charts', () => {
  it('gives every week from the first to the last a point, in order, empty ones as gaps', () => {
    const filled = everyWeek([
      { week: '2025-12-22', answers: 2, meanShare: 0.5 },
      { week: '2026-01-05', answers: 1, meanShare: 0.25 },
      { week: '2026-01-19', answers: 3, meanShare: 1 },
    ]);
    expect(filled.map((w) => w.week)).toEqual([
      '2025-12-22',
      '2025-12-29',
      '2026-01-05',
      '2026-01-12',
      '2026-01-19',
    ]);
    expect(filled.map(weekPercent)).toEqual([50, null, 25, null, 100]);
    expect(everyWeek([])).toEqual([]);
  });

  it('labels every histogram band, slanted where they do not fit side by side', () => {
    const labels = Array.from({ length: 10 }, (_, i) =>
      i === 9 ? '90–100' : `${i * 10}–${i * 10 + 9}`,
    );
    for (const slanted of [false, true]) {
      const axis = histogramAxis(slanted);
      expect(axis.interval).toBe(0);
      expect(labels.map((label) => axis.tickFormatter(label))).toEqual(labels);
    }
    expect(histogramAxis(true)).toMatchObject({ angle: -40, textAnchor: 'end' });
  });
});
