import '@testing-library/jest-dom/vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@stem/contract/messages';
import { getItem } from '../../lib/session-core';
import { setupLocalBackend } from '../../test/local-backend';
import { LocationProbe, renderRoutes } from '../../test/render-app';
import { sessionUser, signIn } from '../../test/session';
import LtiDeepLinkPage from './pages/lti-deep-link-page';
import LtiLaunchPage from './pages/lti-launch-page';
import LtiPlatformsPage from './pages/lti-platforms-page';

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

describe('the LTI launch page inside the LMS frame', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps the code for a new tab when the frame cannot keep a session', async () => {
    // Framed by the LMS, with the browser refusing the frame any storage.
    vi.spyOn(window, 'top', 'get').mockReturnValue({} as Window);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    const user = userEvent.setup({ delay: null });
    renderLaunch('frame-code');
    const button = await screen.findByRole('link', { name: L.newTabButton });
    expect(button).toHaveAttribute('href', '/lti/launch#code=frame-code');
    expect(button).toHaveAttribute('target', '_blank');
    expect(screen.getByText(L.newTabText)).toBeInTheDocument();
    // The code was not spent in the frame.
    expect(backend.seen.some((r) => r.path === '/lti/handoff')).toBe(false);
    await user.click(button);
    expect(await screen.findByText(L.newTabOpened)).toBeInTheDocument();
  });

  it('signs in inside the frame when the frame keeps a session', async () => {
    vi.spyOn(window, 'top', 'get').mockReturnValue({} as Window);
    backend.on('POST', '/lti/handoff', {
      status: 200,
      body: { success: true, session: session('teacher'), destination: { kind: 'home' } },
    });
    renderLaunch('framed-ok');
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
  });
});

describe("the owner's LMS platforms page", () => {
  const P = L.platforms;
  const SCHOOL = '00000000-0000-4000-8000-0000000000dd';
  const platform = {
    id: '00000000-0000-4000-8000-0000000000ee',
    name: 'Canvas',
    schoolId: SCHOOL,
    schoolName: 'Hilltop',
    issuer: 'https://canvas.instructure.com',
    clientId: '10000000000001',
    authLoginUrl: 'https://sso.canvaslms.com/api/lti/authorize_redirect',
    accessTokenUrl: 'https://sso.canvaslms.com/login/oauth2/token',
    jwksUrl: 'https://sso.canvaslms.com/api/lti/security/jwks',
    deploymentIds: [],
    frameOrigins: [],
    framedBy: ['https://canvas.instructure.com', 'https://sso.canvaslms.com'],
    registeredByLms: true,
    createdAt: '2026-12-01T10:00:00.000Z',
  };

  function serve() {
    backend.on('GET', '/owner/lti/platforms', {
      status: 200,
      body: {
        success: true,
        tool: { loginUrl: 'l', launchUrl: 'u', deepLinkUrl: 'u', jwksUrl: 'j' },
        platforms: [platform],
      },
    });
    backend.on('GET', '/owner/lti/registration-links', {
      status: 200,
      body: { success: true, links: [] },
    });
    backend.on('GET', '/owner/schools', {
      status: 200,
      body: {
        success: true,
        data: [
          {
            _id: SCHOOL,
            code: 'HILLTOP000000001',
            name: 'Hilltop',
            imageUrl: null,
            active: true,
            isTrial: false,
            plan: 'classroom',
            schoolType: 'classroom',
            createdAt: '2026-12-01T10:00:00.000Z',
            trialExpiresAt: null,
            userCount: 3,
          },
        ],
        page: { nextCursor: null, total: 1, matched: 1 },
      },
    });
  }

  it('makes a registration link and shows its address once', async () => {
    signIn('owner');
    serve();
    backend.on('POST', '/owner/lti/registration-links', {
      status: 201,
      body: {
        success: true,
        message: P.linkMade,
        url: 'http://localhost/api/v1/stem@home/lti/register?link=secret-once',
        link: {
          id: '00000000-0000-4000-8000-0000000000ff',
          name: 'Moodle',
          schoolId: SCHOOL,
          schoolName: 'Hilltop',
          status: 'waiting',
          platformName: null,
          expiresAt: '2026-12-01T11:00:00.000Z',
          usedAt: null,
          createdAt: '2026-12-01T10:00:00.000Z',
        },
      },
    });
    const user = userEvent.setup({ delay: null });
    renderRoutes([{ path: '/lms-platforms', element: <LtiPlatformsPage /> }], '/lms-platforms');
    expect(await screen.findByText(P.byLms)).toBeInTheDocument();
    expect(screen.getByText(P.needsDeployment)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: P.linkName }), 'Moodle');
    const schools = screen.getAllByRole('combobox', { name: P.school });
    await user.click(schools[schools.length - 1] as HTMLElement);
    await user.click(await screen.findByRole('option', { name: 'Hilltop' }));
    await user.click(screen.getByRole('button', { name: P.makeLink }));
    expect(await screen.findByText(P.linkMade)).toBeInTheDocument();
    expect(screen.getByText(/link=secret-once/)).toBeInTheDocument();
    expect(backend.seen.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Moodle',
      schoolId: SCHOOL,
    });
  });

  it("changes a platform's deployments and frame origins, naming a bad address", async () => {
    signIn('owner');
    serve();
    backend.on('PATCH', `/owner/lti/platforms/${platform.id}`, {
      status: 200,
      body: {
        success: true,
        message: P.updated('Canvas'),
        platform: { ...platform, deploymentIds: ['1:abc'] },
      },
    });
    const user = userEvent.setup({ delay: null });
    renderRoutes([{ path: '/lms-platforms', element: <LtiPlatformsPage /> }], '/lms-platforms');
    await user.click(await screen.findByRole('button', { name: P.edit('Canvas') }));
    const dialog = within(await screen.findByRole('dialog'));
    const deployments = dialog.getByRole('textbox', { name: P.deploymentIds });
    const origins = dialog.getByRole('textbox', { name: P.frameOrigins });
    await user.type(deployments, '1:abc');
    await user.type(origins, 'https://hilltop.instructure.com/courses');
    await user.click(dialog.getByRole('button', { name: P.save }));
    expect(await dialog.findByText(P.frameOriginInvalid)).toBeInTheDocument();
    expect(backend.seen.some((r) => r.method === 'PATCH')).toBe(false);
    await user.clear(origins);
    await user.type(origins, 'https://hilltop.instructure.com');
    await user.click(dialog.getByRole('button', { name: P.save }));
    expect(await screen.findByText(P.updated('Canvas'))).toBeInTheDocument();
    expect(backend.seen.find((r) => r.method === 'PATCH')?.body).toEqual({
      deploymentIds: ['1:abc'],
      frameOrigins: ['https://hilltop.instructure.com'],
    });
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
