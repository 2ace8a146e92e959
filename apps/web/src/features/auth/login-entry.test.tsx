import '@testing-library/jest-dom/vitest';
import { act, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_PATHS } from '@stem/contract/api';
import { MESSAGES } from '@stem/contract/messages';
import { render as prerender } from '../../login-prerender';
import { setupLocalBackend } from '../../test/local-backend';
import { sessionUser, uuid } from '../../test/session';
import { LoginRoot } from './login-root';

const T = MESSAGES.loginPage;

const backend = setupLocalBackend();

/** The reply of POST /auth/login for a user of `role`. */
function sessionReply(role: 'teacher' | 'admin') {
  const user = sessionUser(role, {}, uuid(7));
  return {
    status: 200,
    body: {
      success: true,
      message: MESSAGES.login.loggedIn,
      token: `${role}-token`,
      refreshToken: 'refresh',
      role,
      userId: user.userId,
      name: user.name,
      school: user.school,
      user,
    },
  };
}

let mounted: { root: Root; container: HTMLElement } | null = null;

afterEach(() => {
  if (mounted) {
    const { root, container } = mounted;
    act(() => root.unmount());
    container.remove();
    mounted = null;
  }
});

/**
 * login.html as the build writes it (the prerendered page in #root), hydrated as src/login-main.tsx
 * hydrates it: Mantine's provider and the page, no router, no query client.
 */
async function hydrateLoginHtml(onSignedIn: (destination: string) => void) {
  const container = document.createElement('div');
  container.innerHTML = prerender();
  document.body.append(container);
  const mismatches: unknown[] = [];
  const errors = vi.spyOn(console, 'error');
  const root = await act(async () =>
    hydrateRoot(
      container,
      <LoginRoot state={null} navigationKey="default" onSignedIn={onSignedIn} />,
      { onRecoverableError: (error) => mismatches.push(error) },
    ),
  );
  mounted = { root, container };
  return { container, mismatches, errors };
}

describe("the login page's own entry (login.html)", () => {
  it('hydrates the prerendered page without a mismatch; its links are plain links', async () => {
    const { container, mismatches, errors } = await hydrateLoginHtml(() => undefined);
    expect(mismatches).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    const page = within(container);
    expect(page.getByRole('heading', { name: T.heading })).toBeInTheDocument();
    expect(document.title).toBe(T.documentTitle);
    // No router on this entry: the browser loads the app at these addresses.
    expect(page.getByRole('link', { name: T.signUp })).toHaveAttribute('href', '/register');
    expect(page.getByRole('link', { name: T.homeLink })).toHaveAttribute('href', '/');
  });

  it('signs in, stores the session and goes to the dashboard for the role', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('POST', AUTH_PATHS.login, sessionReply('admin'));
    const onSignedIn = vi.fn();
    const { container } = await hydrateLoginHtml(onSignedIn);
    const page = within(container);
    await user.type(page.getByRole('textbox', { name: T.emailLabel }), 'admin@example.com');
    await user.type(
      page.getByLabelText(new RegExp(`^${T.passwordLabel}`), { selector: 'input' }),
      'a-good-password',
    );
    await user.click(page.getByRole('button', { name: T.signIn }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('/admin-dashboard'));
    expect(backend.seen.find((request) => request.path === AUTH_PATHS.login)?.body).toEqual({
      email: 'admin@example.com',
      password: 'a-good-password',
    });
    expect(localStorage.getItem('token')).toBe('admin-token');
    expect(localStorage.getItem('role')).toBe('admin');
    // The button stays busy while the next page loads.
    expect(page.getByRole('button', { name: T.signIn })).toBeDisabled();
  });

  it('says when the credentials are wrong, and lets the visitor try again', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('POST', AUTH_PATHS.login, {
      status: 401,
      body: { success: false, code: 'UNAUTHORIZED', message: 'Invalid credentials' },
    });
    const onSignedIn = vi.fn();
    const { container } = await hydrateLoginHtml(onSignedIn);
    const page = within(container);
    await user.type(page.getByRole('textbox', { name: T.emailLabel }), 'teacher@example.com');
    await user.type(
      page.getByLabelText(new RegExp(`^${T.passwordLabel}`), { selector: 'input' }),
      'wrong-password',
    );
    await user.click(page.getByRole('button', { name: T.signIn }));
    expect(await page.findByText(MESSAGES.login.invalidCredentials)).toBeInTheDocument();
    expect(page.getByRole('button', { name: T.signIn })).toBeEnabled();
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBeNull();
  });
});
