import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@stem/contract/messages';
import { daysRemaining, formatDateTime, formatLongDate } from './dates';

describe('formatDateTime', () => {
  it('shows the long date of formatLongDate and a 24-hour time', () => {
    expect(formatDateTime('2025-03-11T15:45:00Z', { timeZone: 'UTC' })).toBe(
      '11 March 2025 at 15:45',
    );
    expect(formatDateTime(new Date('2025-03-11T00:05:00Z'), { timeZone: 'UTC' })).toBe(
      '11 March 2025 at 00:05',
    );
    expect(formatDateTime('2025-03-11T15:45:00Z', { timeZone: 'UTC' })).toContain(
      formatLongDate('2025-03-11T15:45:00Z', { timeZone: 'UTC' }),
    );
  });

  it('says so when there is no date or it cannot be read', () => {
    expect(formatDateTime(null)).toBe(MESSAGES.dates.none);
    expect(formatDateTime(undefined)).toBe(MESSAGES.dates.none);
    expect(formatDateTime('')).toBe(MESSAGES.dates.none);
    expect(formatDateTime('not a date')).toBe(MESSAGES.dates.invalid);
  });
});

describe('formatLongDate', () => {
  it('writes the month in full', () => {
    expect(formatLongDate('2025-03-25T10:00:00Z', { timeZone: 'UTC' })).toBe('25 March 2025');
    expect(formatLongDate(null)).toBe(MESSAGES.dates.none);
    expect(formatLongDate('2025-13-45')).toBe(MESSAGES.dates.invalid);
  });
});

describe('daysRemaining', () => {
  const now = new Date('2025-03-11T12:00:00Z');

  it('rounds part of a day up', () => {
    expect(daysRemaining('2025-03-25T12:00:00Z', now)).toBe(14);
    expect(daysRemaining('2025-03-11T12:00:01Z', now)).toBe(1);
    expect(daysRemaining('2025-03-12T11:00:00Z', now)).toBe(1);
  });

  it('never goes below zero once expired', () => {
    expect(daysRemaining('2025-03-11T12:00:00Z', now)).toBe(0);
    expect(daysRemaining('2025-03-01T00:00:00Z', now)).toBe(0);
  });

  it('is null without a readable date', () => {
    expect(daysRemaining(null, now)).toBeNull();
    expect(daysRemaining('soon', now)).toBeNull();
  });
});
