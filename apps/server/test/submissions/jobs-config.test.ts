import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stem-jobs-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const load = (env: Record<string, string>) =>
  loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40), ...env });

describe('job settings', () => {
  it('has defaults an operator need not touch', () => {
    expect(load({}).jobs).toEqual({
      runInApi: true,
      queuePrefix: 'stem',
      markingAttempts: 4,
      markingBackoffMs: 5_000,
      markWaitMs: 25_000,
      markingLeaseMs: 30_000,
    });
  });

  it('lets API processes leave the queues to workers only when the queues are in Redis', () => {
    expect(load({ RUN_JOBS_IN_API: 'false' }).jobs.runInApi).toBe(true);
    expect(
      load({ RUN_JOBS_IN_API: 'false', REDIS_URL: 'redis://127.0.0.1:6379' }).jobs.runInApi,
    ).toBe(false);
  });

  it.each([
    ['RUN_JOBS_IN_API', 'no'],
    ['QUEUE_PREFIX', 'has spaces'],
    ['QUEUE_PREFIX', 'a:b'],
    ['MARKING_ATTEMPTS', '0'],
    ['MARKING_BACKOFF_MS', 'soon'],
    ['MARK_WAIT_MS', '-1'],
    ['MARKING_LEASE_MS', '1000'],
  ])('refuses %s=%s, naming the variable', (name, value) => {
    expect(() => load({ [name]: value })).toThrow(ConfigError);
    expect(() => load({ [name]: value })).toThrow(name);
  });
});
