import { describe, expect, it } from 'vitest';
import { characterErrorRate, normaliseWhitespace, summariseCer } from './cer';

describe('character error rate (shared/data/handwriting/README.md)', () => {
  it('normalises whitespace only: no case folding, no punctuation removal', () => {
    expect(normaliseWhitespace('  The  cell\n\tdivides.\n')).toBe('The cell divides.');
    expect(characterErrorRate('The cell\ndivides.', 'The cell divides.\n').rate).toBe(0);
    expect(characterErrorRate('the cell divides', 'The cell divides.').edits).toBe(2);
  });

  it('divides the edits by the reference length and caps each image at 1', () => {
    expect(characterErrorRate('abcd', 'abce').rate).toBe(0.25);
    expect(characterErrorRate('a very long hallucination', 'ab').rate).toBe(1);
    expect(characterErrorRate('', 'abc')).toEqual({ rate: 1, edits: 3, referenceLength: 3 });
  });

  it('reports the mean over images and the pooled rate', () => {
    const rows = [characterErrorRate('abcd', 'abce'), characterErrorRate('xx', 'ab')];
    const summary = summariseCer(rows);
    expect(summary.images).toBe(2);
    expect(summary.mean).toBeCloseTo((0.25 + 1) / 2);
    expect(summary.pooled).toBeCloseTo(3 / 6);
  });
});
