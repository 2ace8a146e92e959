import { describe, expect, it } from 'vitest';
import { isLabelledTick, labelStep } from './chart-axis';

const labelled = (count: number, maxLabels: number) => {
  const step = labelStep(count, maxLabels);
  return Array.from({ length: count }, (_, i) => i).filter((i) => isLabelledTick(i, count, step));
};

describe('chart date axis', () => {
  it('labels twelve weeks one in two on a wide popup and one in three on a phone, ending on the latest', () => {
    expect(labelled(12, 6)).toEqual([1, 3, 5, 7, 9, 11]);
    expect(labelled(12, 4)).toEqual([2, 5, 8, 11]);
  });

  it('labels every week when they fit, and never more than asked over a year', () => {
    expect(labelled(5, 8)).toEqual([0, 1, 2, 3, 4]);
    expect(labelled(52, 8).length).toBeLessThanOrEqual(8);
    expect(labelled(52, 8).at(-1)).toBe(51);
    expect(labelled(1, 4)).toEqual([0]);
  });
});
