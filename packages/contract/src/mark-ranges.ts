/**
 * The mark-range rules of spec 02 §5, shared by the question form and the server.
 *
 * A range is "start-end". Low: 0 ≤ start, end ≤ marks − 1. High: 1 ≤ start, end ≤ marks.
 * The spec asks for start below end, but its own auto-fill gives one-point bands (1 mark: low 0-0 and
 * high 1-1; 2 marks: high 2-2; 3 marks: low 0-0), so a one-point band (start = end) is accepted too;
 * only a reversed range is refused. The two bands must not overlap: low end < high start.
 */
export type TMarkRange = { start: number; end: number };

/** Keeps only digits (the marks input). */
export function cleanMarksInput(value: string): string {
  return value.replace(/\D/g, '');
}

/** Keeps only digits and hyphens (the range inputs). */
export function cleanRangeInput(value: string): string {
  return value.replace(/[^\d-]/g, '');
}

/** "3-5" → { start: 3, end: 5 }; anything else → null. */
export function parseMarkRange(value: string): TMarkRange | null {
  const match = /^\s*(\d{1,4})\s*-\s*(\d{1,4})\s*$/.exec(value);
  if (!match) return null;
  return { start: Number(match[1]), end: Number(match[2]) };
}

export function formatMarkRange(range: TMarkRange): string {
  return `${range.start}-${range.end}`;
}

/** The auto-filled ranges for a number of marks (spec 02 §5); null when marks is not a positive integer. */
export function defaultMarkRanges(marks: number): { low: string; high: string } | null {
  if (!Number.isInteger(marks) || marks < 1) return null;
  if (marks === 1) return { low: '0-0', high: '1-1' };
  if (marks === 2) return { low: '0-1', high: '2-2' };
  return { low: `0-${Math.floor(marks * 0.3)}`, high: `${Math.ceil(marks * 0.6)}-${marks}` };
}

export function lowRangeMessage(marks: number): string {
  return `Low mark range must be between 0 and ${marks - 1} (for ${marks} marks), and start number must be less than end number.`;
}

export function highRangeMessage(marks: number): string {
  return `High mark range must be between 1 and ${marks} (for ${marks} marks), and start number must be less than end number.`;
}

export const RANGE_OVERLAP_MESSAGE = 'Low mark range and high mark range cannot overlap.';

export function isValidLowRange(value: string, marks: number): boolean {
  const range = parseMarkRange(value);
  return range !== null && range.start >= 0 && range.start <= range.end && range.end <= marks - 1;
}

export function isValidHighRange(value: string, marks: number): boolean {
  const range = parseMarkRange(value);
  return range !== null && range.start >= 1 && range.start <= range.end && range.end <= marks;
}

export type TRangeError = { field: 'marks' | 'lowMarkRange' | 'highMarkRange'; message: string };

/** Every rule at once: marks a positive integer, each range valid, no overlap. Null when all hold. */
export function validateMarkRanges(input: {
  marks: number;
  lowMarkRange: string;
  highMarkRange: string;
}): TRangeError | null {
  const { marks, lowMarkRange, highMarkRange } = input;
  if (!Number.isInteger(marks) || marks < 1) {
    return { field: 'marks', message: 'Marks must be a whole number of at least 1.' };
  }
  if (!isValidLowRange(lowMarkRange, marks)) {
    return { field: 'lowMarkRange', message: lowRangeMessage(marks) };
  }
  if (!isValidHighRange(highMarkRange, marks)) {
    return { field: 'highMarkRange', message: highRangeMessage(marks) };
  }
  const low = parseMarkRange(lowMarkRange) as TMarkRange;
  const high = parseMarkRange(highMarkRange) as TMarkRange;
  if (low.end >= high.start) return { field: 'highMarkRange', message: RANGE_OVERLAP_MESSAGE };
  return null;
}

/**
 * The rubric writer's message for a range error (spec 02 §5: invalid ranges give messages starting
 * "Invalid low mark range" or "Invalid high mark range"; overlap gives the overlap message as it is).
 */
export function rubricRangeMessage(error: TRangeError): string {
  if (error.message === RANGE_OVERLAP_MESSAGE) return RANGE_OVERLAP_MESSAGE;
  if (error.field === 'lowMarkRange') return `Invalid low mark range. ${error.message}`;
  if (error.field === 'highMarkRange') return `Invalid high mark range. ${error.message}`;
  return error.message;
}
