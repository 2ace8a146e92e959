import { parseMarkRange } from '@stem/contract/mark-ranges';
import type { TBandCounts } from '@stem/contract/analytics';
import type { TAccessClaims } from '../../lib/tokens';

/**
 * Pure rules of the analytics module: who may see which figures, how scores fall into the rubric's
 * bands, and what the CSV files may hold.
 */

/** The parts of a class or question the access rules look at. */
export type TOwnedFacts = { schoolId: string; teacherId: string | null };

/** A teacher sees their own classes and questions; an admin every one of their school. */
export function canViewAnalytics(user: TAccessClaims, owned: TOwnedFacts): boolean {
  if (user.schoolId === null || user.schoolId !== owned.schoolId) return false;
  if (user.role === 'admin') return true;
  return user.role === 'teacher' && owned.teacherId === user.userId;
}

/**
 * How many answers fall in each band, from the count of answers at each score (index = score). A
 * score in the low range is low, in the high range high, strictly between the two ranges between;
 * anything else (a range that cannot be read, or outside both) other.
 */
export function bandCounts(scores: readonly number[], low: string, high: string): TBandCounts {
  const lowRange = parseMarkRange(low);
  const highRange = parseMarkRange(high);
  const counts: TBandCounts = { low: 0, between: 0, high: 0, other: 0 };
  scores.forEach((n, score) => {
    if (n === 0) return;
    if (lowRange && score >= lowRange.start && score <= lowRange.end) counts.low += n;
    else if (highRange && score >= highRange.start && score <= highRange.end) counts.high += n;
    else if (lowRange && highRange && score > lowRange.end && score < highRange.start) {
      counts.between += n;
    } else counts.other += n;
  });
  return counts;
}

/** Characters that make a spreadsheet read a cell as a formula (or split it) when they lead. */
const FORMULA_LEAD = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): a cell that would start a formula gets a leading apostrophe (CSV
 * injection), then a cell holding a comma, quote or line break is quoted with its quotes doubled.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_LEAD.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record, ended with CRLF as RFC 4180 asks. */
export function csvRow(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * Every CSV the product writes names the student by e-mail and id beside their name (issue 29), so a
 * gradebook import (Google Classroom, an LMS, a spreadsheet) can match its rows: these two cells.
 */
export function studentKeyCells(student: {
  id: string | null;
  email: string | null;
}): (string | null)[] {
  return [student.email, student.id];
}

/** The byte-order mark that makes Excel read the file as UTF-8 (names with accents). */
export const CSV_BOM = '\uFEFF';

/**
 * The Content-Disposition value for a download: an ASCII file name for old clients and the real
 * one (accents kept) in RFC 5987 form. Characters a file name cannot hold become '-'.
 */
export function attachmentHeader(baseName: string, day: string): string {
  const clean = baseName
    .normalize('NFC')
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);
  const name = `${clean || 'export'} ${day}.csv`;
  const ascii = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\;]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
