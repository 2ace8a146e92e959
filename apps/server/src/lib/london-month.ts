import { SCHOOL_TIME_ZONE } from '@stem/contract/limits';

/** Minutes the zone is ahead of UTC at `instant`. */
function zoneOffsetMs(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-11-27 09:05": an instant as a spreadsheet reads a date and time, in the zone. */
export function localDateTimeText(instant: Date, timeZone = SCHOOL_TIME_ZONE): string {
  const local = new Date(instant.getTime() + zoneOffsetMs(instant, timeZone));
  return `${localDayText(instant, timeZone)} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}

/** "2026-11-27": the instant's calendar date in the zone. */
export function localDayText(instant: Date, timeZone = SCHOOL_TIME_ZONE): string {
  const { year, month, day } = localDate(instant, timeZone);
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The local calendar date (year, month 1-12, day) of an instant in the zone. */
export function localDate(instant: Date, timeZone = SCHOOL_TIME_ZONE) {
  const local = new Date(instant.getTime() + zoneOffsetMs(instant, timeZone));
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate() };
}

/** The instant local midnight starts on that local date in the zone. */
export function localMidnight(
  year: number,
  month: number,
  day: number,
  timeZone = SCHOOL_TIME_ZONE,
): Date {
  const guess = new Date(Date.UTC(year, month - 1, day));
  return new Date(guess.getTime() - zoneOffsetMs(guess, timeZone));
}

/**
 * The calendar month holding `now` in the school's time zone (Europe/London): its first instant and
 * the first instant of the next month, when the monthly allowance resets.
 */
export function monthBounds(now: Date, timeZone = SCHOOL_TIME_ZONE): { start: Date; end: Date } {
  const { year, month } = localDate(now, timeZone);
  const start = localMidnight(year, month, 1, timeZone);
  const end =
    month === 12
      ? localMidnight(year + 1, 1, 1, timeZone)
      : localMidnight(year, month + 1, 1, timeZone);
  return { start, end };
}

/** "1 April 2026": the date a monthly allowance resets, as messages show it. */
export function formatResetDate(end: Date, timeZone = SCHOOL_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone,
  }).format(end);
}
