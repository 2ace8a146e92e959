import { REGISTRATION_ATTEMPTS, REGISTRATION_RETRY_DELAY_MS } from '@stem/contract/limits';
import { isNoResponse, statusOf } from '../../lib/http';

/** Every attempt failed with a network error or a 5xx; `lastError` is the final one. */
export class RegistrationAttemptsExhaustedError extends Error {
  constructor(readonly lastError: unknown) {
    super('Registration failed after every attempt');
    this.name = 'RegistrationAttemptsExhaustedError';
  }
}

/** Only a lost connection or a server fault is worth repeating; a 4xx answer would not change. */
export function isRetriableRegistrationError(error: unknown): boolean {
  const status = statusOf(error);
  if (status === undefined) return isNoResponse(error);
  return status >= 500;
}

interface TRetryOptions {
  attempts?: number;
  delayMs?: number;
  wait?: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends a registration up to REGISTRATION_ATTEMPTS times (spec 01 §4), waiting a little longer
 * before each retry. A 4xx is thrown at once; exhausting the attempts throws
 * RegistrationAttemptsExhaustedError.
 */
export async function withRegistrationRetries<T>(
  send: () => Promise<T>,
  {
    attempts = REGISTRATION_ATTEMPTS,
    delayMs = REGISTRATION_RETRY_DELAY_MS,
    wait = sleep,
  }: TRetryOptions = {},
): Promise<T> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    try {
      return await send();
    } catch (error) {
      if (!isRetriableRegistrationError(error)) throw error;
      lastError = error;
      if (attempt < attempts) await wait(delayMs * attempt);
    }
  }
  throw new RegistrationAttemptsExhaustedError(lastError);
}
