import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Redis } from 'ioredis';
import { RATE_LIMITS } from '@stem/contract/limits';

/**
 * Failed sign-ins per client, whatever the e-mail (issue 26: one client cycling e-mails was never
 * slowed). The client is the browser when it carries the device cookie a successful sign-in left
 * (signed, so it cannot be made up), else the address. Counts are kept in Redis when configured, so
 * every API process sees the same; otherwise in this process.
 */

export const DEVICE_COOKIE = 'stem_device';
const DEVICE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export type TClient = { key: string; limit: { max: number; windowMs: number }; hasDevice: boolean };

/** Signs a device id with the app's secret: `<id>.<mac>`. */
function signDevice(secret: string, id: string): string {
  const mac = createHmac('sha256', secret).update(`device:${id}`).digest('base64url').slice(0, 22);
  return `${id}.${mac}`;
}

/** The device id of a well-signed cookie value, else null. */
function verifyDevice(secret: string, value: string): string | null {
  const id = value.split('.')[0] ?? '';
  if (!/^[A-Za-z0-9_-]{22}$/.test(id)) return null;
  const expected = Buffer.from(signDevice(secret, id));
  const given = Buffer.from(value);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}

/** The value of one cookie of a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** Who is signing in: their device when the cookie is good, else their address. */
export function clientOf(
  secret: string,
  request: { ip: string; headers: { cookie?: string | undefined } },
): TClient {
  const value = cookieValue(request.headers.cookie, DEVICE_COOKIE);
  const device = value ? verifyDevice(secret, value) : null;
  return device
    ? { key: `device:${device}`, limit: RATE_LIMITS.loginFailuresPerDevice, hasDevice: true }
    : {
        key: `address:${request.ip}`,
        limit: RATE_LIMITS.loginFailuresPerAddress,
        hasDevice: false,
      };
}

/** The Set-Cookie header of a new device cookie (sent on a successful sign-in without one). */
export function newDeviceCookie(secret: string, secure: boolean, path: string): string {
  const value = signDevice(secret, randomBytes(16).toString('base64url'));
  return `${DEVICE_COOKIE}=${value}; Path=${path}; Max-Age=${DEVICE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

export type TFailureCounter = {
  /** Seconds until the client may try again, or 0 when it may now. */
  blockedFor(client: TClient): Promise<number>;
  /** Counts one failed sign-in of the client. */
  fail(client: TClient): Promise<void>;
};

/** Fixed windows: the first failure starts a window of `windowMs`; `max` failures fill it. */
export function createFailureCounter(options: {
  redis: Redis | undefined;
  prefix: string;
  now?: () => number;
}): TFailureCounter {
  const now = options.now ?? Date.now;
  const { redis } = options;
  if (redis) {
    const keyOf = (client: TClient) => `${options.prefix}${client.key}`;
    return {
      async blockedFor(client) {
        const [[, count], [, ttl]] = ((await redis
          .multi()
          .get(keyOf(client))
          .pttl(keyOf(client))
          .exec()) ?? [
          [null, null],
          [null, -2],
        ]) as [[unknown, string | null], [unknown, number]];
        if (Number(count ?? 0) < client.limit.max) return 0;
        return Math.max(1, Math.ceil((ttl > 0 ? ttl : client.limit.windowMs) / 1000));
      },
      async fail(client) {
        const key = keyOf(client);
        const count = await redis.incr(key);
        if (count === 1) await redis.pexpire(key, client.limit.windowMs);
      },
    };
  }
  const windows = new Map<string, { count: number; endsAt: number }>();
  const live = (client: TClient) => {
    const window = windows.get(client.key);
    if (window && window.endsAt <= now()) {
      windows.delete(client.key);
      return undefined;
    }
    return window;
  };
  return {
    async blockedFor(client) {
      const window = live(client);
      if (!window || window.count < client.limit.max) return 0;
      return Math.max(1, Math.ceil((window.endsAt - now()) / 1000));
    },
    async fail(client) {
      const window = live(client);
      if (window) window.count += 1;
      else {
        // Old windows go as new ones come, so the map holds only the last window's clients.
        if (windows.size >= 100_000) {
          for (const [key, w] of windows) if (w.endsAt <= now()) windows.delete(key);
        }
        windows.set(client.key, { count: 1, endsAt: now() + client.limit.windowMs });
      }
    },
  };
}
