import type { FastifyBaseLogger } from 'fastify';
import type { QueuePort, TEnqueueOptions, TJobHandler, TRetryPolicy } from './port';

type TEntry = { jobId: string; payload: unknown; attempt: number };
type TConsumer = {
  handler: TJobHandler<unknown>;
  policy: TRetryPolicy & { concurrency: number };
  running: number;
  waiting: TEntry[];
};

/**
 * The embedded queue: jobs run in this process with the same retry and deduplication rules as the
 * BullMQ adapter. Jobs queued before a consumer exists wait for it.
 */
export function createInProcessQueue(logger: FastifyBaseLogger): QueuePort {
  const consumers = new Map<string, TConsumer>();
  const early = new Map<string, TEntry[]>();
  /** Job ids waiting, delayed or running, per queue: the deduplication set. */
  const active = new Map<string, Set<string>>();
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();
  let closed = false;

  const activeSet = (queue: string) => {
    let set = active.get(queue);
    if (!set) active.set(queue, (set = new Set()));
    return set;
  };

  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
  };

  const pump = (queue: string) => {
    const consumer = consumers.get(queue);
    if (!consumer || closed) return;
    while (consumer.running < consumer.policy.concurrency && consumer.waiting.length > 0) {
      const entry = consumer.waiting.shift() as TEntry;
      consumer.running += 1;
      const run = runOnce(queue, consumer, entry).finally(() => {
        consumer.running -= 1;
        inFlight.delete(run);
        pump(queue);
      });
      inFlight.add(run);
    }
  };

  const runOnce = async (queue: string, consumer: TConsumer, entry: TEntry) => {
    const isFinalAttempt = entry.attempt >= consumer.policy.attempts;
    try {
      await consumer.handler(entry.payload, {
        jobId: entry.jobId,
        attempt: entry.attempt,
        isFinalAttempt,
      });
      activeSet(queue).delete(entry.jobId);
    } catch (err) {
      if (isFinalAttempt || closed) {
        activeSet(queue).delete(entry.jobId);
        logger.error({ err, queue, jobId: entry.jobId, attempt: entry.attempt }, 'job failed');
        return;
      }
      const delay = consumer.policy.backoffMs * 2 ** (entry.attempt - 1);
      logger.warn({ err, queue, jobId: entry.jobId, attempt: entry.attempt, delay }, 'job retry');
      later(delay, () => {
        consumer.waiting.push({ ...entry, attempt: entry.attempt + 1 });
        pump(queue);
      });
    }
  };

  const push = (queue: string, entry: TEntry) => {
    const consumer = consumers.get(queue);
    if (consumer) {
      consumer.waiting.push(entry);
      pump(queue);
    } else {
      early.set(queue, [...(early.get(queue) ?? []), entry]);
    }
  };

  return {
    name: 'in-process',
    async enqueue<T>(queue: string, payload: T, options: TEnqueueOptions) {
      if (closed) throw new Error('The queue is closed');
      const ids = activeSet(queue);
      if (ids.has(options.jobId)) return;
      ids.add(options.jobId);
      const entry: TEntry = { jobId: options.jobId, payload, attempt: 1 };
      if (options.delayMs) later(options.delayMs, () => push(queue, entry));
      else push(queue, entry);
    },
    process<T>(
      queue: string,
      handler: TJobHandler<T>,
      policy: TRetryPolicy & { concurrency: number },
    ) {
      if (consumers.has(queue)) throw new Error(`Queue ${queue} already has a consumer`);
      consumers.set(queue, {
        handler: handler as TJobHandler<unknown>,
        policy,
        running: 0,
        waiting: early.get(queue) ?? [],
      });
      early.delete(queue);
      pump(queue);
    },
    async close(timeoutMs = 10_000) {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...inFlight]),
        new Promise<void>((resolve) => {
          timeout = setTimeout(resolve, timeoutMs);
        }),
      ]);
      clearTimeout(timeout);
    },
  };
}
