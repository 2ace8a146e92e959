import { MESSAGES } from '@stem/contract/messages';

/**
 * A question's creation date as spec 02 §9 gives it for the question list: en-GB day/month/year
 * with a 12-hour time, e.g. "11/03/2025, 3:45 pm". `timeZone` is for tests; browsers use their own.
 */
export function formatQuestionDate(value: string | null | undefined, timeZone?: string): string {
  if (!value) return MESSAGES.dates.none;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return MESSAGES.dates.invalid;
  return date.toLocaleString('en-GB', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    // hourCycle, not hour12: en-GB with hour12 writes midnight as "0:05 am".
    hourCycle: 'h12',
    timeZone,
  });
}
