import { randomUUID } from 'node:crypto';
import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  notInArray,
  or,
  sql,
} from 'drizzle-orm';
import type { TDb } from '../../db/client';
import {
  answerBooklets,
  paperPrints,
  scanBatches,
  scanBatchFiles,
  scanCrops,
  scanPages,
  submissionAnswers,
  submissions,
  type TBookletLayoutColumn,
} from '../../db/schema';

/** Every table access of the scans module. Callers pass `db` or a transaction. */

export type TBatchRow = typeof scanBatches.$inferSelect;
export type TPageRow = typeof scanPages.$inferSelect;
export type TNewPage = typeof scanPages.$inferInsert;

export async function insertBatch(
  tx: TDb,
  values: {
    schoolId: string;
    classId: string;
    teacherId: string;
    files: Buffer[];
    /** The process holding the files in memory (in-process queue); null: they are in `files`. */
    readerId: string | null;
    holdMarks: boolean;
    now: Date;
  },
): Promise<string> {
  const [row] = await tx
    .insert(scanBatches)
    .values({
      schoolId: values.schoolId,
      classId: values.classId,
      teacherId: values.teacherId,
      readerId: values.readerId,
      readerSeenAt: values.readerId === null ? null : values.now,
      holdMarks: values.holdMarks,
      createdAt: values.now,
    })
    .returning({ id: scanBatches.id });
  if (!row) throw new Error('batch insert returned no row');
  for (const [position, bytes] of values.files.entries()) {
    await tx
      .insert(scanBatchFiles)
      .values({ batchId: row.id, position, bytes, createdAt: values.now });
  }
  return row.id;
}

/** A batch of the school that the teacher uploaded, or null. */
export async function findTeacherBatch(
  db: TDb,
  schoolId: string,
  teacherId: string,
  id: string,
): Promise<TBatchRow | null> {
  const [row] = await db
    .select()
    .from(scanBatches)
    .where(
      and(
        eq(scanBatches.id, id),
        eq(scanBatches.schoolId, schoolId),
        eq(scanBatches.teacherId, teacherId),
      ),
    );
  return row ?? null;
}

export async function findBatch(db: TDb, id: string): Promise<TBatchRow | null> {
  const [row] = await db.select().from(scanBatches).where(eq(scanBatches.id, id));
  return row ?? null;
}

/** The teacher's latest batches, newest first (one index range). */
export async function selectRecentBatches(
  db: TDb,
  schoolId: string,
  teacherId: string,
  limit: number,
): Promise<TBatchRow[]> {
  return db
    .select()
    .from(scanBatches)
    .where(and(eq(scanBatches.teacherId, teacherId), eq(scanBatches.schoolId, schoolId)))
    .orderBy(desc(scanBatches.createdAt), desc(scanBatches.id))
    .limit(limit);
}

export async function selectFiles(db: TDb, batchId: string): Promise<Buffer[]> {
  const rows = await db
    .select({ bytes: scanBatchFiles.bytes })
    .from(scanBatchFiles)
    .where(eq(scanBatchFiles.batchId, batchId))
    .orderBy(asc(scanBatchFiles.position));
  return rows.map((r) => r.bytes);
}

export async function markReading(db: TDb, id: string, totalPages: number): Promise<void> {
  await db.update(scanBatches).set({ status: 'reading', totalPages }).where(eq(scanBatches.id, id));
}

/**
 * Takes an unfinished batch for reading by `readerId`: one nobody holds, one it holds already, or one
 * whose holder has been silent since `staleBefore` (crashed). False when another live process holds
 * it, or the batch has ended.
 */
export async function claimBatch(
  db: TDb,
  id: string,
  values: { readerId: string; now: Date; staleBefore: Date },
): Promise<boolean> {
  const rows = await db
    .update(scanBatches)
    .set({ readerId: values.readerId, readerSeenAt: values.now })
    .where(
      and(
        eq(scanBatches.id, id),
        inArray(scanBatches.status, ['queued', 'reading']),
        or(
          isNull(scanBatches.readerId),
          eq(scanBatches.readerId, values.readerId),
          isNull(scanBatches.readerSeenAt),
          lt(scanBatches.readerSeenAt, values.staleBefore),
        ),
      ),
    )
    .returning({ id: scanBatches.id });
  return rows.length > 0;
}

