import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../db/client';
import { runTokenPurge, TOKEN_PURGE_INTERVAL_MS } from '../modules/auth/auth.sessions';
import { removeUnclaimedTrials } from '../modules/trials/trials.service';
import { runRetention } from './retention';
import { clearStaleBatches } from '../modules/scans/scans.service';
import { closeDueBatches } from '../modules/scans/scans.crops';

export type THousekeepingDeps = {
  db: TDb;
  now: () => Date;
  logger: FastifyBaseLogger;
  /** The outbox's home, for the communication-records rule; omitted, the outbox is left alone. */
  dataDir?: string | undefined;
};

/** Removes trial schools nobody registered in within 7 days; never throws (retried next round). */
export async function runTrialCleanup(deps: THousekeepingDeps): Promise<void> {
  try {
    const deleted = await removeUnclaimedTrials(deps.db, deps.now());
    deps.logger.info({ deleted }, 'unclaimed trial schools removed');
  } catch (err) {
    deps.logger.error({ err }, 'unclaimed trial clean-up failed');
  }
}

/**
 * Deletes the files of scan batches that a crash or stop left unfinished (their page images must
 * not outlive the batch's processing), and fails those batches; never throws.
 */
export async function runScanCleanup(deps: THousekeepingDeps): Promise<void> {
  try {
    const cleared = await clearStaleBatches(deps);
    if (cleared > 0) deps.logger.info({ cleared }, 'files of interrupted scan batches deleted');
  } catch (err) {
    deps.logger.error({ err }, 'scan batch clean-up failed');
  }
  await runScanImageCleanup(deps);
}

/**
 * Deletes the scan images (answer regions, pages that need the teacher) of every batch that has
 * closed (every page matched, every unsure answer reviewed) or is 14 days old (issue 28); never throws.
 */
export async function runScanImageCleanup(deps: THousekeepingDeps): Promise<number> {
  try {
    const batches = await closeDueBatches(deps.db, deps.now());
    if (batches > 0) deps.logger.info({ batches }, 'scan images of closed batches deleted');
    return batches;
  } catch (err) {
    deps.logger.error({ err }, 'scan image clean-up failed');
    return 0;
  }
}

/**
 * One round of housekeeping: expired auth tokens, unclaimed trial schools, files of interrupted scan
 * batches, then the retention rules of the privacy notice (jobs/retention.ts). Never throws.
 */
export async function runHousekeeping(deps: THousekeepingDeps): Promise<void> {
  await runTokenPurge(deps);
  await runTrialCleanup(deps);
  await runScanCleanup(deps);
  await runRetention(deps).catch((err: unknown) => {
    deps.logger.error({ err }, 'retention round failed');
  });
}

/**
 * Runs housekeeping shortly after start, then hourly (the worker, and the API process, since the
 * embedded mode has no worker). Unless `keepAlive`, the timers are unref'd. The returned function stops
 * the timers and waits for a round in progress.
 */
export function scheduleHousekeeping(
  deps: THousekeepingDeps,
  options: { firstRunMs?: number; intervalMs?: number; keepAlive?: boolean } = {},
): () => Promise<void> {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= runHousekeeping(deps).finally(() => {
      running = undefined;
    });
  };
  const first = setTimeout(run, options.firstRunMs ?? 60_000);
  const every = setInterval(run, options.intervalMs ?? TOKEN_PURGE_INTERVAL_MS);
  if (!options.keepAlive) {
    first.unref();
    every.unref();
  }
  return async () => {
    clearTimeout(first);
    clearInterval(every);
    await running;
  };
}
