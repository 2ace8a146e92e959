import type { TAccessClaims } from '../../lib/tokens';
import {
  queueRemark,
  replaceScannedAnswer,
  type TSubmitDeps,
} from '../submissions/submissions.service';
import { attachCropsToSubmission, dropPageCrops } from './scans.crops';
import * as queries from './scans.queries';

/**
 * A re-scan of a page already read (issue 28). A page's code says which printed page it is, of which
 * printing (`scan_pages.page_key`): a later read of the same page and box, placed on the same student
 * and question, is a re-scan of the paper whose answer an earlier read made. The same student's
 * question on a page of another printing (a reprint written at a second sitting) is new work. It replaces that answer's
 * text in its submission (no new submission, no attempt used, never refused for attempts), the
 * answer is marked again, and its history keeps the earlier text and marks. The same text again is
 * a repeat (nothing changes); a blank box never takes an answer away.
 */

/** The text a set of placed boxes gives, in page order (the main box, then its continuation). */
function textOf(rows: readonly queries.TPageRow[]): string {
  return rows
    .map((r) => r.extractedText.trim())
    .filter((t) => t !== '')
    .join('\n')
    .trim();
}

/** An answer's text from its boxes: the main box's text, then what the continuation page adds. */
function answerText(rows: readonly queries.TPageRow[]): string {
  const main = textOf(rows.filter((r) => !r.continuation));
  const continued = textOf(rows.filter((r) => r.continuation));
  return [main, continued].filter((t) => t !== '').join('\n');
}

/**
 * The answer an earlier read of `row`'s page made for this student's question, if any (the row
 * itself and `also` excluded).
 */
export async function earlierAnswerOf(
  deps: Pick<TSubmitDeps, 'db'>,
  classId: string,
  row: Pick<queries.TPageRow, 'id' | 'pageKey' | 'region'>,
  place: { studentId: string; questionId: string },
  also: readonly string[] = [],
): Promise<{ submissionId: string; questionId: string } | null> {
  if (row.pageKey === null) return null;
  const found = await queries.findEarlierRead(deps.db, {
    classId,
    ...place,
    page: { key: row.pageKey, region: row.region },
    submitted: true,
    exclude: [row.id, ...also],
  });
  return found?.submissionId
    ? { submissionId: found.submissionId, questionId: place.questionId }
    : null;
}

export type TRescanOutcome =
  /** The answer took the re-scan's text and is being marked again. */
  | 'replaced'
  /** The re-scan changes nothing: it reads as the answer does, or is blank where it was written. */
  | 'unchanged'
  /** The earlier answer is gone (its question or submission deleted since): nothing was done. */
  | 'missing';

/**
 * Places a re-scan's reads of one student's question (a main box, its continuation box, or both:
 * rows already stored, placed on the student and question) on the answer `target` an earlier scan
 * of their page made. Box by box: a box that reads as the earlier read did is a repeat, a blank box
 * where the earlier read had writing is set aside (a blank re-scan never takes an answer away),
 * and any other box replaces the earlier read of its part (which is set aside as 'replaced'). The
 * answer's text is then its boxes' text, replaced in place (see `replaceScannedAnswer`) and queued
 * for marking; the re-scan's images now belong to the answer.
 */
export async function placeOnEarlierAnswer(
  deps: TSubmitDeps,
  actor: Pick<TAccessClaims, 'userId'>,
  schoolId: string,
  target: { submissionId: string; questionId: string },
  rows: readonly queries.TPageRow[],
): Promise<TRescanOutcome> {
  const now = deps.now();
  const ids = new Set(rows.map((r) => r.id));
  const outcome = await deps.db.transaction(async (tx): Promise<TRescanOutcome> => {
    const linked = (
      await queries.selectAnswerRows(tx, target.submissionId, target.questionId)
    ).filter((r) => !ids.has(r.id));
    const replacing: queries.TPageRow[] = [];
    const replaced: string[] = [];
    const same: string[] = [];
    const blank: string[] = [];
    for (const row of rows) {
      const earlier = linked.filter((l) => l.continuation === row.continuation);
      const before = textOf(earlier);
      const text = row.extractedText.trim();
      if (text === '' && before !== '') blank.push(row.id);
      else if (earlier.length > 0 && text === before) same.push(row.id);
      else {
        replacing.push(row);
        replaced.push(...earlier.map((e) => e.id));
      }
    }
    let result: TRescanOutcome = 'unchanged';
    if (replacing.length > 0) {
      const kept = [...linked.filter((l) => !replaced.includes(l.id)), ...replacing];
      const main = kept.find((r) => !r.continuation) ?? kept[0];
      result = await replaceScannedAnswer(tx, {
        schoolId,
        submissionId: target.submissionId,
        questionId: target.questionId,
        text: answerText(kept),
        ocrConfidence: main?.ocrConfidence ?? null,
        actorId: actor.userId,
        now,
      });
      // Nothing written yet: the caller places the rows as it would without an earlier answer.
      if (result === 'missing') return result;
      await queries.setAsideRows(tx, replaced, 'replaced', now);
      for (const id of replaced) await dropPageCrops(tx, id);
      const placed = replacing.map((r) => r.id);
      await queries.linkRescanRows(tx, placed, target.submissionId, now);
      await attachCropsToSubmission(tx, placed, target.submissionId, target.questionId);
    }
    await queries.setAsideRows(tx, same, 'duplicate', now);
    await queries.setAsideRows(tx, blank, 'blank_rescan', now);
    return result;
  });
  if (outcome === 'replaced') await queueRemark(deps, target.submissionId, now);
  return outcome;
}
