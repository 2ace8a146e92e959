import { AUTH_PATHS } from '@stem/contract/api';
import {
  ZSessionResponse,
  ZValidateSchoolResponse,
  type TLoginRequest,
  type TRegisterRequest,
  type TSessionResponse,
  type TSetPasswordRequest,
  type TValidateSchoolResponse,
} from '@stem/contract/auth';
import { OIDC_PATHS, ZOidcCallbackResponse, type TOidcCallbackResponse } from '@stem/contract/oidc';
import { api } from '../../lib/http';

interface TMessageReply {
  success?: boolean;
  message?: string;
}

/** Password sign-in; the reply is checked against the contract before it is stored. */
export async function signIn(body: TLoginRequest): Promise<TSessionResponse> {
  return ZSessionResponse.parse(await api.post<unknown>(AUTH_PATHS.login, body));
}

export function requestMagicLink(email: string): Promise<TMessageReply> {
  return api.post<TMessageReply>(AUTH_PATHS.magicLink, { email });
}

export function requestPasswordReset(email: string): Promise<TMessageReply> {
  return api.post<TMessageReply>(AUTH_PATHS.resetPassword, { email });
}

/** The raw reply: the page decides success from its success flag (spec 01 §5). */
export function verifyMagicLink(token: string): Promise<unknown> {
  return api.post<unknown>(AUTH_PATHS.magicLinkVerify, { token });
}

export function updatePassword(body: TSetPasswordRequest): Promise<TMessageReply> {
  return api.post<TMessageReply>(AUTH_PATHS.updatePassword, body);
}

export function registerAccount(body: TRegisterRequest): Promise<TMessageReply> {
  return api.post<TMessageReply>(AUTH_PATHS.register, body);
}

export async function validateSchoolCode(schoolCode: string): Promise<TValidateSchoolResponse> {
  return ZValidateSchoolResponse.parse(
    await api.post<unknown>(AUTH_PATHS.validateSchool, { schoolCode }),
  );
}

/** Finishes a Google / Microsoft sign-in with the query string the provider sent back (issue 29). */
export async function finishOidcSignIn(search: string): Promise<TOidcCallbackResponse> {
  return ZOidcCallbackResponse.parse(await api.post<unknown>(OIDC_PATHS.callback, { search }));
}
