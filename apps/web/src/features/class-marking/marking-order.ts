import type { TClassAnswer, TClassAnswerRow } from '@stem/contract/class-marking';

/** Pure rules of the marking screen: the students' labels, their state, where N goes. */

export type TRowState = 'none' | 'pending' | 'failed' | 'toReview' | 'reviewed' | 'changed';

/** What a student's row says: no answer, being marked, failed, to review, reviewed (or changed). */
export function rowState(answer: TClassAnswer | null): TRowState {
  if (!answer) return 'none';
  if (answer.score === null) return answer.status === 'failed' ? 'failed' : 'pending';
  if (!answer.reviewedAt) return 'toReview';
  return answer.overridden ? 'changed' : 'reviewed';
}

/** An answer the teacher can still review: marked, and not reviewed yet. */
export function needsReview(row: TClassAnswerRow): boolean {
  return rowState(row.answer) === 'toReview';
}

export type TOrderedRow = TClassAnswerRow & {
  /** What the screen calls the student: their name, or the server's "Student n" in anonymous mode. */
  label: string;
};

/**
 * The students in the screen's order: as the server sends them, by name, or in anonymous mode in
 * the order the server drew for this teacher and question, under the server's pseudonyms (the
 * browser is never sent the names then). `hideNames`: anonymity was just turned on and the rows
 * are still the named ones, until the anonymous reply comes; no name is shown meanwhile.
 */
export function orderRows(
  rows: readonly TClassAnswerRow[],
  options: { hideNames: boolean } = { hideNames: false },
): TOrderedRow[] {
  return rows.map((row) => ({ ...row, label: options.hideNames ? '…' : row.student.name }));
}

/**
 * The next row whose answer still needs review, other than the row at `from`: the first in the
 * marker's suggested `order` (answer ids, `reviewOrder` from the server), else the next after
 * `from` in the list (wrapping round; from -1 it starts at the top). -1 when none does.
 */
export function nextToReview(
  rows: readonly TClassAnswerRow[],
  from: number,
  order: readonly string[] = [],
): number {
  for (const id of order) {
    const index = rows.findIndex((r) => r.answer?._id === id);
    const row = rows[index];
    if (index >= 0 && index !== from && row && needsReview(row)) return index;
  }
  for (let step = 1; step <= rows.length; step += 1) {
    const index = (from + step + rows.length) % rows.length;
    const row = rows[index];
    if (row && needsReview(row)) return index;
  }
  return -1;
}

/** Where the screen opens: the first answer to review, else the first answer, else the first row. */
export function startIndex(
  rows: readonly TClassAnswerRow[],
  order: readonly string[] = [],
): number {
  const toReview = nextToReview(rows, -1, order);
  if (toReview >= 0) return toReview;
  const answered = rows.findIndex((r) => r.answer !== null);
  return Math.max(0, answered);
}

/** A typed mark as a number when it is a whole mark from 0 to `marks`, else null. */
export function typedMark(typed: string, marks: number): number | null {
  if (!/^[0-9]{1,3}$/.test(typed)) return null;
  const value = Number(typed);
  return value <= marks ? value : null;
}
