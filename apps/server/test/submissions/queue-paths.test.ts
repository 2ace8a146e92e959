import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { selectQueue } from '../../src/adapters/queue/select-queue';
import { buildApp } from '../../src/app';
import { submissionAnswers, submissions } from '../../src/db/schema';
import { RECOVERY_INTERVAL_MS, startJobConsumers } from '../../src/jobs/start-jobs';
import {
  enqueueMarking,
  markingJobId,
  MARKING_QUEUE,
  RECHECK_MARGIN_MS,
  recheckDelayMs,
} from '../../src/jobs/mark-submission.job';
import { createMarker } from '../../src/marking/engine';
import {
  markingLeaseMs,
  markSubmission,
  type TMarker,
} from '../../src/modules/marking/marking.service';
import { insertSubmission } from '../../src/modules/submissions/submissions.queries';
import { findTestRedis } from '../helpers/redis';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import {
  classroom,
  instrumentedMarker,
  markOk,
  PHOTOSYNTHESIS_ANSWER,
  submissionRow,
  submitOk,
  waitForStatus,
} from './submission-helpers';

const redisUrl = await findTestRedis();
const silent = pino({ level: 'silent' });
/** How long a wait for an event may take before the test counts as hung (a busy machine is slow). */
const HANG_MS = 90_000;

describe('marking through BullMQ', () => {
  let t: TTestApp | undefined;
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await t?.close();
    t = undefined;
  });

  /** A BullMQ prefix of its own, so this run never meets another's jobs; its keys are removed after. */
  const freshPrefix = () => {
    const prefix = `stem-test-${randomBytes(4).toString('hex')}`;
    cleanups.push(async () => {
      if (!redisUrl) return;
      const redis = new Redis(redisUrl);
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    });
    return prefix;
  };

  it.skipIf(!redisUrl)('marks a new submission through Redis in the API process', async () => {
    const prefix = freshPrefix();
    t = await buildTestApp({ REDIS_URL: redisUrl as string, QUEUE_PREFIX: prefix });
    const { student, cls, photosynthesis } = await classroom(t);
    const id = await submitOk(t, student, cls, [
      { question: photosynthesis, answer: PHOTOSYNTHESIS_ANSWER },
    ]);
    const data = await markOk(t, student, cls.id, id);
    expect(data.status).toBe('marked');
    expect((await submissionRow(t, id)).markingAttempts).toBe(1);

    // The job really went through Redis, under this run's prefix.
    const queue = new Queue(MARKING_QUEUE, {
      connection: new Redis(redisUrl as string, { maxRetriesPerRequest: null }),
      prefix,
    });
    cleanups.push(() => queue.close());
    const job = await queue.getJob(markingJobId(id, { kind: 'new' }));
    expect(job?.data).toEqual({ submissionId: id });
    expect(await job?.getState()).toBe('completed');
  });

  it.skipIf(!redisUrl)(
    'leaves the work to a worker process when RUN_JOBS_IN_API=false',
    async () => {
      const prefix = freshPrefix();
      t = await buildTestApp({
        REDIS_URL: redisUrl as string,
        QUEUE_PREFIX: prefix,
        RUN_JOBS_IN_API: 'false',
      });
      const { student, cls, photosynthesis } = await classroom(t);
      const id = await submitOk(t, student, cls, [
        { question: photosynthesis, answer: PHOTOSYNTHESIS_ANSWER },
      ]);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await submissionRow(t, id)).status).toBe('pending');

      // What `npm run worker` starts: its own queue connection and consumers, the same database.
      const workerQueue = selectQueue(t.config, silent);
      const stop = startJobConsumers({
        db: t.database.db,
        marker: createMarker(),
        logger: silent,
        now: () => new Date(),
        leaseMs: markingLeaseMs(t.config),
        queue: workerQueue,
        config: t.config,
      });
      cleanups.push(async () => {
        await stop();
        await workerQueue.close();
      });
      const marked = await waitForStatus(t, id, 'marked');
      expect(marked.markingAttempts).toBe(1);
    },
  );
});

