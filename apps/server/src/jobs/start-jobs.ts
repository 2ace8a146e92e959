import type { QueuePort } from '../adapters/queue/port';
import type { TConfig } from '../config';
import { findStuckSubmissions, type TMarkingDeps } from '../modules/marking/marking.service';
import { enqueueMarking, MARKING_QUEUE, markSubmissionHandler } from './mark-submission.job';
import type { TScanDeps } from '../modules/scans/scans.reader';
import { startBatchHeartbeat } from '../modules/scans/scans.recovery';
import {
  SCAN_ATTEMPTS,
  SCAN_BACKOFF_MS,
  SCAN_CONCURRENCY,
  SCAN_QUEUE,
  scanBatchHandler,
} from './scan-batch.job';

/** How often consumers look for pending submissions whose job was lost. */
export const RECOVERY_INTERVAL_MS = 3 * 60_000;
/** Marking jobs run at once per process (hosted AI calls are the slow part). */
export const MARKING_CONCURRENCY = 4;

export type TJobDeps = TMarkingDeps & {
  queue: QueuePort;
  config: TConfig;
  /** Reads scanned answer-sheet stacks (issue 12); without it this process does not consume them. */
  ocr?: TScanDeps['ocr'] | undefined;
  /** The worker threads drawing the stacks' pages; needed with `ocr`. */
  imageWork?: TScanDeps['imageWork'] | undefined;
};

/**
 * Re-queues pending submissions nobody is marking and nobody touched for `idleMs`. An in-process
 * queue loses its jobs when the process stops; BullMQ keeps them, but a run that crashed holding the
 * lease is only skipped by its own retry. Never throws (it runs on a timer).
 */
export async function recoverStuckMarkings(deps: TJobDeps, idleMs: number): Promise<number> {
  try {
    const stuck = await findStuckSubmissions(deps, idleMs);
    for (const row of stuck) {
      await enqueueMarking(deps.queue, row.id, {
        kind: 'recover',
        markingAttempts: row.markingAttempts,
      });
    }
    if (stuck.length > 0) deps.logger.info({ count: stuck.length }, 'stuck markings re-queued');
    return stuck.length;
  } catch (err) {
    deps.logger.error({ err }, 'marking recovery failed');
    return 0;
  }
}

/**
 * Starts this process's queue consumers (the marking queue) and the recovery timer. Returns a stop
 * function; closing the queue itself is the caller's job.
 */
export function startJobConsumers(
  deps: TJobDeps,
  options: { keepAlive?: boolean } = {},
): () => Promise<void> {
  deps.queue.process(MARKING_QUEUE, markSubmissionHandler(deps), {
    concurrency: MARKING_CONCURRENCY,
    attempts: deps.config.jobs.markingAttempts,
    backoffMs: deps.config.jobs.markingBackoffMs,
  });
  // Scan batches: this process's heartbeat on the batches it holds, and, at once and then on each
  // beat, batches whose holder crashed are failed and their files wiped (scans.recovery.ts).
  let stopHeartbeat: () => Promise<void> = async () => undefined;
  if (deps.ocr && deps.imageWork) {
    deps.queue.process(
      SCAN_QUEUE,
      scanBatchHandler({ ...deps, ocr: deps.ocr, imageWork: deps.imageWork }),
      {
        concurrency: SCAN_CONCURRENCY,
        attempts: SCAN_ATTEMPTS,
        backoffMs: SCAN_BACKOFF_MS,
      },
    );
    stopHeartbeat = startBatchHeartbeat(deps, { keepAlive: options.keepAlive });
  }
  let running: Promise<number> | undefined;
  const sweep = (idleMs: number) => {
    running ??= recoverStuckMarkings(deps, idleMs).finally(() => {
      running = undefined;
    });
  };
  // At start an in-process queue is empty, so every unleased pending submission lost its job; a
  // shared BullMQ queue may still hold fresh ones, so only long-idle submissions count there.
  sweep(deps.queue.name === 'in-process' ? 0 : deps.leaseMs);
  const every = setInterval(() => sweep(deps.leaseMs), RECOVERY_INTERVAL_MS);
  if (!options.keepAlive) every.unref();
  return async () => {
    clearInterval(every);
    await running;
    await stopHeartbeat();
  };
}
