import '@testing-library/jest-dom/vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@stem/contract/messages';
import { getItem } from '../../lib/session-core';
import { setupLocalBackend } from '../../test/local-backend';
import { LocationProbe, renderRoutes } from '../../test/render-app';
import { sessionUser } from '../../test/session';
import LtiDeepLinkPage from './pages/lti-deep-link-page';
import LtiLaunchPage from './pages/lti-launch-page';

const L = MESSAGES.lti;
const backend = setupLocalBackend();
const LAUNCH = '00000000-0000-4000-8000-0000000000aa';
const CLASS = '00000000-0000-4000-8000-0000000000bb';
const QUESTION = '00000000-0000-4000-8000-0000000000cc';
const TEST_ID = '00000000-0000-4000-8000-000000000078';

function session(role: 'student' | 'teacher') {
  const user = sessionUser(role);
  return {
    success: true,
    message: L.signedIn,
    token: `${role}-token`,
    refreshToken: 'refresh',
    role,
    userId: user.userId,
    name: user.name,
    school: user.school,
    user,
  };
}

function renderLaunch(code: string | null) {
  window.history.replaceState(null, '', code ? `/lti/launch#code=${code}` : '/lti/launch');
  return renderRoutes(
    [
      { path: '/lti/launch', element: <LtiLaunchPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    '/lti/launch',
  );
}

describe('the LTI launch page', () => {
  it("trades the fragment's code for a session and opens the student's question", async () => {
    backend.on('POST', '/lti/handoff', {
      status: 200,
      body: {
        success: true,
        session: session('student'),
        destination: { kind: 'question', classId: CLASS, questionId: QUESTION },
      },
    });
    renderLaunch('one-time-code');
    expect(await screen.findByTestId('location')).toHaveTextContent(
      `/start-submission/${CLASS}/${QUESTION}`,
    );
    expect(backend.seen.find((r) => r.path === '/lti/handoff')?.body).toEqual({
      code: 'one-time-code',
    });
    expect(getItem('token')).toBe('student-token');
    // The code left the address bar.
    expect(window.location.hash).toBe('');
  });

  it('says why when the server refuses the code, and calls nothing without one', async () => {
    backend.on('POST', '/lti/handoff', {
      status: 400,
      body: { success: false, code: 'BAD_REQUEST', message: L.handoffInvalid },
    });
    renderLaunch('spent');
    expect(await screen.findByRole('alert')).toHaveTextContent(L.handoffInvalid);

    backend.reset();
    renderLaunch(null);
    expect(await screen.findAllByText(L.handoffInvalid)).not.toHaveLength(0);
    expect(backend.seen.some((r) => r.path === '/lti/handoff')).toBe(false);
  });
});

describe('the LTI launch page, for a test', () => {
  it.each([
    [
      'student',
      { kind: 'test', classId: CLASS, testId: TEST_ID },
      `/start-submission/${CLASS}`,
      `?test=${TEST_ID}`,
    ],
    [
      'teacher',
      { kind: 'class', classId: CLASS, testId: TEST_ID },
      `/class/${CLASS}`,
      `?test=${TEST_ID}`,
    ],
  ] as const)('opens the test for a %s', async (role, destination, pathname, search) => {
    backend.on('POST', '/lti/handoff', {
      status: 200,
      body: { success: true, session: session(role), destination },
    });
    const { router } = renderLaunch('test-code');
    expect(await screen.findByTestId('location')).toHaveTextContent(pathname);
    expect(router.state.location.search).toBe(search);
  });
});

describe('the deep linking picker', () => {
  it("lists the linked class's questions and says why a choice was refused", async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('GET', `/lti/deep-links/${LAUNCH}`, {
      status: 200,
      body: {
        success: true,
        platformName: 'Canvas',
        courseTitle: 'Biology 101',
        linkedClassId: CLASS,
        classes: [
          {
            id: CLASS,
            name: 'Year 9 Biology',
            questions: [{ id: QUESTION, question: 'Explain photosynthesis.', marks: 6 }],
            tests: [],
          },
        ],
      },
    });
    backend.on('POST', `/lti/deep-links/${LAUNCH}`, {
      status: 409,
      body: { success: false, code: 'CONFLICT', message: L.deepLinkContextTaken('Year 9 Biology') },
    });
    renderRoutes(
      [{ path: '/lti/deep-link/:launchId', element: <LtiDeepLinkPage /> }],
      `/lti/deep-link/${LAUNCH}`,
    );
    expect(await screen.findByText(L.deepLinkLinkedClass('Year 9 Biology'))).toBeInTheDocument();
    expect(screen.getByText(L.classCourse('Biology 101', 'Canvas'))).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: L.deepLinkSubmit });
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: L.deepLinkQuestion }));
    await user.click(await screen.findByRole('option', { name: 'Explain photosynthesis. (6)' }));
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      L.deepLinkContextTaken('Year 9 Biology'),
    );
    expect(backend.seen.find((r) => r.method === 'POST')?.body).toEqual({
      classId: CLASS,
      questionId: QUESTION,
    });
  });

  it('offers the class’s tests too, and sends the chosen test', async () => {
    const user = userEvent.setup({ delay: null });
    const TEST = '00000000-0000-4000-8000-000000000077';
    backend.on('GET', `/lti/deep-links/${LAUNCH}`, {
      status: 200,
      body: {
        success: true,
        platformName: 'Canvas',
        courseTitle: 'Biology 101',
        linkedClassId: null,
        classes: [
          {
            id: CLASS,
            name: 'Year 9 Biology',
            questions: [{ id: QUESTION, question: 'Explain photosynthesis.', marks: 6 }],
            tests: [{ id: TEST, title: 'Plants quiz', questionCount: 2, marks: 10 }],
          },
        ],
      },
    });
    backend.on('POST', `/lti/deep-links/${LAUNCH}`, {
      status: 400,
      body: { success: false, code: 'VALIDATION', message: L.testNotInClass },
    });
    renderRoutes(
      [{ path: '/lti/deep-link/:launchId', element: <LtiDeepLinkPage /> }],
      `/lti/deep-link/${LAUNCH}`,
    );
    await user.click(await screen.findByText(L.deepLinkKindTest));
    const submit = screen.getByRole('button', { name: L.deepLinkSubmit });
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: L.deepLinkTest }));
    await user.click(
      await screen.findByRole('option', { name: L.deepLinkTestOption('Plants quiz', 2, 10) }),
    );
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(L.testNotInClass);
    expect(backend.seen.find((r) => r.method === 'POST')?.body).toEqual({
      classId: CLASS,
      testId: TEST,
    });
  });
});