/** The heartbeat of a process: every unfinished batch it holds is marked as seen now. */
export async function touchReaderBatches(db: TDb, readerId: string, now: Date): Promise<number> {
  const rows = await db
    .update(scanBatches)
    .set({ readerSeenAt: now })
    .where(
      and(eq(scanBatches.readerId, readerId), inArray(scanBatches.status, ['queued', 'reading'])),
    )
    .returning({ id: scanBatches.id });
  return rows.length;
}

/** Unfinished batches held by a process other than `readerId`, with that holder's last heartbeat. */
export async function selectHeldBatches(
  db: TDb,
  readerId: string,
): Promise<Array<{ id: string; readerId: string; readerSeenAt: Date | null }>> {
  const rows = await db
    .select({
      id: scanBatches.id,
      readerId: scanBatches.readerId,
      readerSeenAt: scanBatches.readerSeenAt,
    })
    .from(scanBatches)
    .where(
      and(
        isNotNull(scanBatches.readerId),
        ne(scanBatches.readerId, readerId),
        inArray(scanBatches.status, ['queued', 'reading']),
      ),
    );
  return rows.flatMap((r) => (r.readerId === null ? [] : [{ ...r, readerId: r.readerId }]));
}

/**
 * Fails a batch whose holder crashed and deletes its files, in one transaction; only while that
 * holder still holds it (a process that took it over in the meantime keeps it). Whether it did.
 */
export async function failAbandonedBatch(
  db: TDb,
  id: string,
  values: { readerId: string; reason: string; now: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const failed = await tx
      .update(scanBatches)
      .set({
        status: 'failed',
        failureReason: values.reason,
        finishedAt: values.now,
        readerId: null,
        readerSeenAt: null,
      })
      .where(
        and(
          eq(scanBatches.id, id),
          eq(scanBatches.readerId, values.readerId),
          inArray(scanBatches.status, ['queued', 'reading']),
        ),
      )
      .returning({ id: scanBatches.id });
    if (failed.length === 0) return false;
    await tx.delete(scanBatchFiles).where(eq(scanBatchFiles.batchId, id));
    return true;
  });
}

/** Ends a batch (done or failed) and deletes its files in the same transaction. */
export async function finishBatch(
  db: TDb,
  id: string,
  values: { status: 'done' | 'failed'; failureReason: string | null; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(scanBatches)
      .set({
        status: values.status,
        failureReason: values.failureReason,
        finishedAt: values.now,
        readerId: null,
        readerSeenAt: null,
      })
      .where(eq(scanBatches.id, id));
    await tx.delete(scanBatchFiles).where(eq(scanBatchFiles.batchId, id));
  });
}

/**
 * Records the answer boxes read from one page (a row each; once: a retried job skips pages already
 * recorded) and counts the page once.
 */
export async function insertPageRows(
  db: TDb,
  rows: TNewPage[],
  /** Runs in the same transaction for each row inserted (a row already there is left alone). */
  withRow?: (tx: TDb, pageId: string, row: TNewPage) => Promise<unknown>,
): Promise<void> {
  const [first] = rows;
  if (!first) return;
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(scanPages)
      .values(rows)
      .onConflictDoNothing({ target: [scanPages.batchId, scanPages.pageNumber, scanPages.region] })
      .returning({ id: scanPages.id, region: scanPages.region });
    if (inserted.length > 0) {
      await tx
        .update(scanBatches)
        .set({ readPages: sql`${scanBatches.readPages} + 1` })
        .where(eq(scanBatches.id, first.batchId));
    }
    if (!withRow) return;
    for (const { id, region } of inserted) {
      const row = rows.find((r) => (r.region ?? 0) === region);
      if (row) await withRow(tx, id, row);
    }
  });
}

