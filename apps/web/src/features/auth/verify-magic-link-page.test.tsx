import '@testing-library/jest-dom/vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@stem/contract/messages';
import LoginPage from './pages/login-page';
import VerifyMagicLinkPage from './pages/verify-magic-link-page';
import { renderRoutes } from '../../test/render-app';

describe('magic link verification page', () => {
  it('fails at once without a token, and carries the message back to the login page', async () => {
    const user = userEvent.setup({ delay: null });
    renderRoutes(
      [
        { path: '/login/verify', element: <VerifyMagicLinkPage /> },
        { path: '/login', element: <LoginPage /> },
      ],
      '/login/verify',
    );
    expect(
      screen.getByRole('heading', { name: MESSAGES.magicLinkPage.errorTitle }),
    ).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.magicLink.missingToken)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.magicLinkPage.verifyingTitle)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: MESSAGES.magicLinkPage.backToLogin }));
    expect(
      await screen.findByRole('heading', { name: MESSAGES.loginPage.heading }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.magicLink.missingToken);
  });
});
