/** A mark range such as "0-1" or "3-4" (spec 02 §3: strings formatted start-end). */
export type TMarkRange = { start: number; end: number };

/** "3-4" → { start: 3, end: 4 }; anything else (e.g. "3", "4-3", "a-b") → null. */
export function parseMarkRange(text: string): TMarkRange | null {
  const match = /^\s*(\d{1,4})\s*[-–]\s*(\d{1,4})\s*$/.exec(text);
  if (!match) return null;
  const start = Number(match[1]);
  const end = Number(match[2]);
  return start <= end ? { start, end } : null;
}

export function formatMarkRange(range: TMarkRange): string {
  return `${range.start}-${range.end}`;
}

// The rubric text format lives in the contract so the question form splits and joins rubrics exactly
// as the server writes and validates them (one truth).
export { cleanSection, combineRubric, parseRubricSections } from '@stem/contract/rubric-format';
