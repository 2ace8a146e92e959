import { z } from 'zod';
import type { QueuePort, TJobHandler } from '../adapters/queue/port';
import { markSubmission, type TMarkingDeps } from '../modules/marking/marking.service';

/** The marking queue: one job per submission (DESIGN §7). */
export const MARKING_QUEUE = 'marking';

export const ZMarkSubmissionPayload = z.object({ submissionId: z.uuid() });
export type TMarkSubmissionPayload = z.infer<typeof ZMarkSubmissionPayload>;

/**
 * Why a marking job is queued; it picks the job id. The queue ignores an id it already holds (BullMQ
 * also remembers finished jobs for a while), so a new submission and every mark call share one id,
 * while a retry after failure and a recovery of a stuck submission each need a fresh one. Duplicates
 * are harmless anyway: only the run that claims the submission marks it.
 */
export type TMarkingReason =
  | { kind: 'new' }
  | { kind: 'retry' | 'recover'; markingAttempts: number }
  | { kind: 'recheck'; leaseAt: Date }
  /** A teacher sent its answers marked under an earlier rubric back to the marker (issue 27). */
  | { kind: 'remark'; at: Date };

export function markingJobId(submissionId: string, reason: TMarkingReason): string {
  // BullMQ refuses ":" in custom job ids.
  if (reason.kind === 'new') return `mark-${submissionId}`;
  if (reason.kind === 'recheck') return `mark-${submissionId}-recheck-${reason.leaseAt.getTime()}`;
  if (reason.kind === 'remark') return `mark-${submissionId}-remark-${reason.at.getTime()}`;
  return `mark-${submissionId}-${reason.kind}-${reason.markingAttempts}`;
}

/** Queues the marking of a submission (right after the transaction that created it commits). */
export async function enqueueMarking(
  queue: QueuePort,
  submissionId: string,
  reason: TMarkingReason = { kind: 'new' },
  delayMs?: number,
): Promise<void> {
  const payload: TMarkSubmissionPayload = { submissionId };
  await queue.enqueue(MARKING_QUEUE, payload, {
    jobId: markingJobId(submissionId, reason),
    ...(delayMs ? { delayMs } : {}),
  });
}

/**
 * The job handler: validates the payload, then marks (idempotent; see markSubmission). When another
 * run holds the submission, a job looks again just after that run's lease would lapse: if its
 * process died (say, a worker killed mid-mark), the submission is marked then, not only when the
 * periodic recovery sweep comes round. One look per lease, whoever asks.
 */
export function markSubmissionHandler(
  deps: TMarkingDeps & { queue: QueuePort },
): TJobHandler<unknown> {
  return async (payload, context) => {
    const parsed = ZMarkSubmissionPayload.safeParse(payload);
    if (!parsed.success) {
      deps.logger.error({ jobId: context.jobId }, 'marking job with an invalid payload dropped');
      return { status: 'skipped', reason: 'invalid payload' };
    }
    const { submissionId } = parsed.data;
    const { leaseAt, ...outcome } = await markSubmission(deps, submissionId, context);
    if (leaseAt) {
      await enqueueMarking(
        deps.queue,
        submissionId,
        { kind: 'recheck', leaseAt },
        recheckDelayMs(leaseAt, deps.leaseMs, deps.now()),
      );
    }
    return outcome;
  };
}

/** How long after a lease lapses its recheck runs (clocks of processes differ a little). */
export const RECHECK_MARGIN_MS = 1_000;

/**
 * When to look again at a submission another run claimed at `leaseAt`: just after that claim would
 * lapse, never later than one lease from now (a claim stamped by a process whose clock runs ahead).
 */
export function recheckDelayMs(leaseAt: Date, leaseMs: number, now: Date): number {
  const lapsesIn = leaseAt.getTime() + leaseMs - now.getTime();
  return Math.min(Math.max(0, lapsesIn), leaseMs) + RECHECK_MARGIN_MS;
}
