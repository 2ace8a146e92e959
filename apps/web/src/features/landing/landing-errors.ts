import { PUBLIC_MESSAGES } from '@stem/contract/messages-public';
import { isNoResponse, serverMessageOf, statusOf } from '../../lib/http';

const E = PUBLIC_MESSAGES.emailModal;

/** A 429 is a rate limit (spec 01 §8): the server's wording, which says when to try again. */
function rateLimitMessage(error: unknown): string | undefined {
  return statusOf(error) === 429
    ? (serverMessageOf(error) ?? PUBLIC_MESSAGES.generic.rateLimited)
    : undefined;
}

/** The text under 'Failed to create trial account' when POST /trial/create fails. */
export function trialCreateErrorOf(error: unknown): string {
  const limited = rateLimitMessage(error);
  if (limited) return limited;
  if (isNoResponse(error)) return PUBLIC_MESSAGES.generic.network;
  return PUBLIC_MESSAGES.trialModal.failedText;
}

/** The alert of the e-mail trial when the address is taken: the server's message or the spec's. */
export function emailExistsMessage(serverMessage: string | undefined): string {
  return serverMessage && serverMessage.trim() !== '' ? serverMessage : E.emailExists;
}

/** The e-mail check or the sign-up link request failed (a 409: the address has an account). */
export function emailTrialErrorOf(error: unknown): string {
  if (statusOf(error) === 409) return emailExistsMessage(serverMessageOf(error));
  return rateLimitMessage(error) ?? E.emailCheckFailed;
}

/** A message mentioning an existing e-mail becomes the spec's own sentence (spec 01 §8 Checkout). */
function checkoutMessage(message: string | undefined, fallback: string): string {
  if (message && /email already exists/i.test(message)) return E.planEmailExists;
  return message && message.trim() !== '' ? message : fallback;
}

/** A checkout reply without a URL (success false). */
export function checkoutRefusalOf(message: string | undefined): string {
  return checkoutMessage(message, E.checkoutFailed);
}

/** A failed checkout call. */
export function checkoutErrorOf(error: unknown): string {
  const limited = rateLimitMessage(error);
  if (limited) return limited;
  const message = serverMessageOf(error);
  if (message && /email already exists/i.test(message)) return E.planEmailExists;
  if (statusOf(error) === 409) return E.planEmailExists;
  const status = statusOf(error);
  if (status !== undefined && status >= 400 && status < 500 && message) return message;
  return E.paymentError;
}
