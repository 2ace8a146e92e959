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

/**
 * The house date and time, "11 March 2025 at 15:45" (the long date of `formatLongDate` and a 24-hour
 * time), for every screen whose format the spec leaves open: the owner's schools and users, a user's
 * details, the teacher's answer-sheet stacks. Submission views and the question list have formats of
 * their own in the spec (`formatSubmissionDate` here, `formatQuestionDate` in questions).
 */
export function formatDateTime(value: TDateInput, options: TFormatOptions = {}): string {
  const date = parse(value);
  if (typeof date === 'string') return date;
  return date.toLocaleString('en-GB', {
    day: 'numeric',
    month: 'long',
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

/**
 * Dates in submission views (spec 02 §9: "en-US with long month"), wherever a submission is listed
 * (the lists, their drawers, the dashboards' recent submissions, a class's or a user's work):
 * "March 11, 2025 at 3:45 PM"; staff read them on the 24-hour clock ("Submission times on teacher
 * cards use 24-hour format", spec 01 §2 teacher dashboard "date and time (24-hour)"):
 * "March 11, 2025 at 15:45".
 */
export function formatSubmissionDate(
  value: TDateInput,
  options: TFormatOptions & { hour12?: boolean } = {},
): string {
  const date = parse(value);
  if (typeof date === 'string') return date;
  const hour12 = options.hour12 ?? true;
  return date.toLocaleString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: hour12 ? 'numeric' : '2-digit',
    minute: '2-digit',
    // hourCycle, not hour12: en-US with hour12: false writes five past midnight as "24:05".
    hourCycle: hour12 ? 'h12' : 'h23',
    timeZone: options.timeZone,
  });
}
