import { PUBLIC_MESSAGES } from '@stem/contract/messages-public';

const DAY_MS = 24 * 60 * 60 * 1000;

type TDateInput = string | number | Date | null | undefined;
/** A time zone only tests pass, so the text does not depend on the machine; browsers use their own. */
type TFormatOptions = { timeZone?: string };

/** The date, or why there is none: 'No date available' when missing, 'Invalid date' when unreadable. */
function parse(value: TDateInput): Date | string {
  if (value === null || value === undefined || value === '') return PUBLIC_MESSAGES.dates.none;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? PUBLIC_MESSAGES.dates.invalid : date;
}

/** "11 Mar 2025, 15:45": day, short month, year and a 24-hour time (spec 02 §9, teacher cards). */
export function formatDateTime(value: TDateInput, options: TFormatOptions = {}): string {
  const date = parse(value);
  if (typeof date === 'string') return date;
  return date.toLocaleString('en-GB', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone: options.timeZone,
  });
}

/** "11 March 2025". */
export function formatLongDate(value: TDateInput, options: TFormatOptions = {}): string {
  const date = parse(value);
  if (typeof date === 'string') return date;
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: options.timeZone,
  });
}

/**
 * Whole days left until `expiresAt`, rounded up, never below 0 (spec 01 §4 trial lifecycle);
 * null when there is no readable date.
 */
export function daysRemaining(expiresAt: TDateInput, now: Date = new Date()): number | null {
  const date = parse(expiresAt);
  if (typeof date === 'string') return null;
  return Math.max(0, Math.ceil((date.getTime() - now.getTime()) / DAY_MS));
}
