import { describe, expect, it } from 'vitest';
import { normaliseFeedback } from './normalise-feedback';

describe('normaliseFeedback', () => {
  it('keeps a list of items', () => {
    expect(
      normaliseFeedback([
        { aiComment: 'Good use of units.', suggestion: 'Show the formula.', markRange: 'high' },
        { aiComment: 'Second point', suggestion: '', markRange: '' },
      ]),
    ).toEqual([
      { aiComment: 'Good use of units.', suggestion: 'Show the formula.', markRange: 'high' },
      { aiComment: 'Second point', suggestion: '', markRange: '' },
    ]);
  });

  it('turns one object into a list of one', () => {
    expect(normaliseFeedback({ aiComment: 'Clear.', suggestion: 'Add an example.' })).toEqual([
      { aiComment: 'Clear.', suggestion: 'Add an example.', markRange: '' },
    ]);
  });

  it('turns a string into a comment', () => {
    expect(normaliseFeedback('  Well explained.  ')).toEqual([
      { aiComment: 'Well explained.', suggestion: '', markRange: '' },
    ]);
  });

  it('gives nothing for empty or unreadable feedback', () => {
    expect(normaliseFeedback(null)).toEqual([]);
    expect(normaliseFeedback(undefined)).toEqual([]);
    expect(normaliseFeedback('')).toEqual([]);
    expect(normaliseFeedback([])).toEqual([]);
    expect(normaliseFeedback({ markRange: 'low' })).toEqual([]);
    expect(normaliseFeedback([42, null, { aiComment: '' }])).toEqual([]);
  });

  it('reads the other names a comment may come under, and strings inside a list', () => {
    expect(normaliseFeedback([{ comment: 'A', suggestions: 'B' }, 'C'])).toEqual([
      { aiComment: 'A', suggestion: 'B', markRange: '' },
      { aiComment: 'C', suggestion: '', markRange: '' },
    ]);
  });
});
