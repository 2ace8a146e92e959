import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { SCAN_MESSAGES } from '@stem/contract/scans';
import type { TDb } from '../../db/client';
import * as queries from './scans.queries';

/**
 * Crash recovery of scan batches. A batch's page images live only while it is read: in the memory
 * of the process that took the upload (in-process queue) or in scan_batch_files (shared queue). Each
 * unfinished batch names the process holding it (scan_batches.reader_id) and that process marks its
 * batches every HEARTBEAT_MS. At start-up and then every HEARTBEAT_MS, each consumer fails (with
 * "Reading stopped unexpectedly") and wipes the files of batches whose holder is gone: a process of
 * this host that no longer exists, or any holder silent for READER_STALE_MS. A batch another live
 * process is reading keeps its heartbeat fresh and is left alone.
 */

/** This process, as it names itself on the batches it holds: host, pid and a per-start nonce. */
export const READER_ID = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
/** How often a process marks its batches as alive (and looks for abandoned ones). */
export const HEARTBEAT_MS = 10_000;
/** A holder silent this long has stopped (several heartbeats missed, even under heavy load). */
export const READER_STALE_MS = 60_000;

type TRecoveryDeps = {
  db: TDb;
  now: () => Date;
  logger: { info: (details: object, message: string) => void };
};

function parseReader(readerId: string): { host: string; pid: number } | undefined {
  const match = /^(.*):(\d+):[^:]+$/.exec(readerId);
  if (!match) return undefined;
  return { host: match[1] ?? '', pid: Number(match[2]) };
}

/**
 * Whether the process named `readerId` is known to be gone, seen from `self`: on the same host, a
 * pid that no longer exists. A process on another host, or a pid that exists (it may have been
 * reused, or be this very process: a restarted container's pid 1, or another thread of ours), is
 * not known to be gone: its heartbeat decides.
 */
export function readerGone(readerId: string, self: string = READER_ID): boolean {
  const other = parseReader(readerId);
  const me = parseReader(self);
  if (!other || !me || other.host !== me.host || other.pid === me.pid) return false;
  try {
    process.kill(other.pid, 0);
    return false;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Fails the unfinished batches whose holder crashed and deletes their files. Returns their ids.
 */
export async function recoverAbandonedBatches(
  deps: TRecoveryDeps,
  self: string = READER_ID,
): Promise<string[]> {
  const now = deps.now();
  const staleBefore = now.getTime() - READER_STALE_MS;
  const failed: string[] = [];
  for (const batch of await queries.selectHeldBatches(deps.db, self)) {
    const silent = batch.readerSeenAt === null || batch.readerSeenAt.getTime() < staleBefore;
    if (!silent && !readerGone(batch.readerId, self)) continue;
    const done = await queries.failAbandonedBatch(deps.db, batch.id, {
      readerId: batch.readerId,
      reason: SCAN_MESSAGES.batchReasons.interrupted,
      now,
    });
    if (done) failed.push(batch.id);
  }
  if (failed.length > 0) {
    deps.logger.info(
      { batches: failed },
      'scan batches of a stopped process failed, files deleted',
    );
  }
  return failed;
}

/** Takes a batch for reading in this process; false when another live process holds it. */
export function claimBatchForReading(
  deps: Pick<TRecoveryDeps, 'db' | 'now'>,
  batchId: string,
  self: string = READER_ID,
): Promise<boolean> {
  const now = deps.now();
  return queries.claimBatch(deps.db, batchId, {
    readerId: self,
    now,
    staleBefore: new Date(now.getTime() - READER_STALE_MS),
  });
}

/**
 * Starts this process's heartbeat on the batches it holds and the sweep for abandoned ones: both at
 * once, then every `intervalMs`. Never throws (errors are logged and retried next beat). Returns a
 * stop function that waits for a beat in progress.
 */
export function startBatchHeartbeat(
  deps: TRecoveryDeps & { logger: TRecoveryDeps['logger'] & { error: TLogError } },
  options: { intervalMs?: number; keepAlive?: boolean; self?: string } = {},
): () => Promise<void> {
  const self = options.self ?? READER_ID;
  let running: Promise<void> | undefined;
  const beat = () => {
    running ??= (async () => {
      await queries.touchReaderBatches(deps.db, self, deps.now());
      await recoverAbandonedBatches(deps, self);
    })()
      .catch((err: unknown) => deps.logger.error({ err }, 'scan batch heartbeat failed'))
      .finally(() => {
        running = undefined;
      });
  };
  beat();
  const every = setInterval(beat, options.intervalMs ?? HEARTBEAT_MS);
  if (!options.keepAlive) every.unref();
  return async () => {
    clearInterval(every);
    await running;
  };
}

type TLogError = (details: object, message: string) => void;
