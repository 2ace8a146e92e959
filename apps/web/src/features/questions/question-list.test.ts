import { describe, expect, it } from 'vitest';
import { QUESTION_PAGE_SIZE } from '@stem/contract/limits-teaching';
import { formatQuestionDate } from './format-question-date';
import {
  SORT_OPTIONS,
  clampPage,
  isSortValue,
  pageCount,
  pageItems,
  sortQuestions,
} from './question-list';

// Server order: newest first.
const questions = [
  { id: 'c', createdAt: '2025-03-03T10:00:00.000Z', marks: 5 },
  { id: 'b', createdAt: '2025-03-02T10:00:00.000Z', marks: 10 },
  { id: 'a', createdAt: '2025-03-01T10:00:00.000Z', marks: 5 },
  { id: 'd', createdAt: '2025-02-28T10:00:00.000Z', marks: 1 },
];
const ids = (list: { id: string }[]) => list.map((q) => q.id).join('');

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
  });

  it('keeps the server order until a sort is chosen', () => {
    expect(ids(sortQuestions(questions, null))).toBe('cbad');
  });

  it('sorts by date and by marks, ties staying newest first', () => {
    expect(ids(sortQuestions(questions, 'createdAt-desc'))).toBe('cbad');
    expect(ids(sortQuestions(questions, 'createdAt-asc'))).toBe('dabc');
    expect(ids(sortQuestions(questions, 'marks-desc'))).toBe('bcad');
    expect(ids(sortQuestions(questions, 'marks-asc'))).toBe('dcab');
  });

  it('does not reorder the list it was given', () => {
    sortQuestions(questions, 'marks-asc');
    expect(ids(questions)).toBe('cbad');
  });
});

describe('question list: pages of 10', () => {
  const many = Array.from({ length: 23 }, (_, i) => i + 1);

  it('counts pages, at least one', () => {
    expect(QUESTION_PAGE_SIZE).toBe(10);
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(23, 10)).toBe(3);
  });

  it('slices a page and clamps a page that no longer exists', () => {
    expect(pageItems(many, 1, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageItems(many, 3, 10)).toEqual([21, 22, 23]);
    expect(pageItems(many, 9, 10)).toEqual([21, 22, 23]);
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
