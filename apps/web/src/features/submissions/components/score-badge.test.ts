import { describe, expect, it } from 'vitest';
import { scoreColor } from './score-badge';

describe('score badge colour', () => {
  it('is green for a good mark, orange for part marks and red for few or none', () => {
    expect(scoreColor(4, 4)).toBe('green');
    expect(scoreColor(3, 5)).toBe('green');
    expect(scoreColor(1, 2)).toBe('orange');
    expect(scoreColor(1, 3)).toBe('orange');
    expect(scoreColor(1, 4)).toBe('red');
    expect(scoreColor(0, 2)).toBe('red');
    expect(scoreColor(0, 0)).toBe('red');
  });
});
