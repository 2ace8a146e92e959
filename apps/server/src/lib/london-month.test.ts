import { describe, expect, it } from 'vitest';
import { formatResetDate, localDateTimeText, localDayText, monthBounds } from './london-month';

describe('monthBounds (Europe/London)', () => {
  it('starts a summer month at 23:00 UTC the day before (BST)', () => {
    const { start, end } = monthBounds(new Date('2026-07-15T10:00:00Z'));
    expect(start.toISOString()).toBe('2026-06-30T23:00:00.000Z');
    expect(end.toISOString()).toBe('2026-07-31T23:00:00.000Z');
    expect(formatResetDate(end)).toBe('1 August 2026');
  });

  it('puts 23:30 UTC on 31 July into August, London time', () => {
    expect(monthBounds(new Date('2026-07-31T23:30:00Z')).start.toISOString()).toBe(
      '2026-07-31T23:00:00.000Z',
    );
  });

  it('handles winter months and the year end', () => {
    const { start, end } = monthBounds(new Date('2026-12-31T23:59:00Z'));
    expect(start.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(end.toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(monthBounds(new Date('2026-03-31T22:59:00Z')).end.toISOString()).toBe(
      '2026-03-31T23:00:00.000Z',
    );
  });
});

describe('localDateTimeText / localDayText', () => {
  it('writes an instant as a spreadsheet reads it, on the zone’s clock', () => {
    const lateSummer = new Date('2026-07-31T23:30:00Z');
    expect(localDateTimeText(lateSummer)).toBe('2026-08-01 00:30');
    expect(localDayText(lateSummer)).toBe('2026-08-01');
    expect(localDateTimeText(lateSummer, 'America/New_York')).toBe('2026-07-31 19:30');
    expect(localDateTimeText(new Date('2026-01-05T09:05:59Z'))).toBe('2026-01-05 09:05');
  });
});
