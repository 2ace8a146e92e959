import { formatMarkRange, type TMarkRange } from './mark-ranges';

/**
 * The product's rubric text (spec 02 §3): "Low Mark Range (a-b):\n…\n\nHigh Mark Range (c-d):\n…".
 * One truth for the server (which writes and validates rubrics) and the question form (which splits a
 * saved rubric into its two editable sections and joins them again).
 */

// A header line: optional markdown (#, *, _), "low/high mark range", an optional "(a-b)" or "a-b",
// then a colon (the section may go on after it on the same line) or the end of the line. Prose that
// merely starts with the words ("Low mark range answers ...") is not a header.
const HEADER =
  /^[ \t]*[#*_]*[ \t]*(low|high)[ \t]+mark[ \t]+range[ \t]*(?:\(?[ \t]*\d+[ \t]*[-–][ \t]*\d+[ \t]*\)?)?[ \t]*[*_]*[ \t]*(?::[*_]*[ \t]*|$)/gim;

export type TRubricSections = { low: string | null; high: string | null };

/**
 * Joins the two sections into the rubric text. Each section is trimmed; a header the writer repeated
 * at the top of its own section is dropped so it is not doubled.
 */
export function combineRubric(
  low: string,
  high: string,
  lowRange: TMarkRange | string,
  highRange: TMarkRange | string,
): string {
  const lowText = cleanSection(low, 'low');
  const highText = cleanSection(high, 'high');
  return (
    `Low Mark Range (${rangeText(lowRange)}):\n${lowText}\n\n` +
    `High Mark Range (${rangeText(highRange)}):\n${highText}`
  );
}

/**
 * Splits a rubric into its Low Mark Range and High Mark Range sections (tolerant: any case, range
 * in parentheses or not, colon or not, markdown emphasis, either order). A "Middle marks" line
 * after a section belongs to neither. A section that is missing or blank is null. A saved rubric
 * needs both sections non-empty (spec 02 §5).
 */
export function parseRubricSections(rubric: string): TRubricSections {
  const headers = [...rubric.matchAll(HEADER)].map((m) => ({
    kind: (m[1] ?? '').toLowerCase() as 'low' | 'high',
    start: m.index,
    bodyStart: m.index + m[0].length,
  }));
  const result: TRubricSections = { low: null, high: null };
  headers.forEach((header, i) => {
    if (result[header.kind] !== null) return; // the first section of each kind counts
    const next = headers[i + 1]?.start ?? rubric.length;
    let body = rubric.slice(header.bodyStart, next);
    const middle = /^[ \t]*[#*_]*[ \t]*middle[ \t]+marks?\b/im.exec(body);
    if (middle) body = body.slice(0, middle.index);
    const text = body.trim();
    result[header.kind] = text === '' ? null : text;
  });
  return result;
}

function rangeText(range: TMarkRange | string): string {
  return typeof range === 'string' ? range.trim() : formatMarkRange(range);
}

/** A section's text trimmed, without a copy of its own header at the top. */
export function cleanSection(text: string, kind: 'low' | 'high'): string {
  const trimmed = text.trim();
  const first = new RegExp(HEADER.source, 'im').exec(trimmed);
  if (first && first.index === 0 && first[1]?.toLowerCase() === kind) {
    return trimmed.slice(first[0].length).trim();
  }
  return trimmed;
}
