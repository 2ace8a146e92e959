/** What a job handler reports. Expected outcomes are returned, not thrown; a throw means "retry". */
export type TJobOutcome = { status: 'done' } | { status: 'skipped'; reason: string };

export type TJobContext = {
  jobId: string;
  /** 1 on the first run, 2 on the first retry, ... */
  attempt: number;
  /** True when this run is the last one allowed: a handler may record a permanent failure. */
  isFinalAttempt: boolean;
};

export type TJobHandler<T> = (payload: T, context: TJobContext) => Promise<TJobOutcome>;

export type TRetryPolicy = {
  /** Total runs allowed, first run included. */
  attempts: number;
  /** First back-off delay; doubles on each retry. */
  backoffMs: number;
};

export type TEnqueueOptions = {
  /**
   * Deduplication key: while a job with this id is waiting or running, enqueueing it again does
   * nothing. Marking uses the submission id so one submission is never queued twice.
   */
  jobId: string;
  delayMs?: number;
};

/** A job queue: in-process (embedded) or BullMQ on Redis (several API and worker processes). */
export interface QueuePort {
  readonly name: 'in-process' | 'bullmq';
  enqueue<T>(queue: string, payload: T, options: TEnqueueOptions): Promise<void>;
  /** Starts consuming a queue in this process. */
  process<T>(
    queue: string,
    handler: TJobHandler<T>,
    options: TRetryPolicy & { concurrency: number },
  ): void;
  /** Stops taking new jobs and waits (up to the timeout) for running ones to finish. */
  close(timeoutMs?: number): Promise<void>;
}
