import { z } from 'zod';
import type { QueuePort, TJobHandler } from '../adapters/queue/port';
import { readBatch, type TScanDeps } from '../modules/scans/scans.reader';

/** The scan queue: one job per uploaded stack of answer sheets (issue 12). */
export const SCAN_QUEUE = 'scan-batch';
/** Stacks read at once per process (each reads two pages at a time). */
export const SCAN_CONCURRENCY = 1;
export const SCAN_ATTEMPTS = 3;
export const SCAN_BACKOFF_MS = 2_000;

export const ZScanBatchPayload = z.object({ batchId: z.uuid() });

/** Queues the reading of a committed batch; the job id makes a repeat harmless. */
export async function enqueueScanBatch(queue: QueuePort, batchId: string): Promise<void> {
  await queue.enqueue(SCAN_QUEUE, { batchId }, { jobId: `scan-${batchId}` });
}

export function scanBatchHandler(deps: TScanDeps): TJobHandler<unknown> {
  return async (payload, context) => {
    const parsed = ZScanBatchPayload.safeParse(payload);
    if (!parsed.success) {
      deps.logger.error({ jobId: context.jobId }, 'scan job with an invalid payload dropped');
      return { status: 'skipped', reason: 'invalid payload' };
    }
    return readBatch(deps, parsed.data.batchId, context);
  };
}
