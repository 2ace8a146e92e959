import { describe, expect, it } from 'vitest';
import { QUESTION_PAGE_SIZE } from '@stem/contract/limits-teaching';
import { QUESTION_SORTS } from '@stem/contract/teaching';
import { formatQuestionDate } from './format-question-date';
import { SORT_OPTIONS, clampPage, isSortValue, pageCount } from './question-list';

describe('question list: sorting', () => {
  it('offers the four orders of the spec', () => {
    expect(SORT_OPTIONS.map((o) => o.label)).toEqual([
      'Newest first',
      'Oldest first',
      'Marks high to low',
      'Marks low to high',
    ]);
    expect(isSortValue('marks-asc')).toBe(true);
    expect(isSortValue('name')).toBe(false);
    expect(isSortValue(null)).toBe(false);
    // The server's names: the sort goes to the server as chosen.
    expect(SORT_OPTIONS.map((o) => o.value)).toEqual([...QUESTION_SORTS]);
  });
});

describe('question list: pages of 10', () => {
  it('counts pages, at least one', () => {
    expect(QUESTION_PAGE_SIZE).toBe(10);
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(23, 10)).toBe(3);
  });

  it('clamps a page that no longer exists', () => {
    expect(clampPage(3, 20, 10)).toBe(2);
    expect(clampPage(0, 20, 10)).toBe(1);
  });
});

describe('question list: dates', () => {
  it('shows en-GB day/month/year with a 12-hour time', () => {
    expect(formatQuestionDate('2025-03-11T15:45:00.000Z', 'UTC')).toBe('11/03/2025, 3:45 pm');
    expect(formatQuestionDate('2025-12-01T00:05:00.000Z', 'UTC')).toBe('01/12/2025, 12:05 am');
    expect(formatQuestionDate(null)).toBe('No date available');
    expect(formatQuestionDate('soon')).toBe('Invalid date');
  });
});
