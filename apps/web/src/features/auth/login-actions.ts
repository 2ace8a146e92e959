/**
 * What the login page does when a form is sent: the forms' schemas, the calls, storing the session
 * and the error wording. The page loads this module when the visitor first focuses a field (or
 * sends a form), so its first load carries neither the schema library nor the HTTP client.
 */
import { ZEmailRequest, ZLoginRequest, type TLoginRequest } from '@stem/contract/auth';
import { saveSession } from '../../lib/session';
import { getItem, setItem } from '../../lib/session-core';
import { requestMagicLink, requestPasswordReset, signIn } from './api';
import { destinationAfterSignIn, loginErrorMessage } from './auth-messages';

export { loginErrorMessage, requestMagicLink, requestPasswordReset };

type TIssues = readonly { path: readonly PropertyKey[]; message: string }[];
type TChecked<T> = { ok: true; data: T } | { ok: false; issues: TIssues };

export function checkLogin(input: { email: string; password: string }): TChecked<TLoginRequest> {
  const parsed = ZLoginRequest.safeParse(input);
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, issues: parsed.error.issues };
}

export function checkEmail(input: { email: string }): TChecked<{ email: string }> {
  const parsed = ZEmailRequest.safeParse(input);
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, issues: parsed.error.issues };
}

/**
 * Password sign-in: stores the session and answers where the user goes next. A Google / Microsoft
 * identity waiting in this browser (issue 29) is sent along, and linked by the server when the
 * password checks out; it is dropped once the sign-in succeeded.
 */
export async function signInAndStore(body: TLoginRequest): Promise<string> {
  const linkToken = getItem('oidcLinkToken');
  const session = await signIn(linkToken ? { ...body, linkToken } : body);
  setItem('oidcLinkToken', null);
  saveSession(session);
  return destinationAfterSignIn(session.role);
}