/**
 * The booklet row of a printed layout: the one already kept for this test (or, printed from
 * questions picked by hand, this class) and layout hash, else a new one. Two prints at once get the
 * same row (the unique indexes answer the second insert with nothing, which then reads the first).
 */
export async function findOrInsertBooklet(
  db: TDb,
  values: {
    schoolId: string;
    classId: string;
    teacherId: string;
    testId: string | null;
    layout: TBookletLayoutColumn;
    layoutHash: string;
    now: Date;
  },
): Promise<{ id: string; reused: boolean }> {
  const match = and(
    eq(answerBooklets.schoolId, values.schoolId),
    eq(answerBooklets.classId, values.classId),
    eq(answerBooklets.layoutHash, values.layoutHash),
    values.testId === null
      ? isNull(answerBooklets.testId)
      : eq(answerBooklets.testId, values.testId),
  );
  const find = async () =>
    (await db.select({ id: answerBooklets.id }).from(answerBooklets).where(match).limit(1))[0];
  const found = await find();
  if (found) return { id: found.id, reused: true };
  const { now, ...rest } = values;
  const [made] = await db
    .insert(answerBooklets)
    .values({ id: randomUUID(), ...rest, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: answerBooklets.id });
  if (made) return { id: made.id, reused: false };
  const raced = await find();
  if (!raced) throw new Error('booklet insert conflicted but no booklet was found');
  return { id: raced.id, reused: true };
}

/**
 * Whether a scan batch of the class is open: queued or being read, or read and still holding its
 * images (pages to match or answers to review; they go when it closes, issue 28). Booklet layouts
 * are read while it is (a page waiting for the teacher may be replaced by a re-scan).
 */
