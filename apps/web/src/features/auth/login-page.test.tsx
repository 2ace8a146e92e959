import '@testing-library/jest-dom/vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GENERATED_SCHOOL_CODE_VISIBLE_MS } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import LoginPage from './pages/login-page';
import { renderRoutes } from '../../test/render-app';
import { rememberSignedOutReason } from '../../lib/session-core';

const T = MESSAGES.loginPage;

function renderLogin(state?: unknown) {
  return renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <p>register</p> },
    ],
    // createMemoryRouter accepts { pathname, state } entries.
    (state ? { pathname: '/login', state } : '/login') as string,
  );
}

const emailField = () => screen.getByRole('textbox', { name: T.emailLabel });
const passwordField = () =>
  screen.queryByLabelText(new RegExp(`^${T.passwordLabel}`), { selector: 'input' });

afterEach(() => {
  vi.useRealTimers();
});

describe('login page', () => {
  it('offers password and magic-link sign-in, with a link to sign up', async () => {
    const user = userEvent.setup({ delay: null });
    renderLogin();
    expect(document.title).toBe(T.documentTitle);
    expect(screen.getByRole('heading', { name: T.heading })).toBeInTheDocument();
    expect(emailField()).toHaveAttribute('autocomplete', 'email');
    expect(passwordField()).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByRole('link', { name: T.signUp })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: T.homeLink })).toHaveAttribute('href', '/');

    await user.click(screen.getByRole('tab', { name: T.magicLinkTab }));
    expect(emailField()).toBeInTheDocument();
    expect(passwordField()).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: T.sendMagicLink })).toBeInTheDocument();
  });

  it('switches to the forgot-password form and back', async () => {
    const user = userEvent.setup({ delay: null });
    renderLogin();
    await user.click(screen.getByRole('button', { name: T.forgotPassword }));
    expect(screen.getByRole('heading', { name: T.resetHeading })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: T.sendResetInstructions })).toBeInTheDocument();
    expect(passwordField()).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: T.backToLogin }));
    expect(screen.getByRole('heading', { name: T.heading })).toBeInTheDocument();
  });

  it('checks the e-mail address before sending anything', async () => {
    const user = userEvent.setup({ delay: null });
    renderLogin();
    await user.type(emailField(), 'not-an-address');
    await user.type(passwordField() as HTMLElement, 'secret{Enter}');
    // The check runs once ./login-actions has loaded (first focus fetches it).
    expect(await screen.findByText(MESSAGES.register.emailInvalid)).toBeInTheDocument();
  });

  it('shows a message handed over by another page', () => {
    renderLogin({ message: MESSAGES.password.success });
    expect(screen.getByText(MESSAGES.password.success)).toBeInTheDocument();
  });

  it('says why the server signed the person out (a deactivated school), once', async () => {
    rememberSignedOutReason(MESSAGES.register.inactiveSchool);
    const first = renderLogin();
    expect(await screen.findByText(MESSAGES.register.inactiveSchool)).toBeInTheDocument();
    first.unmount();
    renderLogin();
    expect(screen.queryByText(MESSAGES.register.inactiveSchool)).not.toBeInTheDocument();
  });

  it('shows a generated school code in groups of four, copies it, and says so', async () => {
    const user = userEvent.setup({ delay: null });
    localStorage.setItem('generatedSchoolCode', 'ABCD1234EFGH5678');
    localStorage.setItem('trialSchoolName', 'Riverside Academy');
    renderLogin();
    const box = screen.getByRole('region', { name: MESSAGES.generatedSchoolCode.title });
    expect(within(box).getByText('ABCD-1234-EFGH-5678')).toBeInTheDocument();
    expect(within(box).getByText('Riverside Academy')).toBeInTheDocument();
    expect(within(box).getByText(MESSAGES.generatedSchoolCode.note)).toBeInTheDocument();

    await user.click(within(box).getByRole('button', { name: MESSAGES.generatedSchoolCode.copy }));
    expect(await navigator.clipboard.readText()).toBe('ABCD1234EFGH5678');
    expect(
      within(box).getByRole('button', { name: MESSAGES.settings.copiedLabel }),
    ).toBeInTheDocument();
    expect(within(box).getByText(MESSAGES.settings.copied)).toBeInTheDocument();
  });

  it('forgets the generated school code after five minutes on the page', () => {
    vi.useFakeTimers();
    localStorage.setItem('generatedSchoolCode', 'ABCD1234EFGH5678');
    localStorage.setItem('trialSchoolName', 'Riverside Academy');
    renderLogin();
    expect(screen.getByText('ABCD-1234-EFGH-5678')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(GENERATED_SCHOOL_CODE_VISIBLE_MS - 1000));
    expect(screen.getByText('ABCD-1234-EFGH-5678')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('ABCD-1234-EFGH-5678')).not.toBeInTheDocument();
    expect(localStorage.getItem('generatedSchoolCode')).toBeNull();
    expect(localStorage.getItem('trialSchoolName')).toBeNull();
  });
});
