import { Queue, Worker, type Job } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { QueuePort, TEnqueueOptions, TJobHandler, TRetryPolicy } from './port';

/**
 * BullMQ on Redis: any API process enqueues, any worker process consumes. Retry policy is stored
 * with the job (attempts, exponential back-off); `jobId` deduplicates while a job exists.
 */
export function createBullmqQueue(options: {
  redisUrl: string;
  logger: FastifyBaseLogger;
  /** Key prefix, so tests (and several deployments on one Redis) never see each other's jobs. */
  prefix?: string;
  /** Retry policy used when enqueueing on queues that have no consumer in this process. */
  defaultPolicy?: TRetryPolicy;
}): QueuePort {
  const prefix = options.prefix ?? 'stem';
  const connection = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  const queues = new Map<string, Queue>();
  const workers: Worker[] = [];
  const policies = new Map<string, TRetryPolicy>();
  const defaultPolicy = options.defaultPolicy ?? { attempts: 3, backoffMs: 2_000 };

  const queueFor = (name: string) => {
    let queue = queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection, prefix });
      queues.set(name, queue);
    }
    return queue;
  };

  return {
    name: 'bullmq',
    async enqueue<T>(queue: string, payload: T, enqueueOptions: TEnqueueOptions) {
      const policy = policies.get(queue) ?? defaultPolicy;
      await queueFor(queue).add(queue, payload, {
        jobId: enqueueOptions.jobId,
        attempts: policy.attempts,
        backoff: { type: 'exponential', delay: policy.backoffMs },
        delay: enqueueOptions.delayMs,
        removeOnComplete: { age: 3600, count: 1000 },
        removeOnFail: { age: 24 * 3600, count: 5000 },
      });
    },
    process<T>(
      queue: string,
      handler: TJobHandler<T>,
      policy: TRetryPolicy & { concurrency: number },
    ) {
      policies.set(queue, policy);
      const worker = new Worker(
        queue,
        async (job: Job) => {
          const attempts = job.opts.attempts ?? policy.attempts;
          const attempt = job.attemptsMade + 1;
          return handler(job.data as T, {
            jobId: job.id ?? '',
            attempt,
            isFinalAttempt: attempt >= attempts,
          });
        },
        {
          connection: new Redis(options.redisUrl, { maxRetriesPerRequest: null }),
          prefix,
          concurrency: policy.concurrency,
        },
      );
      worker.on('failed', (job, err) => {
        options.logger.warn(
          { err, queue, jobId: job?.id, attempt: job?.attemptsMade },
          'job failed',
        );
      });
      worker.on('error', (err) => options.logger.error({ err, queue }, 'queue worker error'));
      workers.push(worker);
    },
    async close() {
      await Promise.allSettled(workers.map((w) => w.close()));
      await Promise.allSettled([...queues.values()].map((q) => q.close()));
      await connection.quit().catch(() => undefined);
    },
  };
}
