import { describe, expect, it } from 'vitest';
import {
  exactAgreement,
  fisherMeanKappa,
  pearson,
  quadraticWeightedKappa,
  rankCeilingQwk,
  rmse,
  roundScore,
  summarise,
} from './metrics';

describe('marking metrics', () => {
  it('rounds half up, then clamps to 0..marks', () => {
    expect(roundScore(2.5, 4)).toBe(3);
    expect(roundScore(1.5, 4)).toBe(2);
    expect(roundScore(3.5, 4)).toBe(4);
    expect(roundScore(0.49, 4)).toBe(0);
    expect(roundScore(-1, 4)).toBe(0);
    expect(roundScore(7, 4)).toBe(4);
  });

  it('gives QWK 1 for identical scores and 0 for a constant prediction', () => {
    const human = [0, 1, 2, 3, 2, 1];
    expect(quadraticWeightedKappa(human, human, 3)).toBeCloseTo(1, 12);
    expect(quadraticWeightedKappa([2, 2, 2, 2, 2, 2], human, 3)).toBe(0);
  });

  it('matches a QWK computed by hand', () => {
    // O: (0,0) (1,1) (2,1) (2,2); sum w*O = 1/4; sum w*E = 1.25 -> 1 - 0.25 / 1.25 = 0.8
    expect(quadraticWeightedKappa([0, 1, 2, 2], [0, 1, 1, 2], 2)).toBeCloseTo(0.8, 12);
    // Fractional human scores are rounded half up first: 0.5 -> 1, 1.5 -> 2.
    expect(quadraticWeightedKappa([0, 1, 2, 2], [0, 0.5, 1, 1.5], 2)).toBeCloseTo(0.8, 12);
  });

  it('averages kappas through the Fisher z-transform, clipping at 0.999', () => {
    expect(fisherMeanKappa([0.5, 0.5])).toBeCloseTo(0.5, 12);
    expect(fisherMeanKappa([0.2, 0.6])).toBeCloseTo(
      Math.tanh((Math.atanh(0.2) + Math.atanh(0.6)) / 2),
      12,
    );
    expect(fisherMeanKappa([1, 1])).toBeCloseTo(0.999, 12);
  });

  it('computes Pearson r, RMSE and exact agreement on the raw scores', () => {
    expect(pearson([1, 2, 3], [2, 4, 6])).toBeCloseTo(1, 12);
    expect(pearson([1, 2, 3], [3, 2, 1])).toBeCloseTo(-1, 12);
    expect(pearson([1, 1, 1], [1, 2, 3])).toBe(0);
    expect(rmse([1, 2], [2, 4])).toBeCloseTo(Math.sqrt(2.5), 12);
    expect(exactAgreement([0.4, 1.6, 3], [0, 2, 2], 4)).toBeCloseTo(2 / 3, 12);
  });

  it('summarises a file pooled and per group', () => {
    const rows = [
      { group: 'a', marks: 2, predicted: 0, human: 0 },
      { group: 'a', marks: 2, predicted: 2, human: 2 },
      { group: 'b', marks: 3, predicted: 3, human: 3 },
      { group: 'b', marks: 3, predicted: 1, human: 1 },
    ];
    const s = summarise(rows);
    expect(s.answers).toBe(4);
    expect(s.qwk).toBeCloseTo(1, 12);
    expect(Object.keys(s.perGroupQwk)).toEqual(['a', 'b']);
    expect(s.fisherMeanQwk).toBeCloseTo(0.999, 12);
    expect(s.exact).toBe(1);
  });

  it('finds the best QWK a recalibration of the same ordering could reach', () => {
    const human = [0, 0, 1, 1, 2, 2];
    // Right order, wrong scale: every answer rounds to 1, so QWK is 0, but the ordering is perfect.
    const squeezed = [0.6, 0.7, 0.9, 1.0, 1.2, 1.3];
    expect(quadraticWeightedKappa(squeezed, human, 2)).toBe(0);
    expect(rankCeilingQwk(squeezed, human, 2)).toBeCloseTo(1, 12);
    // A reversed ordering stays bad whatever the calibration.
    expect(rankCeilingQwk([...squeezed].reverse(), human, 2)).toBeLessThan(0);
    // summarise reports it per group as a Fisher mean, like the per-set QWK.
    const s = summarise(
      squeezed.map((p, i) => ({ group: 'a', marks: 2, predicted: p, human: human[i] ?? 0 })),
    );
    expect(s.fisherMeanCeiling).toBeCloseTo(0.999, 12);
  });
});
