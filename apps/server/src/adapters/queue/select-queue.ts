import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../../config';
import { createBullmqQueue } from './bullmq';
import { createInProcessQueue } from './in-process';
import type { QueuePort } from './port';

/** Config picks the queue: BullMQ when REDIS_URL is set, otherwise in-process. */
export function selectQueue(config: TConfig, logger: FastifyBaseLogger): QueuePort {
  if (config.redisUrl) {
    return createBullmqQueue({
      redisUrl: config.redisUrl,
      logger,
      prefix: config.jobs.queuePrefix,
      // An API process that only enqueues (RUN_JOBS_IN_API=false) must still store the marking
      // retry policy with each job: marking is the queue it enqueues on.
      defaultPolicy: {
        attempts: config.jobs.markingAttempts,
        backoffMs: config.jobs.markingBackoffMs,
      },
    });
  }
  return createInProcessQueue(logger);
}
