import { describe, expect, it } from 'vitest';
import { questionsOutsideClass, testTotal } from './class-tests.policy';

describe('class-tests.policy', () => {
  it('names the chosen questions that are not the class’s', () => {
    expect(questionsOutsideClass(['a', 'b', 'c'], ['c', 'a'])).toEqual(['b']);
    expect(questionsOutsideClass(['a'], ['a', 'z'])).toEqual([]);
    expect(questionsOutsideClass(['a', 'b'], [])).toEqual(['a', 'b']);
  });

  it.each([
    { cells: [5, 3, 2], total: 10, answered: 3 },
    { cells: [5, null, 2], total: 7, answered: 2 },
    { cells: [0, null], total: 0, answered: 1 },
    { cells: [null, null], total: null, answered: 0 },
    { cells: [], total: null, answered: 0 },
  ])('adds $cells to $total ($answered answered)', ({ cells, total, answered }) => {
    expect(testTotal(cells.map((score) => ({ score, held: false })))).toEqual({ total, answered });
  });
});
