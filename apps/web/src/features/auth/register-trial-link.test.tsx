// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@stem/contract/messages';
import { TRIAL_PATHS } from '@stem/contract/trial';
import { setupLocalBackend } from '../../test/local-backend';
import { LocationProbe, renderRoutes } from '../../test/render-app';
import RegisterPage from './pages/register-page';

const backend = setupLocalBackend();
const EMAIL = 'teacher.one@example.com';
const LINK = `/register?showTrial=true&email=${encodeURIComponent(EMAIL)}&token=tok123&ts=1765000000000`;

function renderLink() {
  return renderRoutes(
    [
      { path: '/register', element: <RegisterPage /> },
      { path: '/login', element: <LocationProbe /> },
    ],
    LINK,
  );
}

/** Issue 26: the e-mailed sign-up link asks the server for its one school, with its proof. */
describe('register page opening a trial sign-up link', { timeout: 20_000 }, () => {
  it("asks for the link's own school, sending the link's e-mail, token and ts", async () => {
    backend.on('POST', TRIAL_PATHS.create, {
      status: 201,
      body: {
        success: true,
        message: MESSAGES.trial.created,
        data: {
          schoolName: 'Trial School ABCD',
          schoolCode: 'ABCD1234EFGH5678',
          expirationDate: '2030-06-15T10:00:00.000Z',
          trialDays: 14,
        },
      },
    });
    renderLink();
    expect(await screen.findByText('Trial School ABCD')).toBeInTheDocument();
    expect(backend.seen.find((r) => r.path === TRIAL_PATHS.create)?.body).toEqual({
      email: EMAIL,
      token: 'tok123',
      ts: '1765000000000',
    });
  });

  it('says the trial already exists and how to sign in when the link was used', async () => {
    backend.on('POST', TRIAL_PATHS.create, {
      status: 409,
      body: { success: false, code: 'CONFLICT', message: MESSAGES.trial.linkUsed(EMAIL) },
    });
    renderLink();
    const alert = await screen.findByTestId('trial-school-error');
    expect(alert).toHaveTextContent(MESSAGES.trial.linkUsed(EMAIL));
    expect(within(alert).getByRole('link', { name: MESSAGES.registerPage.logIn })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(screen.getByRole('button', { name: MESSAGES.registerPage.submit })).toBeDisabled();
  });
});
