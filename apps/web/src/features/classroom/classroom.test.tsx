import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TClassTest } from '@stem/contract/class-tests';
import type { TClassroomPushResult, TClassroomStatus } from '@stem/contract/classroom';
import { MESSAGES } from '@stem/contract/messages';
import type { TQuestion } from '@stem/contract/teaching';
import { formatDateTime } from '../../lib/dates';
import { setupLocalBackend } from '../../test/local-backend';
import { LocationProbe, renderRoutes } from '../../test/render-app';
import { signIn, uuid } from '../../test/session';
import { ClassroomSection } from './components/classroom-section';
import ClassroomCallbackPage from './pages/classroom-callback-page';

const C = MESSAGES.classroom;
const CLASS_ID = uuid(5);
const QUESTION: TQuestion = {
  _id: uuid(7),
  id: uuid(7),
  question: 'Explain why ice floats on water.',
  marks: 4,
  lowMarkRange: '0-1',
  highMarkRange: '3-4',
  rubric: 'Low Mark Range (0-1):\nA.\n\nHigh Mark Range (3-4):\nB.',
  holdFeedback: false,
  teacherId: uuid(2),
  classIds: [CLASS_ID],
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:00:00.000Z',
};
const LINKED: TClassroomStatus = {
  enabled: true,
  connected: true,
  link: { courseId: '500001', courseName: 'Year 10 Biology', linkedAt: '2026-12-01T10:00:00.000Z' },
  pushes: [],
};
const PUSHED: TClassroomPushResult = {
  courseWorkId: '901',
  created: true,
  maxPoints: 4,
  students: [
    {
      studentId: uuid(10),
      name: 'Ada Marked',
      email: 'ada@example.com',
      score: 3,
      outcome: 'pushed',
      reason: null,
    },
    {
      studentId: uuid(11),
      name: 'Ben Waiting',
      email: 'ben@example.com',
      score: null,
      outcome: 'notMarked',
      reason: null,
    },
    {
      studentId: uuid(12),
      name: 'Cy Elsewhere',
      email: 'cy@example.com',
      score: 2,
      outcome: 'noClassroomAccount',
      reason: null,
    },
  ],
  counts: { pushed: 1, noClassroomAccount: 1, notMarked: 1, failed: 0 },
};

const backend = setupLocalBackend();
beforeEach(() => signIn('teacher'));

const statusPath = `/classroom/class/${CLASS_ID}`;
function renderSection(tests: TClassTest[] = []) {
  return renderRoutes(
    [
      {
        path: '/class/:id',
        element: (
          <>
            <h1>Class</h1>
            <ClassroomSection classId={CLASS_ID} questions={[QUESTION]} tests={tests} />
          </>
        ),
      },
    ],
    `/class/${CLASS_ID}`,
  );
}

