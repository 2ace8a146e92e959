import { MESSAGES } from '@stem/contract/messages';
import type { TQuestion } from '@stem/contract/teaching';

const T = MESSAGES.questionsPage;

/** The sort options of spec 02 §9. No default: until one is chosen the server's order stands. */
export const SORT_OPTIONS = [
  { value: 'createdAt-desc', label: T.sortNewest },
  { value: 'createdAt-asc', label: T.sortOldest },
  { value: 'marks-desc', label: T.sortMarksHigh },
  { value: 'marks-asc', label: T.sortMarksLow },
] as const;

export type TSortValue = (typeof SORT_OPTIONS)[number]['value'];

export function isSortValue(value: string | null): value is TSortValue {
  return SORT_OPTIONS.some((option) => option.value === value);
}

type TSortable = Pick<TQuestion, 'createdAt' | 'marks'>;

const time = (question: TSortable) => {
  const ms = Date.parse(question.createdAt);
  return Number.isNaN(ms) ? 0 : ms;
};

/**
 * The questions in the chosen order; with no choice, as the server sent them (newest first). Ties
 * keep the server's order (Array.prototype.sort is stable), so equal marks stay newest first.
 */
export function sortQuestions<T extends TSortable>(
  questions: readonly T[],
  sort: TSortValue | null,
): T[] {
  const list = [...questions];
  switch (sort) {
    case 'createdAt-desc':
      return list.sort((a, b) => time(b) - time(a));
    case 'createdAt-asc':
      return list.sort((a, b) => time(a) - time(b));
    case 'marks-desc':
      return list.sort((a, b) => b.marks - a.marks);
    case 'marks-asc':
      return list.sort((a, b) => a.marks - b.marks);
    default:
      return list;
  }
}

/** Pages needed for `total` items, at least 1 so an empty list still has a page. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A page number forced into 1..pageCount (after a delete the last page may vanish). */
export function clampPage(page: number, total: number, pageSize: number): number {
  return Math.min(Math.max(1, Math.floor(page)), pageCount(total, pageSize));
}

/** The items of a (1-based, clamped) page. */
export function pageItems<T>(items: readonly T[], page: number, pageSize: number): T[] {
  const current = clampPage(page, items.length, pageSize);
  const start = (current - 1) * pageSize;
  return items.slice(start, start + pageSize);
}
