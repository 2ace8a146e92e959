import { MESSAGES } from '@stem/contract/messages';
import { ROSTER_PATHS } from '@stem/contract/roster';
import { api, isNoResponse, serverMessageOf, statusOf } from '../../../lib/http';
import { SetPasswordPage, type TSetPasswordPageConfig } from './reset-password-page';

const T = MESSAGES.roster.invitationPage;

/** The server's reason (used, expired, replaced, too easy to guess) or what went wrong on the way. */
export function invitationErrorMessage(error: unknown): string {
  const said = serverMessageOf(error);
  const status = statusOf(error);
  if (said && status !== undefined && status < 500) return said;
  if (status === undefined && isNoResponse(error)) return MESSAGES.password.network;
  return MESSAGES.password.failed;
}

const INVITATION: TSetPasswordPageConfig = {
  texts: { ...MESSAGES.resetPasswordPage, ...T },
  tokenMissing: T.tokenMissing,
  success: T.success,
  send: (body) => api.post(ROSTER_PATHS.acceptInvitation, body),
  errorMessage: invitationErrorMessage,
};

/**
 * /invitation?token=… (issue 29): a person the school admin invited chooses their password with the
 * reset page's form and rules, then signs in.
 */
export default function InvitationPage() {
  return <SetPasswordPage config={INVITATION} />;
}