describe('Google Classroom section', () => {
  it('is not shown when the operator has not turned Classroom on', async () => {
    backend.on('GET', statusPath, {
      status: 200,
      body: { success: true, data: { enabled: false, connected: false, link: null, pushes: [] } },
    });
    renderSection();
    await waitFor(() => expect(backend.seen.some((r) => r.path === statusPath)).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: C.title })).not.toBeInTheDocument();
  });

  it('asks a teacher without consent to connect', async () => {
    backend.on('GET', statusPath, {
      status: 200,
      body: { success: true, data: { ...LINKED, connected: false, link: null } },
    });
    renderSection();
    const section = await screen.findByRole('region', { name: C.title });
    expect(within(section).getByRole('button', { name: C.connect })).toBeEnabled();
    expect(within(section).getByText(C.connectHelp)).toBeInTheDocument();
  });

  it('pushes a question’s marks and shows each student’s outcome', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('GET', statusPath, { status: 200, body: { success: true, data: LINKED } });
    backend.on('POST', `/classroom/class/${CLASS_ID}/push`, {
      status: 200,
      body: { success: true, message: C.pushed(1, 3), data: PUSHED },
    });
    renderSection();
    const section = await screen.findByRole('region', { name: C.title });
    expect(within(section).getByText(C.linkedTo('Year 10 Biology'))).toBeInTheDocument();
    const push = within(section).getByRole('button', { name: C.pushSubmit });
    expect(push).toBeDisabled();
    await user.click(within(section).getByRole('combobox', { name: C.questionLabel }));
    await user.click(await screen.findByRole('option', { name: QUESTION.question }));
    await user.click(push);

    expect(await within(section).findByText(C.pushed(1, 3))).toBeInTheDocument();
    const rows = within(section).getAllByTestId('classroom-push-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      `Ada Markedada@example.com3 / 4${C.outcome.pushed}`,
      `Ben Waitingben@example.com${C.outcome.notMarked}`,
      `Cy Elsewherecy@example.com2 / 4${C.outcome.noClassroomAccount}`,
    ]);
    expect(backend.seen.find((r) => r.path.endsWith('/push'))?.body).toEqual({
      questionId: QUESTION._id,
    });
  });

  it('pushes a test as one grade: its questions’ totals out of the test’s marks', async () => {
    const user = userEvent.setup({ delay: null });
    const test: TClassTest = {
      id: uuid(40),
      classId: CLASS_ID,
      title: 'Floating quiz',
      questions: [{ id: QUESTION._id, number: 1, question: QUESTION.question, marks: 4 }],
      totalMarks: 4,
      createdBy: null,
      updatedBy: null,
      createdAt: '2026-12-01T10:00:00.000Z',
      updatedAt: '2026-12-01T10:00:00.000Z',
    };
    backend.on('GET', statusPath, {
      status: 200,
      body: {
        success: true,
        data: {
          ...LINKED,
          pushes: [
            {
              questionId: null,
              testId: test.id,
              courseWorkId: '902',
              pushedAt: '2026-12-02T10:00:00.000Z',
            },
          ],
        },
      },
    });
    backend.on('POST', `/classroom/class/${CLASS_ID}/push`, {
      status: 200,
      body: { success: true, message: C.pushed(1, 3), data: PUSHED },
    });
    renderSection([test]);
    const section = await screen.findByRole('region', { name: C.title });
    await user.click(within(section).getByRole('combobox', { name: C.questionLabel }));
    expect(await screen.findByText(C.groupTests)).toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: C.testOption('Floating quiz', 4) }));
    expect(
      within(section).getByText(C.alreadyPushed(formatDateTime('2026-12-02T10:00:00.000Z'))),
    ).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: C.pushSubmit }));
    expect(await within(section).findByText(C.pushed(1, 3))).toBeInTheDocument();
    expect(backend.seen.find((r) => r.path.endsWith('/push'))?.body).toEqual({ testId: test.id });
  });

  it('says what Google refused', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('GET', statusPath, { status: 200, body: { success: true, data: LINKED } });
    backend.on('POST', `/classroom/class/${CLASS_ID}/push`, {
      status: 409,
      body: { success: false, code: 'CONFLICT', message: C.consentExpired },
    });
    renderSection();
    const section = await screen.findByRole('region', { name: C.title });
    await user.click(within(section).getByRole('combobox', { name: C.questionLabel }));
    await user.click(await screen.findByRole('option', { name: QUESTION.question }));
    await user.click(within(section).getByRole('button', { name: C.pushSubmit }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(C.consentExpired);
  });
});

describe('Google Classroom callback page', () => {
  const routes = [
    { path: '/classroom/callback', element: <ClassroomCallbackPage /> },
    { path: '/class/:id', element: <LocationProbe /> },
  ];

  it('hands Google’s answer to the server and goes back to the class', async () => {
    backend.on('POST', '/classroom/callback', {
      status: 200,
      body: { success: true, message: C.connected, classId: CLASS_ID },
    });
    renderRoutes(routes, '/classroom/callback?code=4%2Fabc&state=xyz');
    expect(await screen.findByTestId('location')).toHaveTextContent(`/class/${CLASS_ID}`);
    expect(backend.seen.find((r) => r.path === '/classroom/callback')?.body).toEqual({
      search: '?code=4%2Fabc&state=xyz',
    });
  });

  it('says why a connection failed', async () => {
    backend.on('POST', '/classroom/callback', {
      status: 400,
      body: { success: false, code: 'BAD_REQUEST', message: C.stateInvalid },
    });
    renderRoutes(routes, '/classroom/callback?code=4%2Fabc&state=old');
    expect(await screen.findByRole('alert')).toHaveTextContent(C.stateInvalid);
    expect(screen.getByRole('heading', { name: C.callbackFailedTitle })).toBeInTheDocument();
  });
});
