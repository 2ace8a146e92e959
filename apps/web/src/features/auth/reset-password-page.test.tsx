import '@testing-library/jest-dom/vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@stem/contract/messages';
import ResetPasswordPage from './pages/reset-password-page';
import { LocationProbe, renderRoutes } from '../../test/render-app';

const T = MESSAGES.resetPasswordPage;

function renderReset(entry: string) {
  return renderRoutes(
    [
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/login', element: <LocationProbe /> },
    ],
    entry,
  );
}

describe('reset password page', () => {
  it('says the token is missing when the link has none, and offers the way back', () => {
    renderReset('/reset-password');
    expect(screen.getByText(MESSAGES.password.tokenMissing)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.submit })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.backToLogin })).toHaveAttribute('href', '/login');
    expect(document.title).toBe(T.documentTitle);
  });

  it('checks length and confirmation before sending anything', async () => {
    const user = userEvent.setup({ delay: null });
    renderReset('/reset-password?token=abc123');
    const password = screen.getByLabelText(new RegExp(`^${T.newPasswordLabel}`));
    const confirm = screen.getByLabelText(new RegExp(`^${T.confirmPasswordLabel}`));

    await user.type(password, 'short');
    await user.type(confirm, 'short{Enter}');
    expect(screen.getByText(MESSAGES.password.tooShort)).toBeInTheDocument();

    await user.clear(password);
    await user.type(password, 'long enough');
    await user.clear(confirm);
    await user.type(confirm, 'long enougH');
    await user.click(screen.getByRole('button', { name: T.submit }));
    expect(screen.queryByText(MESSAGES.password.tooShort)).not.toBeInTheDocument();
    expect(screen.getByText(MESSAGES.password.mismatch)).toBeInTheDocument();
  });
});
