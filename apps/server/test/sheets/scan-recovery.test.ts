import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCAN_MESSAGES } from '@stem/contract/scans';
import { scanBatches, scanBatchFiles } from '../../src/db/schema';
import {
  claimBatchForReading,
  READER_ID,
  READER_STALE_MS,
  readerGone,
  recoverAbandonedBatches,
  startBatchHeartbeat,
} from '../../src/modules/scans/scans.recovery';
import { buildSchool, buildUser } from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import { actor, createClass, type TActor } from '../teaching/teaching-helpers';

/** The pid of a process that has just ended (the OS does not hand it out again at once). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  if (child.pid === undefined) throw new Error('could not start a child process');
  return child.pid;
}

const silentLogger = { info: () => undefined, error: () => undefined };

describe('scan batches a crash left unfinished are failed and wiped at start-up', () => {
  let t: TTestApp;
  let teacher: TActor;
  let schoolId: string;
  let classId: string;
  /** The recovery's clock: it stands still, so "heard of a second ago" stays so on a slow machine. */
  const clock = new Date();
  const now = () => clock;

  beforeAll(async () => {
    t = await buildTestApp();
    const school = await buildSchool(t);
    schoolId = school.id;
    teacher = await actor(t, 'teacher', school);
    const student = await buildUser(t, { role: 'student', schoolId: school.id, name: 'Ada Lin' });
    classId = (await createClass(t.app, teacher, 'Year 8 Physics', [student.id])).id;
  });
  afterAll(() => t.close());

  /** A batch held by `readerId`, last heard of `seenAgoMs` ago, with one file in the database. */
  async function heldBatch(
    readerId: string | null,
    seenAgoMs: number,
    status: 'queued' | 'reading' = 'reading',
  ) {
    const [row] = await t.database.db
      .insert(scanBatches)
      .values({
        schoolId,
        classId,
        teacherId: teacher.user.id,
        status,
        readerId,
        readerSeenAt: readerId === null ? null : new Date(clock.getTime() - seenAgoMs),
      })
      .returning();
    const id = row?.id ?? '';
    await t.database.db
      .insert(scanBatchFiles)
      .values({ batchId: id, position: 0, bytes: Buffer.from('%PDF-1.7 page images') });
    return id;
  }
  const stateOf = async (id: string) => {
    const [row] = await t.database.db.select().from(scanBatches).where(eq(scanBatches.id, id));
    const files = await t.database.db
      .select()
      .from(scanBatchFiles)
      .where(eq(scanBatchFiles.batchId, id));
    return { status: row?.status, reason: row?.failureReason, files: files.length };
  };
  const interrupted = SCAN_MESSAGES.batchReasons.interrupted;

  it('tells a process of this host that has ended from one that runs', () => {
    const host = os.hostname();
    expect(readerGone(`${host}:${deadPid()}:abcd1234`)).toBe(true);
    // The test runner's parent is alive; this very process (another thread or nonce) is not judged.
    expect(readerGone(`${host}:${process.ppid}:abcd1234`)).toBe(false);
    expect(readerGone(`${host}:${process.pid}:other000`)).toBe(false);
    // Another host's process is judged by its heartbeat only.
    expect(readerGone(`elsewhere.example:${deadPid()}:abcd1234`)).toBe(false);
    expect(readerGone('not a reader id')).toBe(false);
  });

  it('at start, fails the batches of stopped processes and deletes their files, and no other', async () => {
    const host = os.hostname();
    // Read by a process of this host that no longer exists, heard of a second ago: a crash.
    const crashedHere = await heldBatch(`${host}:${deadPid()}:0a0a0a0a`, 1_000);
    // Held in the memory of a stopped process of this host while still queued.
    const queuedInDeadMemory = await heldBatch(`${host}:${deadPid()}:0b0b0b0b`, 1_000, 'queued');
    // Read on another machine whose heartbeat stopped long ago.
    const silentElsewhere = await heldBatch(
      `worker-2.internal:4242:0c0c0c0c`,
      READER_STALE_MS + 5_000,
    );
    // Read right now by a live worker on another machine: must go on.
    const liveElsewhere = await heldBatch(`worker-3.internal:4242:0d0d0d0d`, 2_000);
    // Read by a live process of this host (the runner's parent stands in for it).
    const liveHere = await heldBatch(`${host}:${process.ppid}:0e0e0e0e`, 2_000);
    // Waiting in the shared queue, held by nobody: a worker will take it.
    const waiting = await heldBatch(null, 0, 'queued');
    // Held by this very process.
    const mine = await heldBatch(READER_ID, 0);

    const stop = startBatchHeartbeat(
      { db: t.database.db, now, logger: silentLogger },
      { intervalMs: 60 * 60_000 },
    );
    await stop();

    for (const id of [crashedHere, queuedInDeadMemory, silentElsewhere]) {
      expect(await stateOf(id)).toEqual({ status: 'failed', reason: interrupted, files: 0 });
    }
    expect(await stateOf(liveElsewhere)).toEqual({ status: 'reading', reason: null, files: 1 });
    expect(await stateOf(liveHere)).toEqual({ status: 'reading', reason: null, files: 1 });
    expect(await stateOf(waiting)).toEqual({ status: 'queued', reason: null, files: 1 });
    expect(await stateOf(mine)).toEqual({ status: 'reading', reason: null, files: 1 });

    // The heartbeat marked this process's batch as seen now.
    const [own] = await t.database.db.select().from(scanBatches).where(eq(scanBatches.id, mine));
    expect(own?.readerSeenAt?.getTime()).toBe(clock.getTime());
  });

  it('a live holder keeps its batch: another process cannot take it until it falls silent', async () => {
    const deps = { db: t.database.db, now };
    const other = 'worker-4.internal:77:0f0f0f0f';
    const id = await heldBatch(other, 1_000);
    expect(await claimBatchForReading(deps, id)).toBe(false);
    expect(await recoverAbandonedBatches({ ...deps, logger: silentLogger })).not.toContain(id);
    expect(await stateOf(id)).toEqual({ status: 'reading', reason: null, files: 1 });

    // Once silent, the first to come wins: a worker resuming it, or the sweep failing it, not both.
    await t.database.db
      .update(scanBatches)
      .set({ readerSeenAt: new Date(clock.getTime() - READER_STALE_MS - 1_000) })
      .where(eq(scanBatches.id, id));
    expect(await claimBatchForReading(deps, id)).toBe(true);
    expect(await recoverAbandonedBatches({ ...deps, logger: silentLogger })).not.toContain(id);
    const [row] = await t.database.db.select().from(scanBatches).where(eq(scanBatches.id, id));
    expect(row?.readerId).toBe(READER_ID);
    expect(await stateOf(id)).toEqual({ status: 'reading', reason: null, files: 1 });

    // Nobody can claim a batch that has ended.
    const ended = await heldBatch(null, 0);
    await t.database.db
      .update(scanBatches)
      .set({ status: 'failed' })
      .where(eq(scanBatches.id, ended));
    expect(await claimBatchForReading(deps, ended)).toBe(false);
  });
});
