import type { APIRequestContext, APIResponse } from '@playwright/test';
import { API_BASE, AUTH_PATHS } from '@stem/contract/api';
import { baseUrl } from './run-state';

/**
 * Signs in through the API's login as a spec's setup does. The login is limited per address and
 * e-mail (10 a minute), and one spec after another signs the same seeded teacher in from this one
 * address: a 429 here is the product's limit working, not the test's subject, so the sign-in waits
 * the Retry-After the server names (at most a minute, three times) and tries again.
 */
export async function signInByApi(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<APIResponse> {
  for (let attempt = 0; ; attempt++) {
    const reply = await request.post(`${baseUrl()}${API_BASE}${AUTH_PATHS.login}`, {
      data: { email, password },
    });
    if (reply.status() !== 429 || attempt >= 3) return reply;
    const seconds = Number(reply.headers()['retry-after'] ?? '5');
    const wait = Math.min(61, Number.isFinite(seconds) && seconds > 0 ? seconds : 5);
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
  }
}
