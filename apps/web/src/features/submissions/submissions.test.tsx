import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fillPath } from '@stem/contract/api';
import { MESSAGES } from '@stem/contract/messages';
import { ROOT_PATHS } from '@stem/contract/submissions';
import { setupLocalBackend } from '../../test/local-backend';
import type { TSubmissionView } from './api/submission-schema';
import { formatSubmissionDate } from '../../lib/dates';
import MySubmissionsPage from './pages/my-submissions-page';
import SubmissionDetailsPage from './pages/submission-details-page';
import TeacherSubmissionsPage from './pages/teacher-submissions-page';
import { buildSubmission, uuid } from './test-data';
import { LocationProbe, renderRoutes } from '../../test/render-app';
import { signIn } from '../../test/session';

const T = MESSAGES.submissionsPage;
const TEACHER_ID = uuid(800);
const ok = (data: unknown) => ({ status: 200, body: { success: true, data } });
const serverError = { status: 500, body: { success: false, code: 'INTERNAL', message: 'boom' } };
/** A paged reply (packages/contract/src/paging.ts). */
const paged = (
  data: unknown[],
  page: { total: number; matched: number; nextCursor?: string | null },
) => ({
  status: 200,
  body: {
    success: true,
    data,
    page: { nextCursor: page.nextCursor ?? null, total: page.total, matched: page.matched },
    counts: { flagged: 0, unflagged: page.total },
  },
});

const backend = setupLocalBackend();
/** The query of the last request the page made to this path. */
const lastQuery = (path: string) => backend.seen.filter((r) => r.path === path).at(-1)?.query;

