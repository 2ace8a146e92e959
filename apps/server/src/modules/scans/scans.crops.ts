import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { openBytes, sealBytes } from '../../lib/secret-box';
import { scanBatches, scanCrops, scanPages, submissionAnswers, submissions } from '../../db/schema';

/**
 * The scan images kept while a batch is open (issue 28): each answer region's image, and the image
 * of a page that needs the teacher, so the teacher checks what was read beside it. Encrypted at rest
 * with AES-256-GCM (`lib/secret-box.ts`) under the configured key (SCAN_IMAGE_KEY), bound to its row (id, school, page,
 * question) so a row's bytes cannot be moved to another. Deleted with the rest of its batch's images
 * when the batch closes (every page matched, every answer the marker was unsure of reviewed), and at
 * most CROP_DAYS after upload. Only this file reads or writes scan_crops.
 */

/** Days a batch's images are kept at most, closed or not. */
export const CROP_DAYS = 14;
const DAY_MS = 24 * 60 * 60_000;

export type TCropKey = { scanImageKey: () => Buffer };

export type TKeepCrop = {
  batchId: string;
  pageId: string;
  /** The submission the region's answer went to, when it has one already (null: not yet, or none). */
  submissionId: string | null;
  /** The question whose answer region it is; null for the image of a whole page. */
  questionId: string | null;
  /** A PNG. */
  image: Uint8Array;
};

function associatedData(row: {
  id: string;
  schoolId: string;
  pageId: string;
  questionId: string | null;
}): Buffer {
  return Buffer.from(`scan-crop:${row.id}:${row.schoolId}:${row.pageId}:${row.questionId ?? ''}`);
}

/**
 * Keeps one answer region's image (or a whole page's) of an open batch, encrypted. Pass the
 * transaction that records the page, so a page and its image are kept together or not at all.
 * Nothing is kept for a batch whose images were deleted already. Returns the crop's id (null: not kept).
 */
export async function keepCrop(tx: TDb, config: TCropKey, crop: TKeepCrop): Promise<string | null> {
  const [batch] = await tx
    .select({
      schoolId: scanBatches.schoolId,
      deleted: scanBatches.imagesDeletedAt,
      studentId: scanPages.studentId,
    })
    .from(scanBatches)
    .innerJoin(scanPages, and(eq(scanPages.id, crop.pageId), eq(scanPages.batchId, scanBatches.id)))
    .where(eq(scanBatches.id, crop.batchId));
  if (!batch || batch.deleted !== null) return null;
  const id = randomUUID();
  const { iv, tag, data } = sealBytes(
    config.scanImageKey(),
    crop.image,
    associatedData({ id, schoolId: batch.schoolId, ...crop }),
  );
  await tx.insert(scanCrops).values({
    id,
    batchId: crop.batchId,
    schoolId: batch.schoolId,
    pageId: crop.pageId,
    questionId: crop.questionId,
    submissionId: crop.submissionId,
    // Whose it is as far as the page says (the submission's student once it has one).
    studentId: batch.studentId,
    contentType: 'image/png',
    iv,
    tag,
    data,
  });
  return id;
}

/**
 * The crops of these pages now belong to the submission their answers went to. `questionId`: a
 * one-region page the teacher placed on another question than its sheet's takes that question.
 */
export async function attachCropsToSubmission(
  tx: TDb,
  pageIds: string[],
  submissionId: string,
  questionId?: string,
): Promise<void> {
  if (pageIds.length === 0) return;
  const studentId = sql<
    string | null
  >`(select ${submissions.studentId} from ${submissions} where ${submissions.id} = ${submissionId})`;
  await tx
    .update(scanCrops)
    .set(
      questionId === undefined
        ? { submissionId, studentId }
        : { submissionId, studentId, questionId },
    )
    .where(inArray(scanCrops.pageId, pageIds));
}

/** A re-scan replaces a page's read: its earlier images go (the new read keeps its own). */
export async function dropPageCrops(tx: TDb, pageId: string): Promise<void> {
  await tx.delete(scanCrops).where(eq(scanCrops.pageId, pageId));
}

export type TCropRef = {
  id: string;
  batchId: string;
  pageId: string;
  questionId: string | null;
  submissionId: string | null;
};

const refColumns = {
  id: scanCrops.id,
  batchId: scanCrops.batchId,
  pageId: scanCrops.pageId,
  questionId: scanCrops.questionId,
  submissionId: scanCrops.submissionId,
};

/** The crops kept of a batch's pages (no image bytes). */
export function selectBatchCrops(db: TDb, schoolId: string, batchId: string): Promise<TCropRef[]> {
  return db
    .select(refColumns)
    .from(scanCrops)
    .where(and(eq(scanCrops.schoolId, schoolId), eq(scanCrops.batchId, batchId)));
}

/** The crops kept of these submissions' answers (no image bytes). */
export function selectSubmissionCrops(
  db: TDb,
  schoolId: string,
  submissionIds: string[],
): Promise<TCropRef[]> {
  if (submissionIds.length === 0) return Promise.resolve([]);
  return db
    .select(refColumns)
    .from(scanCrops)
    .where(and(eq(scanCrops.schoolId, schoolId), inArray(scanCrops.submissionId, submissionIds)));
}

/** The crop kept for one answer (its submission and question), if any. */
export function cropIdOf(
  crops: TCropRef[],
  answer: { submissionId: string; questionId: string | null },
): string | null {
  if (answer.questionId === null) return null;
  return (
    crops.find((c) => c.submissionId === answer.submissionId && c.questionId === answer.questionId)
      ?.id ?? null
  );
}

export type TCropWithPlace = TCropRef & {
  schoolId: string;
  /** The class of the batch, and the class the page was assigned to when it is another. */
  batchClassId: string;
  pageClassId: string | null;
};

