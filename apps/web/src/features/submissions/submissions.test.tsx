import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fillPath } from '@stem/contract/api';
import { MESSAGES } from '@stem/contract/messages';
import { ROOT_PATHS } from '@stem/contract/submissions';
import { setupLocalBackend } from '../../test/local-backend';
import type { TSubmissionView } from './api/submission-schema';
import { formatSubmissionDate } from './format';
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

const backend = setupLocalBackend();

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

describe('my submissions', { timeout: 20_000 }, () => {
  it('lists newest first with class, date and score, "Deleted Class" and "Pending"', async () => {
    backend.on(
      'GET',
      '/student/submissions',
      ok([
        buildSubmission(2, { classId: null, class: 'Old class' }),
        buildSubmission(9, { status: 'pending', totalScore: null }),
        buildSubmission(5, { totalScore: 4, totalMarks: 6 }),
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

describe('submission details', { timeout: 20_000 }, () => {
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
      timeout: 5_000,
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

describe('teacher submissions', { timeout: 20_000 }, () => {
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

  it('searches, filters and sorts, with the count in the title', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('GET', LIST_PATH, ok(LIST));
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
    expect(names()).toEqual(['Bob Jones']);
    await user.clear(screen.getByRole('searchbox', { name: T.searchLabel }));

    await user.selectOptions(
      screen.getByRole('combobox', { name: T.filterLabel }),
      T.filterUnflagged,
    );
    expect(names()).toEqual(['Carla Diaz', 'Alice Smith']);

    await user.selectOptions(screen.getByRole('combobox', { name: T.filterLabel }), T.filterAll);
    await user.selectOptions(screen.getByRole('combobox', { name: T.sortLabel }), T.sortScore);
    expect(names()).toEqual(['Alice Smith', 'Bob Jones', 'Carla Diaz']);

    await user.type(screen.getByRole('searchbox', { name: T.searchLabel }), 'nobody');
    expect(screen.getByText(T.noMatches)).toBeInTheDocument();
  });

  it('opens View Details with score, answer, moderation and feedback', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('GET', LIST_PATH, ok(LIST));
    renderTeacher();
    const cards = await screen.findAllByTestId('teacher-submission-card');
    await user.click(within(cards[1]!).getByRole('button', { name: /View details/ }));
    const drawer = await screen.findByTestId('submission-drawer');
    expect(screen.getByText(T.drawerTitle('Bob Jones'))).toBeInTheDocument();
    expect(within(drawer).getByText('Name an acid.')).toBeInTheDocument();
    expect(within(drawer).getByText('Something rude')).toBeInTheDocument();
    expect(within(drawer).getByTestId('moderation-flag')).toHaveTextContent('Offensive language');
    // Feedback given as one object.
    expect(within(drawer).getByText('Off topic.')).toBeInTheDocument();
    expect(within(drawer).getByText('Answer the question.')).toBeInTheDocument();
    expect(within(drawer).getAllByText('1/10').length).toBeGreaterThan(0);
  });

  it("opens the dashboard's submission on arrival, and shows the empty state", async () => {
    backend.on('GET', LIST_PATH, ok(LIST));
    const first = renderTeacher({ pathname: '/submissions', state: { openSubmissionId: uuid(1) } });
    expect(await screen.findByText(T.drawerTitle('Alice Smith'))).toBeInTheDocument();
    expect(
      within(screen.getByTestId('submission-drawer')).getByText(T.notFlagged),
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