function renderStudent(entry: Parameters<typeof renderRoutes>[1]) {
  signIn('student');
  return renderRoutes(
    [
      { path: '/my-submissions', element: <MySubmissionsPage /> },
      { path: '/my-submissions/:id', element: <SubmissionDetailsPage /> },
      { path: '/submission/:id', element: <SubmissionDetailsPage /> },
      { path: '/submission', element: <SubmissionDetailsPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    entry,
  );
}

function renderTeacher(entry: Parameters<typeof renderRoutes>[1] = '/submissions') {
  signIn('teacher', { userId: TEACHER_ID });
  return renderRoutes(
    [
      { path: '/submissions', element: <TeacherSubmissionsPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    entry,
  );
}

describe('formatSubmissionDate', () => {
  it('writes en-US dates with the long month, 24-hour on teacher cards', () => {
    const at = '2025-03-11T15:45:00.000Z';
    expect(formatSubmissionDate(at, { timeZone: 'UTC' })).toBe('March 11, 2025 at 3:45 PM');
    expect(formatSubmissionDate(at, { timeZone: 'UTC', hour12: false })).toBe(
      'March 11, 2025 at 15:45',
    );
    // Just after midnight: "00:05" on the 24-hour clock, "12:05 AM" on the 12-hour one.
    const night = '2025-03-11T00:05:00.000Z';
    expect(formatSubmissionDate(night, { timeZone: 'UTC', hour12: false })).toBe(
      'March 11, 2025 at 00:05',
    );
    expect(formatSubmissionDate(night, { timeZone: 'UTC' })).toBe('March 11, 2025 at 12:05 AM');
    expect(formatSubmissionDate(null)).toBe(MESSAGES.dates.none);
    expect(formatSubmissionDate('yesterday-ish')).toBe(MESSAGES.dates.invalid);
  });
});

describe('my submissions', () => {
  it('lists in the server\'s order with class, date and score, "Deleted Class" and "Pending"', async () => {
    backend.on(
      'GET',
      '/student/submissions',
      ok([
        buildSubmission(9, {
          status: 'pending',
          totalScore: null,
          attempts: { from: 2, to: 3, limit: 3 },
        }),
        buildSubmission(5, {
          totalScore: 4,
          totalMarks: 6,
          attempts: { from: 2, to: 2, limit: 3 },
        }),
        buildSubmission(2, { classId: null, class: 'Old class', attempts: null }),
      ]),
    );
    renderStudent('/my-submissions');
    expect(await screen.findByRole('heading', { name: T.myHeading })).toBeInTheDocument();
    expect(document.title).toBe(T.myDocumentTitle);
    const cards = await screen.findAllByTestId('submission-card');
    expect(cards.map((card) => card.getAttribute('href'))).toEqual([
      `/my-submissions/${uuid(9)}`,
      `/my-submissions/${uuid(5)}`,
      `/my-submissions/${uuid(2)}`,
    ]);
    expect(within(cards[0]!).getByText(MESSAGES.submissions.pending)).toBeInTheDocument();
    expect(within(cards[1]!).getByText('4/6')).toBeInTheDocument();
    expect(
      within(cards[1]!).getByText(formatSubmissionDate(buildSubmission(5).submittedAt)),
    ).toBeInTheDocument();
    expect(within(cards[2]!).getByText(MESSAGES.submissions.deletedClass)).toBeInTheDocument();
    // Which attempt each card was; none for work whose questions are gone.
    expect(within(cards[0]!).getByTestId('submission-attempt')).toHaveTextContent(
      'Attempts 2–3 of 3',
    );
    expect(within(cards[1]!).getByTestId('submission-attempt')).toHaveTextContent('Attempt 2 of 3');
    expect(within(cards[2]!).queryByTestId('submission-attempt')).toBeNull();
  });

  it('asks the server to search and sort, offers no teacher filter, and loads the next page on Show more', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('GET', '/student/submissions', (request) => {
      if (request.query.cursor === 'page-2') return ok([buildSubmission(1)]);
      if (request.query.q === 'osmosis') {
        return paged([buildSubmission(4)], { total: 3, matched: 1 });
      }
      return paged([buildSubmission(3), buildSubmission(2)], {
        total: 3,
        matched: 3,
        nextCursor: 'page-2',
      });
    });
    renderStudent('/my-submissions');
    expect(await screen.findAllByTestId('submission-card')).toHaveLength(2);
    expect(lastQuery('/student/submissions')).toMatchObject({
      sort: 'recent',
      flag: 'all',
      limit: '20',
    });
    await user.click(screen.getByRole('button', { name: T.showMore }));
    await waitFor(() => expect(screen.getAllByTestId('submission-card')).toHaveLength(3));
    expect(lastQuery('/student/submissions')).toMatchObject({ cursor: 'page-2' });

    // The teacher's filter (Flagged Only) and order (Student Name) are not offered to a student.
    expect(screen.queryByRole('combobox', { name: T.filterLabel })).toBeNull();
    const sort = screen.getByRole('combobox', { name: T.sortLabel });
    expect(within(sort).queryByRole('option', { name: T.sortStudent })).toBeNull();
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([T.sortRecent, T.sortOldest, T.sortClass, T.sortScore]);
    await user.selectOptions(sort, T.sortOldest);
    await waitFor(() =>
      expect(lastQuery('/student/submissions')).toMatchObject({ sort: 'oldest' }),
    );
    await user.type(screen.getByRole('searchbox', { name: T.searchLabel }), 'osmosis');
    await waitFor(() =>
      expect(screen.getAllByTestId('submission-card').map((c) => c.getAttribute('href'))).toEqual([
        `/my-submissions/${uuid(4)}`,
      ]),
    );
    // Typing is sent once it pauses, not letter by letter.
    const searches = backend.seen.filter((r) => r.query.q !== undefined).map((r) => r.query.q);
    expect(searches).toEqual(['osmosis']);
  });

  it('says "No submissions yet", and "Failed to load submissions" on failure', async () => {
    backend.on('GET', '/student/submissions', ok([]));
    const first = renderStudent('/my-submissions');
    expect(await screen.findByText(MESSAGES.submissions.empty)).toBeInTheDocument();
    first.unmount();

    backend.on('GET', '/student/submissions', serverError);
    const second = renderStudent('/my-submissions');
    expect(await screen.findByText(MESSAGES.submissions.loadFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: T.retry })).toBeInTheDocument();
    second.unmount();

    backend.on('GET', '/student/submissions', { status: 200, body: { surprise: true } });
    renderStudent('/my-submissions');
    expect(await screen.findByText(MESSAGES.submissions.unexpectedFormat)).toBeInTheDocument();
  });
});

describe('submission details', () => {
  const ID = uuid(4);
  const CLASS_ID = uuid(500);
  const markPath = fillPath(ROOT_PATHS.markSubmission, { classId: CLASS_ID, submissionId: ID });
  const pending = (): TSubmissionView => {
    const base = buildSubmission(4);
    return {
      ...base,
      status: 'pending',
      totalScore: null,
      submissions: base.submissions.map((a) => ({
        ...a,
        score: null,
        feedback: [],
        contentModeration: null,
        markedBy: null,
      })),
    };
  };

  it('marks a pending submission once and updates itself when the marks arrive', async () => {
    // Marked from the third read: after the first load and the read that follows the mark call,
    // only the page's own polling can bring the marks.
    let reads = 0;
    backend.on('GET', `/student/submissions/${ID}`, () => {
      reads += 1;
      return ok(reads >= 3 ? buildSubmission(4) : pending());
    });
    backend.on('POST', markPath, () => {
      return {
        status: 202,
        body: {
          success: true,
          data: {
            status: 'pending',
            totalScore: null,
            totalMarks: 10,
            failureReason: null,
            results: [],
          },
        },
      };
    });
    renderStudent(`/my-submissions/${ID}`);
    expect(await screen.findByText(T.markingLive)).toBeInTheDocument();
    expect(screen.getByTestId('total-score')).toHaveTextContent(MESSAGES.submissions.pending);
    expect(screen.getByText(T.submittedOn(formatSubmissionDate(buildSubmission(4).submittedAt))));
    expect(screen.getByText(MESSAGES.submissions.noFeedback)).toBeInTheDocument();

    // No reload: the page asks again on its own and shows the marks.
    await waitFor(() => expect(screen.getByTestId('total-score')).toHaveTextContent('7/10'), {
      timeout: 20_000,
    });
    expect(screen.getByText(T.statusLabel.marked)).toBeInTheDocument();
    expect(screen.getByText('Plants use light to make sugar.')).toBeInTheDocument();
    expect(screen.getByText('Good start.')).toBeInTheDocument();
    expect(screen.getByText('Name chlorophyll.')).toBeInTheDocument();
    expect(screen.queryByText(T.markingLive)).not.toBeInTheDocument();
    expect(backend.seen.filter((r) => r.path === markPath)).toHaveLength(1);
    expect(screen.getByRole('link', { name: T.backToSubmissions })).toHaveAttribute(
      'href',
      '/my-submissions',
    );
  });

  it("shows why marking failed and tries again with 'Try marking again'", async () => {
    const user = userEvent.setup({ delay: null });
    let retried = false;
    backend.on('GET', `/student/submissions/${ID}`, () =>
      ok(
        retried
          ? buildSubmission(4)
          : {
              ...pending(),
              status: 'failed',
              failureReason: MESSAGES.submissions.markingTimedOut,
            },
      ),
    );
    backend.on('POST', `/submissions/${ID}/retry-marking`, () => {
      retried = true;
      return {
        status: 200,
        body: {
          success: true,
          message: MESSAGES.submissions.markingRequeued,
          data: { _id: ID, status: 'pending' },
        },
      };
    });
    renderStudent(`/submission/${ID}`);
    expect(await screen.findByText(MESSAGES.submissions.markingTimedOut)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.submissions.markingFailed)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: T.tryMarkingAgain }));
    await waitFor(() => expect(screen.getByTestId('total-score')).toHaveTextContent('7/10'));
    expect(screen.queryByText(MESSAGES.submissions.markingFailed)).not.toBeInTheDocument();
  });

  it('explains a missing id, a submission not found and a failed load', async () => {
    const first = renderStudent('/submission');
    expect(await screen.findByText(MESSAGES.submissions.noId)).toBeInTheDocument();
    first.unmount();

    backend.on('GET', `/student/submissions/${ID}`, {
      status: 404,
      body: { success: false, code: 'NOT_FOUND', message: 'Not found' },
    });
    const second = renderStudent(`/my-submissions/${ID}`);
    expect(await screen.findByText(MESSAGES.submissions.notFound)).toBeInTheDocument();
    second.unmount();

    backend.on('GET', `/student/submissions/${ID}`, serverError);
    const third = renderStudent(`/my-submissions/${ID}`);
    expect(
      await screen.findByText(MESSAGES.submissions.detailsFailed(MESSAGES.generic.server)),
    ).toBeInTheDocument();
    third.unmount();

    // The id may come from navigation state.
    backend.on('GET', `/student/submissions/${ID}`, ok(buildSubmission(4)));
    renderStudent({ pathname: '/submission', state: { submissionId: ID } });
    expect(await screen.findByText('Good start.')).toBeInTheDocument();
  });
});