/** One crop of the school with where it belongs, for the access check (no image bytes). */
export async function findCrop(
  db: TDb,
  schoolId: string,
  cropId: string,
): Promise<TCropWithPlace | null> {
  const [row] = await db
    .select({
      ...refColumns,
      schoolId: scanCrops.schoolId,
      batchClassId: scanBatches.classId,
      pageClassId: scanPages.classId,
    })
    .from(scanCrops)
    .innerJoin(scanBatches, eq(scanBatches.id, scanCrops.batchId))
    .innerJoin(scanPages, eq(scanPages.id, scanCrops.pageId))
    .where(and(eq(scanCrops.id, cropId), eq(scanCrops.schoolId, schoolId)));
  return row ?? null;
}

/** The decrypted image of a crop, or null when it is gone (or does not decrypt: a moved row). */
export async function readCropImage(
  db: TDb,
  config: TCropKey,
  schoolId: string,
  cropId: string,
): Promise<{ contentType: string; image: Buffer } | null> {
  const [row] = await db
    .select()
    .from(scanCrops)
    .where(and(eq(scanCrops.id, cropId), eq(scanCrops.schoolId, schoolId)));
  if (!row) return null;
  try {
    const image = openBytes(config.scanImageKey(), row, associatedData(row));
    return { contentType: row.contentType, image };
  } catch {
    return null;
  }
}

/** When a batch's images are deleted at the latest. */
export function imagesKeptUntil(createdAt: Date): Date {
  return new Date(createdAt.getTime() + CROP_DAYS * DAY_MS);
}

/**
 * Whether the batch still needs its images: it is being read, a page still needs the teacher, or an
 * answer kept with an image is not marked yet or was marked with doubt and not reviewed.
 */
async function isOpen(db: TDb, batchId: string): Promise<boolean> {
  const [batch] = await db
    .select({ status: scanBatches.status })
    .from(scanBatches)
    .where(eq(scanBatches.id, batchId));
  if (!batch) return false;
  if (batch.status === 'queued' || batch.status === 'reading') return true;
  const [waiting] = await db
    .select({ id: scanPages.id })
    .from(scanPages)
    .where(and(eq(scanPages.batchId, batchId), eq(scanPages.status, 'needs_teacher')))
    .limit(1);
  if (waiting) return true;
  const [unsure] = await db
    .select({ id: submissionAnswers.id })
    .from(scanCrops)
    .innerJoin(submissions, eq(submissions.id, scanCrops.submissionId))
    .innerJoin(
      submissionAnswers,
      and(
        eq(submissionAnswers.submissionId, scanCrops.submissionId),
        eq(submissionAnswers.questionId, scanCrops.questionId),
      ),
    )
    .where(
      and(
        eq(scanCrops.batchId, batchId),
        or(
          eq(submissions.status, 'pending'),
          and(isNotNull(submissionAnswers.reviewDoubt), isNull(submissionAnswers.reviewedAt)),
        ),
      ),
    )
    .limit(1);
  return unsure !== undefined;
}

/** Deletes a batch's images and records when (in one transaction). Returns how many went. */
async function deleteBatchImages(db: TDb, batchId: string, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(scanCrops)
      .where(eq(scanCrops.batchId, batchId))
      .returning({ id: scanCrops.id });
    await tx
      .update(scanBatches)
      .set({ imagesDeletedAt: now })
      .where(and(eq(scanBatches.id, batchId), isNull(scanBatches.imagesDeletedAt)));
    return gone.length;
  });
}

/**
 * Deletes the images of these batches if they closed (every page matched, every unsure answer
 * reviewed) or are CROP_DAYS old. Called after a teacher's action that may close a batch, and by
 * housekeeping for every batch holding images (`closeDueBatches`). Returns the batches cleared.
 */
export async function deleteImagesIfClosed(
  db: TDb,
  batchIds: Iterable<string>,
  now: Date,
): Promise<number> {
  let cleared = 0;
  for (const batchId of new Set(batchIds)) {
    const [batch] = await db
      .select({ createdAt: scanBatches.createdAt })
      .from(scanBatches)
      .where(eq(scanBatches.id, batchId));
    if (!batch) continue;
    const expired = imagesKeptUntil(batch.createdAt) <= now;
    if (!expired && (await isOpen(db, batchId))) continue;
    const [held] = await db
      .select({ id: scanCrops.id })
      .from(scanCrops)
      .where(eq(scanCrops.batchId, batchId))
      .limit(1);
    if (!held) continue;
    await deleteBatchImages(db, batchId, now);
    cleared++;
  }
  return cleared;
}

/** The batches whose images a submission's answers are kept with (after a review, a correction). */
export async function batchesOfSubmission(db: TDb, submissionId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ batchId: scanCrops.batchId })
    .from(scanCrops)
    .where(eq(scanCrops.submissionId, submissionId));
  return rows.map((r) => r.batchId);
}

/**
 * Housekeeping: every batch still holding images is checked, the expired first; those closed or
 * CROP_DAYS old lose their images. Returns how many batches were cleared.
 */
export async function closeDueBatches(db: TDb, now: Date): Promise<number> {
  const rows = await db
    .selectDistinct({ batchId: scanCrops.batchId, createdAt: scanBatches.createdAt })
    .from(scanCrops)
    .innerJoin(scanBatches, eq(scanBatches.id, scanCrops.batchId))
    .orderBy(scanBatches.createdAt);
  const expired = new Date(now.getTime() - CROP_DAYS * DAY_MS);
  const ordered = [
    ...rows.filter((r) => r.createdAt <= expired),
    ...rows.filter((r) => r.createdAt > expired),
  ];
  return deleteImagesIfClosed(
    db,
    ordered.map((r) => r.batchId),
    now,
  );
}
