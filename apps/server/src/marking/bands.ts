import { parseMarkRange } from '@stem/contract/mark-ranges';

/**
 * The band a score falls in, as the feedback's `markRange` names it: the low range text ("0-1") when
 * the score is inside the low range, the high range text ("3-4") inside the high range, otherwise the
 * score itself (a middle mark such as "2").
 */
export function markRangeFor(score: number, lowMarkRange: string, highMarkRange: string): string {
  const low = parseMarkRange(lowMarkRange);
  const high = parseMarkRange(highMarkRange);
  if (low && score >= low.start && score <= low.end) return lowMarkRange.replace(/\s+/g, '');
  if (high && score >= high.start && score <= high.end) return highMarkRange.replace(/\s+/g, '');
  return String(score);
}

/** Clamps any number to an integer score on 0..marks (round half up). */
export function clampScore(value: number, marks: number): number {
  if (!Number.isFinite(value)) return 0;
  const max = Math.max(0, Math.floor(marks));
  return Math.min(max, Math.max(0, Math.floor(value + 0.5)));
}