describe('teacher submissions', () => {
  const LIST_PATH = `/question/submissions/teacher/${TEACHER_ID}`;
  const flagged = buildSubmission(3, {
    student: { _id: 's-b', name: 'Bob Jones' },
    classId: { _id: 'c-2', name: 'Chemistry' },
    isFlagged: true,
    totalScore: 1,
    submissions: [
      {
        ...buildSubmission(3).submissions[0]!,
        question: 'Name an acid.',
        questionId: { _id: uuid(701), question: 'Name an acid.', marks: 10 },
        answer: 'Something rude',
        score: 1,
        feedback: { aiComment: 'Off topic.', suggestion: 'Answer the question.' },
        contentModeration: { isInappropriate: true, reason: 'Offensive language' },
      },
    ],
  });
  const LIST = [
    buildSubmission(1),
    flagged,
    buildSubmission(5, {
      student: { _id: 's-c', name: 'Carla Diaz' },
      status: 'pending',
      totalScore: null,
    }),
  ];
  const names = () =>
    screen
      .getAllByTestId('teacher-submission-card')
      .map((card) => card.querySelector('p')?.textContent);

  it('asks the server to search, filter and sort, with the count in the title', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('GET', LIST_PATH, (request) => {
      const { q = '', flag = 'all', sort = 'recent' } = request.query;
      if (q === 'acid') return paged([flagged], { total: 3, matched: 1 });
      if (q === 'nobody') return paged([], { total: 3, matched: 0 });
      if (flag === 'unflagged') return paged([LIST[2], LIST[0]], { total: 3, matched: 2 });
      if (sort === 'score') return paged([LIST[0], flagged, LIST[2]], { total: 3, matched: 3 });
      return paged([LIST[2], flagged, LIST[0]], { total: 3, matched: 3 });
    });
    renderTeacher();
    expect(
      await screen.findByRole('heading', { name: MESSAGES.submissions.allTitle(3) }),
    ).toBeInTheDocument();
    expect(document.title).toBe(T.documentTitle);
    expect(names()).toEqual(['Carla Diaz', 'Bob Jones', 'Alice Smith']);
    const bob = screen.getAllByTestId('teacher-submission-card')[1]!;
    expect(within(bob).getByText(T.flagged)).toBeInTheDocument();
    expect(
      within(bob).getByText(formatSubmissionDate(flagged.submittedAt, { hour12: false })),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.uploadStudentWork })).toHaveAttribute(
      'href',
      '/upload-student-work',
    );

    await user.type(screen.getByRole('searchbox', { name: T.searchLabel }), 'acid');
    await waitFor(() => expect(names()).toEqual(['Bob Jones']));
    expect(lastQuery(LIST_PATH)).toMatchObject({ q: 'acid' });
    // The title counts the whole list, as the server counts it.
    expect(screen.getByRole('heading', { name: MESSAGES.submissions.allTitle(3) })).toBeVisible();
    await user.clear(screen.getByRole('searchbox', { name: T.searchLabel }));

    await user.selectOptions(
      screen.getByRole('combobox', { name: T.filterLabel }),
      T.filterUnflagged,
    );
    await waitFor(() => expect(names()).toEqual(['Carla Diaz', 'Alice Smith']));
    expect(lastQuery(LIST_PATH)).toMatchObject({ flag: 'unflagged' });
    expect(lastQuery(LIST_PATH)?.q).toBeUndefined();

    await user.selectOptions(screen.getByRole('combobox', { name: T.filterLabel }), T.filterAll);
    await user.selectOptions(screen.getByRole('combobox', { name: T.sortLabel }), T.sortScore);
    await waitFor(() => expect(names()).toEqual(['Alice Smith', 'Bob Jones', 'Carla Diaz']));
    expect(backend.seen.map((r) => r.query)).toContainEqual(
      expect.objectContaining({ sort: 'score', flag: 'all' }),
    );

    await user.type(screen.getByRole('searchbox', { name: T.searchLabel }), 'nobody');
    expect(await screen.findByText(T.noMatches)).toBeInTheDocument();
  });

  it('opens View Details with score, answer, moderation and feedback', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('GET', LIST_PATH, ok(LIST.map(({ submissions: _answers, ...card }) => card)));
    backend.on('GET', `/submissions/${flagged._id}`, ok(flagged));
    renderTeacher();
    const cards = await screen.findAllByTestId('teacher-submission-card');
    await user.click(within(cards[1]!).getByRole('button', { name: /View details/ }));
    const drawer = await screen.findByTestId('submission-drawer');
    expect(screen.getByText(T.drawerTitle('Bob Jones'))).toBeInTheDocument();
    // The answers come from the one submission's details, loaded when the drawer opens.
    expect(await within(drawer).findByText('Name an acid.')).toBeInTheDocument();
    expect(within(drawer).getByText('Something rude')).toBeInTheDocument();
    expect(within(drawer).getByTestId('moderation-flag')).toHaveTextContent('Offensive language');
    // Feedback given as one object.
    expect(within(drawer).getByText('Off topic.')).toBeInTheDocument();
    expect(within(drawer).getByText('Answer the question.')).toBeInTheDocument();
    expect(within(drawer).getAllByText('1/10').length).toBeGreaterThan(0);
  });

  it('numbers an answer from a paper sheet by the question printed on it', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('GET', LIST_PATH, ok(LIST.map(({ submissions: _answers, ...card }) => card)));
    const printed = {
      ...flagged,
      submissions: flagged.submissions.map((a) => ({ ...a, questionNumber: 4 })),
    };
    backend.on('GET', `/submissions/${flagged._id}`, ok(printed));
    renderTeacher();
    const cards = await screen.findAllByTestId('teacher-submission-card');
    await user.click(within(cards[1]!).getByRole('button', { name: /View details/ }));
    const drawer = await screen.findByTestId('submission-drawer');
    expect(await within(drawer).findByText(T.questionHeading(4))).toBeInTheDocument();
    expect(within(drawer).queryByText(T.questionHeading(1))).toBeNull();
  });

  it("opens the dashboard's submission on arrival, and shows the empty state", async () => {
    backend.on('GET', LIST_PATH, ok(LIST));
    backend.on('GET', `/submissions/${uuid(1)}`, ok(buildSubmission(1)));
    const first = renderTeacher({ pathname: '/submissions', state: { openSubmissionId: uuid(1) } });
    expect(await screen.findByText(T.drawerTitle('Alice Smith'))).toBeInTheDocument();
    expect(
      await within(screen.getByTestId('submission-drawer')).findByText(T.notFlagged),
    ).toBeInTheDocument();
    first.unmount();

    backend.on('GET', LIST_PATH, ok([]));
    renderTeacher();
    expect(await screen.findByText(MESSAGES.submissions.noneFound)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.viewClasses })).toHaveAttribute('href', '/classes');
    expect(
      screen.getByRole('heading', { name: MESSAGES.submissions.allTitle(0) }),
    ).toBeInTheDocument();
  });
});
