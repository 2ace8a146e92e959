import { Redis } from 'ioredis';

/**
 * The Redis to test against: REDIS_URL (CI sets it), else the machine's default port. Returns null
 * when none answers; on CI that is an error, never a skip.
 */
export async function findTestRedis(): Promise<string | null> {
  const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await client.connect();
    await client.ping();
    return url;
  } catch (error) {
    if (process.env.CI)
      throw new Error(`Redis is required on CI but ${url} did not answer`, { cause: error });
    return null;
  } finally {
    client.disconnect();
  }
}
