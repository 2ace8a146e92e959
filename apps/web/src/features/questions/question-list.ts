import { MESSAGES } from '@stem/contract/messages';
import type { TQuestionSort } from '@stem/contract/teaching';

const T = MESSAGES.questionsPage;

/**
 * The sort options of spec 02 §9, in the server's names. No default: until one is chosen the
 * server's order (newest first) stands.
 */
export const SORT_OPTIONS: readonly { value: TQuestionSort; label: string }[] = [
  { value: 'createdAt-desc', label: T.sortNewest },
  { value: 'createdAt-asc', label: T.sortOldest },
  { value: 'marks-desc', label: T.sortMarksHigh },
  { value: 'marks-asc', label: T.sortMarksLow },
];

export function isSortValue(value: string | null): value is TQuestionSort {
  return SORT_OPTIONS.some((option) => option.value === value);
}

/** Pages needed for `total` items, at least 1 so an empty list still has a page. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A page number forced into 1..pageCount (after a delete the last page may vanish). */
export function clampPage(page: number, total: number, pageSize: number): number {
  return Math.min(Math.max(1, Math.floor(page)), pageCount(total, pageSize));
}