describe('recovering lost markings', () => {
  let t: TTestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('marks, at start-up, pending submissions whose job was lost or whose marker crashed', async () => {
    t = await buildTestApp();
    const { school, student, cls, photosynthesis } = await classroom(t);
    const db = t.database.db;
    // What a crash leaves behind: saved submissions whose in-process jobs died with the process.
    const insert = () =>
      insertSubmission(db, {
        schoolId: school.id,
        classId: cls.id,
        className: cls.name,
        studentId: student.user.id,
        uploadedBy: null,
        source: 'student',
        answers: [
          {
            questionId: photosynthesis.id,
            questionText: photosynthesis.question,
            marks: photosynthesis.marks,
            lowMarkRange: photosynthesis.lowMarkRange,
            highMarkRange: photosynthesis.highMarkRange,
            rubric: photosynthesis.rubric,
            answer: PHOTOSYNTHESIS_ANSWER,
            answerSource: 'typed',
          },
        ],
        now: new Date(),
      });
    const lost = await insert();
    const crashed = await insert();
    const live = await insert();
    const lease = markingLeaseMs(t.config);
    await db
      .update(submissions)
      .set({
        markingStartedAt: new Date(t.app.ctx.now().getTime() - lease - 60_000),
        markingAttempts: 1,
      })
      .where(eq(submissions.id, crashed));
    await db
      .update(submissions)
      .set({ markingStartedAt: new Date(), markingAttempts: 1 })
      .where(eq(submissions.id, live));

    // The process starts again over the same database.
    const restarted = await buildApp(t.config, { database: t.database });
    await restarted.ready();
    try {
      expect((await waitForStatus(t, lost, 'marked')).markingAttempts).toBe(1);
      expect((await waitForStatus(t, crashed, 'marked')).markingAttempts).toBe(2);
      // Someone still holds a live lease on this one: it is left alone.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await submissionRow(t, live)).toMatchObject({ status: 'pending', markingAttempts: 1 });
    } finally {
      await restarted.close();
    }
  });

  it('takes over, once its lease lapses, a submission whose marking run died', async () => {
    const lease = 3_000;
    const markedAt: number[] = [];
    const real = instrumentedMarker();
    t = await buildTestApp(
      { MARKING_LEASE_MS: String(lease) },
      {
        marker: {
          mark(input) {
            markedAt.push(t?.app.ctx.now().getTime() ?? Number.NaN);
            return real.mark(input);
          },
        },
      },
    );
    const { student, cls, photosynthesis } = await classroom(t);
    const db = t.database.db;
    const id = await submitOk(t, student, cls, [
      { question: photosynthesis, answer: PHOTOSYNTHESIS_ANSWER },
    ]);
    await waitForStatus(t, id, 'marked');
    // What a worker killed mid-mark leaves: a pending submission under a fresh claim nobody renews.
    const diedAt = t.app.ctx.now();
    await db
      .update(submissions)
      .set({ status: 'pending', markingStartedAt: diedAt, markingAttempts: 1 })
      .where(eq(submissions.id, id));
    // Its answers hold no mark of that run (a run writes every mark with its rubric at once).
    await db
      .update(submissionAnswers)
      .set({ rubricVersion: null })
      .where(eq(submissionAnswers.submissionId, id));
    markedAt.length = 0;
    // A job for it arrives (a stalled job coming back, a mark call): it finds the live claim and
    // looks again when the claim lapses (see recheckDelayMs), not at the recovery sweep's next round.
    await enqueueMarking(t.app.ctx.queue, id, { kind: 'recover', markingAttempts: 1 });
    const marked = await waitForStatus(t, id, 'marked');
    expect(marked.markingAttempts).toBe(2);
    // Marked once more, and not while the dead run's claim held (by the server's clock).
    expect(markedAt).toHaveLength(1);
    expect(markedAt[0]).toBeGreaterThanOrEqual(diedAt.getTime() + lease);
  });

  it('looks again just after the claim it found would lapse, never later than a lease', () => {
    const lease = 30_000;
    const claimedAt = new Date('2026-05-01T09:00:00Z');
    const at = (ms: number) => new Date(claimedAt.getTime() + ms);
    expect(recheckDelayMs(claimedAt, lease, at(0))).toBe(lease + RECHECK_MARGIN_MS);
    expect(recheckDelayMs(claimedAt, lease, at(20_000))).toBe(10_000 + RECHECK_MARGIN_MS);
    // Already lapsed: at once (after the margin).
    expect(recheckDelayMs(claimedAt, lease, at(45_000))).toBe(RECHECK_MARGIN_MS);
    // Stamped by a clock ahead of this one: one lease at most.
    expect(recheckDelayMs(claimedAt, lease, at(-60_000))).toBe(lease + RECHECK_MARGIN_MS);
    expect(RECHECK_MARGIN_MS).toBeLessThan(RECOVERY_INTERVAL_MS);
  });

  it('keeps the claim of a live run that outlasts its lease, so nobody marks twice', async () => {
    // A lease far longer than the test: it lapses only when the test moves the server's clock, and
    // the heartbeat (an interval of a third of the lease) beats only when the test moves the timers.
    const lease = 10 * 60_000;
    const real = instrumentedMarker();
    let calls = 0;
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let finish: () => void = () => undefined;
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const marker: TMarker = {
      async mark(input) {
        calls += 1;
        if (calls === 1) {
          started();
          await finished;
        }
        return real.mark(input);
      },
    };
    t = await buildTestApp({ MARKING_LEASE_MS: String(lease) }, { marker });
    const { student, cls, photosynthesis } = await classroom(t);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const id = await submitOk(t, student, cls, [
        { question: photosynthesis, answer: PHOTOSYNTHESIS_ANSWER },
      ]);
      await running;
      const claimedAt = (await submissionRow(t, id)).markingStartedAt?.getTime() ?? 0;
      expect(claimedAt).toBeGreaterThan(0);

      // Twice: most of a lease passes on the server's clock, and the heartbeat renews the claim. By
      // the second, the first claim has long lapsed; only the renewals keep it.
      for (const round of [1, 2]) {
        t.clock.advance(lease * 0.9);
        vi.advanceTimersByTime(lease / 3);
        const renewedBy = claimedAt + round * lease * 0.9;
        await vi.waitFor(
          async () => {
            const row = await submissionRow(t as TTestApp, id);
            expect(row.markingStartedAt?.getTime()).toBeGreaterThanOrEqual(renewedBy);
          },
          { timeout: HANG_MS, interval: 50 },
        );
      }

      // Mid-run, past the first lease's end, another job asks for the same submission.
      const deps = { ...t.app.ctx, marker, logger: silent, leaseMs: lease };
      const other = await markSubmission(deps, id, { isFinalAttempt: false });
      expect(other).toMatchObject({ status: 'skipped', reason: 'being marked by another run' });

      finish();
      const marked = await waitForStatus(t, id, 'marked');
      expect(marked.markingAttempts).toBe(1);
      expect(calls).toBe(1);
    } finally {
      finish();
      vi.useRealTimers();
    }
  });
});
