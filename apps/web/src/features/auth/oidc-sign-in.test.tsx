import '@testing-library/jest-dom/vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@stem/contract/messages';
import LoginPage from './pages/login-page';
import OidcCallbackPage from './pages/oidc-callback-page';
import { LocationProbe, renderRoutes } from '../../test/render-app';
import { setupLocalBackend } from '../../test/local-backend';
import { sessionUser } from '../../test/session';
import { getItem } from '../../lib/session-core';

const O = MESSAGES.oidc;
const T = MESSAGES.loginPage;
const backend = setupLocalBackend();

function session(role: 'student' | 'teacher', message: string) {
  const user = sessionUser(role);
  return {
    success: true,
    message,
    token: `${role}-token`,
    refreshToken: 'refresh',
    role,
    userId: user.userId,
    name: user.name,
    school: user.school,
    user,
  };
}

function renderAt(entry: string) {
  return renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/login/oidc', element: <OidcCallbackPage /> },
      { path: '/dashboard', element: <LocationProbe /> },
    ],
    entry,
  );
}

describe('sign in with Google or Microsoft', () => {
  it('shows a button only for each provider the server turned on', async () => {
    backend.on('GET', '/auth/oidc/providers', {
      status: 200,
      body: { success: true, providers: [{ id: 'microsoft', label: 'Microsoft' }] },
    });
    renderAt('/login');
    const button = await screen.findByRole('link', { name: O.signInWith('Microsoft') });
    expect(button).toHaveAttribute('href', '/api/v1/stem@home/auth/oidc/microsoft/start');
    expect(screen.queryByRole('link', { name: O.signInWith('Google') })).not.toBeInTheDocument();
  });

  it('shows no button when none is configured', async () => {
    backend.on('GET', '/auth/oidc/providers', {
      status: 200,
      body: { success: true, providers: [] },
    });
    renderAt('/login');
    await expect.poll(() => backend.seen.some((r) => r.path === '/auth/oidc/providers')).toBe(true);
    expect(screen.queryByText(O.divider)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Sign in with/ })).not.toBeInTheDocument();
  });

  it('signs a new student in from the callback page', async () => {
    backend.on('POST', '/auth/oidc/callback', {
      status: 200,
      body: { outcome: 'signedIn', session: session('student', O.signedIn) },
    });
    renderAt('/login/oidc?code=abc&state=xyz&iss=https%3A%2F%2Fidp.example.org');
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
    const sent = backend.seen.find((r) => r.path === '/auth/oidc/callback');
    expect(sent?.body).toEqual({ search: '?code=abc&state=xyz&iss=https%3A%2F%2Fidp.example.org' });
    expect(getItem('token')).toBe('student-token');
  });

  it('asks an existing account to sign in with its password once, and sends the link with it', async () => {
    const user = userEvent.setup({ delay: null });
    const message = O.linkPending('Google', 'teacher@example.com');
    backend.on('POST', '/auth/oidc/callback', {
      status: 200,
      body: {
        outcome: 'linkPending',
        success: true,
        message,
        email: 'teacher@example.com',
        linkToken: 'pending-link-token',
      },
    });
    backend.on('POST', '/auth/login', {
      status: 200,
      body: session('teacher', O.linked('Google')),
    });
    renderAt('/login/oidc?code=abc&state=xyz');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(getItem('token')).toBeNull();
    expect(getItem('oidcLinkToken')).toBe('pending-link-token');

    await user.type(screen.getByRole('textbox', { name: T.emailLabel }), 'teacher@example.com');
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'a-password');
    await user.click(screen.getByRole('button', { name: T.signIn }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
    const login = backend.seen.find((r) => r.path === '/auth/login');
    expect(login?.body).toMatchObject({ linkToken: 'pending-link-token' });
    expect(getItem('oidcLinkToken')).toBeNull();
  });

  it('takes a refusal back to the login page with its message', async () => {
    backend.on('POST', '/auth/oidc/callback', {
      status: 403,
      body: { success: false, code: 'FORBIDDEN', message: O.noSchool },
    });
    renderAt('/login/oidc?code=abc&state=xyz');
    expect(await screen.findByText(O.noSchool)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: T.heading })).toBeInTheDocument();
  });
});
