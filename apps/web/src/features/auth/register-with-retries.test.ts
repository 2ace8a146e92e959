import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { REGISTRATION_ATTEMPTS } from '@stem/contract/limits';
import {
  RegistrationAttemptsExhaustedError,
  isRetriableRegistrationError,
  withRegistrationRetries,
} from './register-with-retries';

function httpError(status: number): AxiosError {
  const config = { headers: new AxiosHeaders() };
  const response: AxiosResponse = { status, statusText: '', data: {}, headers: {}, config };
  return new AxiosError('failed', 'ERR_BAD_RESPONSE', config, {}, response);
}
const networkError = () =>
  new AxiosError('Network Error', 'ERR_NETWORK', { headers: new AxiosHeaders() }, {});

const noWait = () => Promise.resolve();

describe('withRegistrationRetries', () => {
  it('retries network errors and 5xx, and returns the first success', async () => {
    const send = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(networkError())
      .mockRejectedValueOnce(httpError(503))
      .mockResolvedValueOnce('created');
    await expect(withRegistrationRetries(send, { wait: noWait })).resolves.toBe('created');
    expect(send).toHaveBeenCalledTimes(3);
  });

  it(`gives up after ${REGISTRATION_ATTEMPTS} attempts with the last error attached`, async () => {
    const last = httpError(500);
    const send = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(networkError())
      .mockRejectedValueOnce(networkError())
      .mockRejectedValueOnce(last);
    const failure = await withRegistrationRetries(send, { wait: noWait }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(RegistrationAttemptsExhaustedError);
    expect((failure as RegistrationAttemptsExhaustedError).lastError).toBe(last);
    expect(send).toHaveBeenCalledTimes(REGISTRATION_ATTEMPTS);
  });

  it('never repeats a 4xx', async () => {
    const conflict = httpError(409);
    const send = vi.fn<() => Promise<string>>().mockRejectedValue(conflict);
    await expect(withRegistrationRetries(send, { wait: noWait })).rejects.toBe(conflict);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('waits longer before each retry', async () => {
    const waits: number[] = [];
    const send = vi.fn<() => Promise<string>>().mockRejectedValue(networkError());
    await withRegistrationRetries(send, {
      delayMs: 100,
      wait: async (ms) => {
        waits.push(ms);
      },
    }).catch(() => undefined);
    expect(waits).toEqual([100, 200]);
  });
});

describe('isRetriableRegistrationError', () => {
  it('is true only for a lost connection or a server fault', () => {
    expect(isRetriableRegistrationError(networkError())).toBe(true);
    expect(isRetriableRegistrationError(httpError(500))).toBe(true);
    expect(isRetriableRegistrationError(httpError(400))).toBe(false);
    expect(isRetriableRegistrationError(httpError(403))).toBe(false);
    expect(isRetriableRegistrationError(new Error('bug'))).toBe(false);
  });
});