export async function hasOpenBatch(db: TDb, schoolId: string, classId: string): Promise<boolean> {
  const rows = await db
    .select({ id: scanBatches.id })
    .from(scanBatches)
    .where(
      and(
        eq(scanBatches.schoolId, schoolId),
        eq(scanBatches.classId, classId),
        or(
          inArray(scanBatches.status, ['queued', 'reading']),
          sql`exists (select 1 from ${scanCrops} where ${scanCrops.batchId} = ${scanBatches.id})`,
        ),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The layouts of a class's printed booklets, by booklet id. */
export async function selectClassBooklets(
  db: TDb,
  schoolId: string,
  classId: string,
): Promise<Record<string, TBookletLayoutColumn>> {
  const rows = await db
    .select({ id: answerBooklets.id, layout: answerBooklets.layout })
    .from(answerBooklets)
    .where(and(eq(answerBooklets.schoolId, schoolId), eq(answerBooklets.classId, classId)));
  return Object.fromEntries(rows.map((r) => [r.id, r.layout]));
}

/** Records a printing of the class's paper (issue 28), once its PDF is drawn. */
export async function insertPrint(
  db: TDb,
  values: {
    id: string;
    schoolId: string;
    classId: string;
    createdBy: string;
    format: 'sheets' | 'booklets';
    bookletId: string | null;
    pages: number;
    now: Date;
  },
): Promise<void> {
  const { now, ...row } = values;
  await db.insert(paperPrints).values({ ...row, createdAt: now });
}

/** The ids of a class's printings (one index range: paper_prints_class_idx). */
export async function selectClassPrints(
  db: TDb,
  schoolId: string,
  classId: string,
): Promise<string[]> {
  const rows = await db
    .select({ id: paperPrints.id })
    .from(paperPrints)
    .where(and(eq(paperPrints.classId, classId), eq(paperPrints.schoolId, schoolId)));
  return rows.map((r) => r.id);
}

/**
 * A question left blank in its booklet box but answered on the continuation page was answered: its
 * blank box is placed with the continuation (its answer is the continuation's text), not reported
 * blank. Returns how many boxes were.
 */
export async function answeredOnContinuation(db: TDb, batchId: string, now: Date): Promise<number> {
  const rows = await db
    .select()
    .from(scanPages)
    .where(and(eq(scanPages.batchId, batchId), inArray(scanPages.status, ['blank', 'assigned'])));
  const continued = new Set(
    rows
      .filter((r) => r.continuation && r.status === 'assigned' && r.submissionId === null)
      .map((r) => `${r.studentId}:${r.questionId}`),
  );
  const ids = rows
    .filter(
      (r) =>
        !r.continuation &&
        r.status === 'blank' &&
        r.region > 0 &&
        continued.has(`${r.studentId}:${r.questionId}`),
    )
    .map((r) => r.id);
  if (ids.length === 0) return 0;
  await db
    .update(scanPages)
    .set({ status: 'assigned', matchedBy: 'code', updatedAt: now })
    .where(inArray(scanPages.id, ids));
  return ids.length;
}

/**
 * The continuation boxes of a student's question that wait with its main box (placed, not yet
 * submitted) while the teacher deals with that box.
 */
export async function selectWaitingContinuations(
  db: TDb,
  batchId: string,
  place: { studentId: string | null; questionId: string | null },
): Promise<TPageRow[]> {
  if (!place.studentId || !place.questionId) return [];
  return db
    .select()
    .from(scanPages)
    .where(
      and(
        eq(scanPages.batchId, batchId),
        eq(scanPages.continuation, true),
        eq(scanPages.status, 'assigned'),
        isNull(scanPages.submissionId),
        eq(scanPages.studentId, place.studentId),
        eq(scanPages.questionId, place.questionId),
      ),
    )
    .orderBy(asc(scanPages.pageNumber), asc(scanPages.region));
}

export async function selectPages(db: TDb, batchId: string): Promise<TPageRow[]> {
  return db
    .select()
    .from(scanPages)
    .where(eq(scanPages.batchId, batchId))
    .orderBy(asc(scanPages.pageNumber), asc(scanPages.region));
}

export async function countPagesByStatus(db: TDb, batchIds: string[]) {
  if (batchIds.length === 0) return [];
  return (
    db
      .select({ batchId: scanPages.batchId, status: scanPages.status, n: count() })
      .from(scanPages)
      // An unused continuation box is no unanswered question.
      .where(
        and(
          inArray(scanPages.batchId, batchIds),
          or(eq(scanPages.continuation, false), ne(scanPages.status, 'blank')),
        ),
      )
      .groupBy(scanPages.batchId, scanPages.status)
  );
}

/**
 * The submission of each submitted page of a batch (one per page; pages share a submission).
 * `withReplaced`: also the pages a later re-scan replaced (issue 28), whose answer the batch made
 * (its release releases them).
 */
export async function selectPageSubmissions(
  db: TDb,
  batchId: string,
  withReplaced = false,
): Promise<string[]> {
  const rows = await db
    .select({ id: scanPages.submissionId })
    .from(scanPages)
    .where(
      and(
        eq(scanPages.batchId, batchId),
        isNotNull(scanPages.submissionId),
        withReplaced
          ? or(eq(scanPages.status, 'assigned'), eq(scanPages.reason, 'replaced'))
          : eq(scanPages.status, 'assigned'),
      ),
    );
  return rows.flatMap((r) => (r.id ? [r.id] : []));
}

export async function setPagesSubmission(
  db: TDb,
  pageIds: string[],
  submissionId: string,
): Promise<void> {
  if (pageIds.length === 0) return;
  await db.update(scanPages).set({ submissionId }).where(inArray(scanPages.id, pageIds));
}

export async function findPage(db: TDb, batchId: string, pageId: string): Promise<TPageRow | null> {
  const [row] = await db
    .select()
    .from(scanPages)
    .where(and(eq(scanPages.id, pageId), eq(scanPages.batchId, batchId)));
  return row ?? null;
}

/** Claims a page that needs the teacher (null when another request assigned it first). */
export async function claimPage(
  tx: TDb,
  pageId: string,
  values: {
    studentId: string;
    questionId: string;
    classId: string | null;
    /** The teacher's correction of the text read (its OCR confidence then no longer applies). */
    text?: string | undefined;
    now: Date;
  },
): Promise<TPageRow | null> {
  const [row] = await tx
    .update(scanPages)
    .set({
      ...(values.text === undefined ? {} : { extractedText: values.text, ocrConfidence: null }),
      status: 'assigned',
      reason: null,
      matchedBy: 'teacher',
      studentId: values.studentId,
      questionId: values.questionId,
      classId: values.classId,
      updatedAt: values.now,
    })
    .where(and(eq(scanPages.id, pageId), eq(scanPages.status, 'needs_teacher')))
    .returning();
  return row ?? null;
}

export async function setPageSubmission(
  tx: TDb,
  pageId: string,
  submissionId: string,
): Promise<void> {
  await tx.update(scanPages).set({ submissionId }).where(eq(scanPages.id, pageId));
}

/**
 * Batches a crash or stop left unfinished: those whose files outlived their reading (in the database),
 * and those still queued or reading long after upload (their files were in a stopped process's
 * memory). Their files are deleted and the batches failed. Returns how many.
 */
export async function failStaleBatches(
  db: TDb,
  before: Date,
  reason: string,
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const withFiles = await tx
      .selectDistinct({ id: scanBatchFiles.batchId })
      .from(scanBatchFiles)
      .where(lt(scanBatchFiles.createdAt, before));
    const unfinished = await tx
      .select({ id: scanBatches.id })
      .from(scanBatches)
      .where(
        and(inArray(scanBatches.status, ['queued', 'reading']), lt(scanBatches.createdAt, before)),
      );
    const ids = [...new Set([...withFiles, ...unfinished].map((r) => r.id))];
    if (ids.length === 0) return 0;
    await tx.delete(scanBatchFiles).where(inArray(scanBatchFiles.batchId, ids));
    await tx
      .update(scanBatches)
      .set({ status: 'failed', failureReason: reason, finishedAt: now })
      .where(and(inArray(scanBatches.id, ids), inArray(scanBatches.status, ['queued', 'reading'])));
    return ids.length;
  });
}

/** Gives a claimed page back to the teacher when its submission was refused. */
export async function releasePage(
  db: TDb,
  pageId: string,
  reason: string,
  now: Date,
): Promise<void> {
  await db
    .update(scanPages)
    .set({ status: 'needs_teacher', reason, matchedBy: null, submissionId: null, updatedAt: now })
    .where(eq(scanPages.id, pageId));
}

export async function markDuplicate(db: TDb, pageId: string, now: Date): Promise<void> {
  await db
    .update(scanPages)
    .set({ status: 'duplicate', reason: 'duplicate', updatedAt: now })
    .where(eq(scanPages.id, pageId));
}

/**
 * Settles a page the teacher dealt with without a submission (discarded, or its student absent), only
 * while it is still in one of `from` (null when another request settled it first).
 */
export async function settlePage(
  db: TDb,
  pageId: string,
  values: {
    from: TPageRow['status'][];
    status: 'discarded' | 'absent';
    studentId: string | null;
    questionId: string | null;
    now: Date;
  },
): Promise<TPageRow | null> {
  const [row] = await db
    .update(scanPages)
    .set({
      status: values.status,
      reason: null,
      matchedBy: values.status === 'absent' ? 'teacher' : null,
      studentId: values.studentId,
      questionId: values.questionId,
      updatedAt: values.now,
    })
    .where(and(eq(scanPages.id, pageId), inArray(scanPages.status, values.from)))
    .returning();
  return row ?? null;
}

/**
 * What a re-scan read replaces what was read from a page, only while the page is still as the caller
 * saw it (same status and submission); its submission, if any, stays in the student's history and the
 * page forgets it. Null when another request changed the page first.
 */
export async function replacePageRead(
  db: TDb,
  page: Pick<TPageRow, 'id' | 'status' | 'submissionId'>,
  values: Pick<
    TNewPage,
    | 'pageKey'
    | 'status'
    | 'reason'
    | 'matchedBy'
    | 'studentId'
    | 'questionId'
    | 'questionNumber'
    | 'extractedText'
    | 'ocrConfidence'
    | 'readName'
  > & { now: Date },
): Promise<TPageRow | null> {
  const { now, ...read } = values;
  const [row] = await db
    .update(scanPages)
    .set({ ...read, classId: null, submissionId: null, replacedEarlier: false, updatedAt: now })
    .where(
      and(
        eq(scanPages.id, page.id),
        eq(scanPages.status, page.status),
        page.submissionId === null
          ? isNull(scanPages.submissionId)
          : eq(scanPages.submissionId, page.submissionId),
      ),
    )
    .returning();
  return row ?? null;
}

/** Marks a held batch released (once: null when it was not held or already released). */
export async function markBatchReleased(tx: TDb, id: string, now: Date): Promise<TBatchRow | null> {
  const [row] = await tx
    .update(scanBatches)
    .set({ releasedAt: now })
    .where(
      and(eq(scanBatches.id, id), eq(scanBatches.holdMarks, true), isNull(scanBatches.releasedAt)),
    )
    .returning();
  return row ?? null;
}

/**
 * Every answer the batch placed (its assigned pages' answers), by place: the answer's text now, its
 * mark and whether it waits for a review or the marker, and the page's kept image, if any.
 */
export async function selectBatchAnswers(db: TDb, schoolId: string, batchId: string) {
  return db
    .select({
      pageId: scanPages.id,
      pageNumber: scanPages.pageNumber,
      studentId: scanPages.studentId,
      questionId: scanPages.questionId,
      questionNumber: scanPages.questionNumber,
      replacedEarlier: scanPages.replacedEarlier,
      submissionId: submissionAnswers.submissionId,
      answerId: submissionAnswers.id,
      text: submissionAnswers.answer,
      score: submissionAnswers.score,
      marks: submissionAnswers.marks,
      reviewDoubt: submissionAnswers.reviewDoubt,
      reviewedAt: submissionAnswers.reviewedAt,
      status: submissions.status,
      // The page's image of this answer's region (a page of several regions keeps one a question).
      cropId: sql<
        string | null
      >`(select ${scanCrops.id} from ${scanCrops} where ${scanCrops.pageId} = ${scanPages.id} and (${scanCrops.questionId} = ${submissionAnswers.questionId} or ${scanCrops.questionId} is null) order by ${scanCrops.questionId} nulls last limit 1)`,
    })
    .from(scanPages)
    .innerJoin(submissions, eq(submissions.id, scanPages.submissionId))
    .innerJoin(
      submissionAnswers,
      and(
        eq(submissionAnswers.submissionId, scanPages.submissionId),
        eq(submissionAnswers.questionId, scanPages.questionId),
      ),
    )
    .where(
      and(
        eq(scanPages.batchId, batchId),
        eq(scanPages.schoolId, schoolId),
        eq(scanPages.status, 'assigned'),
        eq(submissions.schoolId, schoolId),
      ),
    )
    .orderBy(asc(scanPages.pageNumber));
}

/**
 * The latest earlier read placed on a student's question by a batch of the class (an assigned row),
 * narrowed by what the caller asks: `page`, a read of the same printed page and box (issue 28: a
 * re-scan); `submitted`, only one that made its answer in the class (its submission, and not placed
 * on another class); `text`, only one that read this very text (the same sheet uploaded again);
 * `otherBatch`, only one of another batch; `exclude`, rows left out. Null when none.
 */
export async function findEarlierRead(
  db: TDb,
  place: {
    classId: string;
    studentId: string;
    questionId: string;
    page?: { key: string; region: number };
    submitted?: boolean;
    text?: string;
    otherBatch?: string;
    exclude?: readonly string[];
  },
): Promise<{ id: string; submissionId: string | null } | null> {
  const exclude = place.exclude ?? [];
  const [row] = await db
    .select({ id: scanPages.id, submissionId: scanPages.submissionId })
    .from(scanPages)
    .innerJoin(scanBatches, eq(scanBatches.id, scanPages.batchId))
    .where(
      and(
        eq(scanBatches.classId, place.classId),
        eq(scanPages.status, 'assigned'),
        eq(scanPages.studentId, place.studentId),
        eq(scanPages.questionId, place.questionId),
        place.page ? eq(scanPages.pageKey, place.page.key) : undefined,
        place.page ? eq(scanPages.region, place.page.region) : undefined,
        place.submitted ? isNotNull(scanPages.submissionId) : undefined,
        place.submitted ? isNull(scanPages.classId) : undefined,
        place.text === undefined ? undefined : eq(scanPages.extractedText, place.text),
        place.otherBatch === undefined ? undefined : ne(scanPages.batchId, place.otherBatch),
        exclude.length > 0 ? notInArray(scanPages.id, [...exclude]) : undefined,
      ),
    )
    .orderBy(desc(scanPages.createdAt))
    .limit(1);
  return row ?? null;
}

/** The placed rows whose text makes up a submission's answer to a question, in page order. */
export async function selectAnswerRows(
  db: TDb,
  submissionId: string,
  questionId: string,
): Promise<TPageRow[]> {
  return db
    .select()
    .from(scanPages)
    .where(
      and(
        eq(scanPages.submissionId, submissionId),
        eq(scanPages.questionId, questionId),
        eq(scanPages.status, 'assigned'),
      ),
    )
    .orderBy(asc(scanPages.pageNumber), asc(scanPages.region));
}

/** Rows of a re-scan placed on the answer an earlier scan of their page made (issue 28). */
export async function linkRescanRows(
  db: TDb,
  pageIds: string[],
  submissionId: string,
  now: Date,
): Promise<void> {
  if (pageIds.length === 0) return;
  await db
    .update(scanPages)
    .set({
      status: 'assigned',
      reason: null,
      submissionId,
      replacedEarlier: true,
      updatedAt: now,
    })
    .where(inArray(scanPages.id, pageIds));
}

/**
 * Rows set aside by a re-scan of their page (issue 28): an earlier read its re-scan replaced
 * ('replaced': no longer part of the answer's text; it keeps its submission, so that releasing its
 * batch still releases the answer it made), or a re-scan that changes nothing ('duplicate': it
 * reads the same; 'blank_rescan': blank where the answer was).
 */
export async function setAsideRows(
  db: TDb,
  pageIds: string[],
  reason: 'replaced' | 'duplicate' | 'blank_rescan',
  now: Date,
): Promise<void> {
  if (pageIds.length === 0) return;
  await db
    .update(scanPages)
    .set({
      status: 'duplicate',
      reason,
      ...(reason === 'replaced' ? {} : { submissionId: null }),
      updatedAt: now,
    })
    .where(inArray(scanPages.id, pageIds));
}

/**
 * A re-scan's read of a page whose answer is kept in place (issue 28): the page keeps its place,
 * status and submission, and takes the new text. Null when another request changed it first.
 */
export async function rereadPlacedPage(
  db: TDb,
  page: Pick<TPageRow, 'id' | 'submissionId'>,
  values: {
    extractedText: string;
    ocrConfidence: number | null;
    pageKey: string | null;
    now: Date;
  },
): Promise<TPageRow | null> {
  if (page.submissionId === null) return null;
  const [row] = await db
    .update(scanPages)
    .set({
      extractedText: values.extractedText,
      ocrConfidence: values.ocrConfidence,
      ...(values.pageKey === null ? {} : { pageKey: values.pageKey }),
      replacedEarlier: true,
      updatedAt: values.now,
    })
    .where(
      and(
        eq(scanPages.id, page.id),
        eq(scanPages.status, 'assigned'),
        eq(scanPages.submissionId, page.submissionId),
      ),
    )
    .returning();
  return row ?? null;
}
