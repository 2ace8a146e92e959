import { createHash } from 'node:crypto';
import type { TDb } from '../../db/client';
import type { TBookletLayout } from '../../extraction/sheets/booklet-layout';
import { findOrInsertBooklet, hasOpenBatch } from './scans.queries';

/**
 * The kept booklet layouts (issues 28, 29): a print of a booklet reuses the row of the same layout
 * printed before (from the same test, or from the same hand-picked questions of the class), so the
 * same booklets carry the same codes and reprints add no rows.
 */

/** SHA-256 of the layout as stored: questions, marks, lines of text, paper, continuation pages. */
export function layoutHash(layout: TBookletLayout): string {
  return createHash('sha256').update(JSON.stringify(layout)).digest('hex');
}

/** The booklet id to print this layout with: the kept one, or a new row. */
export async function bookletFor(
  db: TDb,
  values: {
    schoolId: string;
    classId: string;
    teacherId: string;
    testId: string | null;
    layout: TBookletLayout;
    now: Date;
  },
): Promise<{ id: string; reused: boolean }> {
  return findOrInsertBooklet(db, { ...values, layoutHash: layoutHash(values.layout) });
}

/** Whether a scan of the class is open (being read, or holding images for the teacher's checks). */
export async function isClassScanOpen(db: TDb, schoolId: string, classId: string) {
  return hasOpenBatch(db, schoolId, classId);
}
