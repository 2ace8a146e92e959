import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createBullmqQueue } from '../../src/adapters/queue/bullmq';
import { createInProcessQueue } from '../../src/adapters/queue/in-process';
import type { QueuePort, TJobContext } from '../../src/adapters/queue/port';
import { findTestRedis } from '../helpers/redis';

const logger = pino({ level: 'silent' });
const redisUrl = await findTestRedis();

type TFactory = () => QueuePort;
const factories: [string, TFactory | null][] = [
  ['in-process', () => createInProcessQueue(logger)],
  [
    'bullmq',
    redisUrl
      ? () =>
          createBullmqQueue({
            redisUrl,
            logger,
            prefix: `stem-test-${randomBytes(4).toString('hex')}`,
          })
      : null,
  ],
];

/** Waits for `check` to hold; only a hang (a generous minute on a busy machine) fails. */
async function waitFor(check: () => boolean, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.each(factories)('queue: %s', (name, factory) => {
  let queue: QueuePort | undefined;
  afterEach(async () => {
    await queue?.close();
    queue = undefined;
  });

  const make = () => {
    if (!factory) throw new Error('unreachable');
    queue = factory();
    return queue;
  };

  it.skipIf(!factory)('runs an enqueued job with its payload', async () => {
    const q = make();
    const seen: unknown[] = [];
    q.process<{ n: number }>(
      'sum',
      async (payload) => {
        seen.push(payload.n);
        return { status: 'done' };
      },
      { concurrency: 2, attempts: 1, backoffMs: 10 },
    );
    await q.enqueue('sum', { n: 1 }, { jobId: 'a' });
    await q.enqueue('sum', { n: 2 }, { jobId: 'b' });
    await waitFor(() => seen.length === 2);
    expect([...seen].sort()).toEqual([1, 2]);
  });

  it.skipIf(!factory)('does not queue a job id that is already waiting or running', async () => {
    const q = make();
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    q.process(
      'mark',
      async () => {
        runs += 1;
        await gate;
        return { status: 'done' };
      },
      { concurrency: 4, attempts: 1, backoffMs: 10 },
    );
    await q.enqueue('mark', {}, { jobId: 'submission-1' });
    await waitFor(() => runs === 1);
    await q.enqueue('mark', {}, { jobId: 'submission-1' });
    await q.enqueue('mark', {}, { jobId: 'submission-1' });
    release();
    await new Promise((r) => setTimeout(r, 300));
    expect(runs).toBe(1);
  });

  it.skipIf(!factory)(
    'retries a failing job with back-off and says which attempt is last',
    async () => {
      const q = make();
      const contexts: TJobContext[] = [];
      const times: number[] = [];
      q.process(
        'flaky',
        async (_payload, context) => {
          contexts.push(context);
          times.push(Date.now());
          if (context.attempt < 3) throw new Error('transient');
          return { status: 'done' };
        },
        { concurrency: 1, attempts: 3, backoffMs: 50 },
      );
      await q.enqueue('flaky', {}, { jobId: 'x' });
      await waitFor(() => contexts.length === 3);
      expect(contexts.map((c) => [c.attempt, c.isFinalAttempt])).toEqual([
        [1, false],
        [2, false],
        [3, true],
      ]);
      // Exponential: the second wait is at least the first back-off doubled.
      expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(90);
    },
  );

  it.skipIf(!factory)('gives up after the allowed attempts', async () => {
    const q = make();
    let runs = 0;
    q.process(
      'doomed',
      async () => {
        runs += 1;
        throw new Error('always');
      },
      { concurrency: 1, attempts: 2, backoffMs: 20 },
    );
    await q.enqueue('doomed', {}, { jobId: 'd' });
    await waitFor(() => runs === 2);
    await new Promise((r) => setTimeout(r, 300));
    expect(runs).toBe(2);
  });

  it.skipIf(!factory)('runs jobs enqueued before a consumer starts', async () => {
    const q = make();
    await q.enqueue('late', { v: 'early' }, { jobId: 'e' });
    const seen: string[] = [];
    q.process<{ v: string }>(
      'late',
      async (p) => {
        seen.push(p.v);
        return { status: 'done' };
      },
      { concurrency: 1, attempts: 1, backoffMs: 10 },
    );
    await waitFor(() => seen.length === 1);
    expect(seen).toEqual(['early']);
  });

  it.skipIf(!factory)('waits for a running job when closing', async () => {
    const q = make();
    let finished = false;
    let started = false;
    q.process(
      'slow',
      async () => {
        started = true;
        await new Promise((r) => setTimeout(r, 200));
        finished = true;
        return { status: 'done' };
      },
      { concurrency: 1, attempts: 1, backoffMs: 10 },
    );
    await q.enqueue('slow', {}, { jobId: 's' });
    await waitFor(() => started);
    await q.close();
    queue = undefined;
    expect(finished).toBe(true);
  });
});
