import { describe, expect, it } from 'vitest';
import { suggestItems } from './item-suggestions';

const itemised = [
  {
    id: 'ann',
    answer: 'Heat flows from the hand into the metal faster because metal is a conductor.',
    itemIds: ['flow', 'conductor'],
    score: 3,
  },
  { id: 'ben', answer: 'Cold flows from the spoon into your hand.', itemIds: ['cold'], score: 0 },
];

describe('rubric-item suggestions', () => {
  it("suggests the nearest itemised answer's items when alike and the marker agrees", () => {
    const out = suggestItems(itemised, [
      {
        id: 'cal',
        answer: 'Heat flows from your hand into the metal faster, as metal is a conductor.',
        score: 3,
      },
      { id: 'dee', answer: 'The cold flows from the spoon into the hand.', score: 0 },
    ]);
    expect(out.map((s) => [s.answerId, s.itemIds, s.fromAnswerId])).toEqual([
      ['cal', ['flow', 'conductor'], 'ann'],
      ['dee', ['cold'], 'ben'],
    ]);
    expect(out[0]?.similarity).toBeGreaterThan(0.5);
  });

  it('suggests nothing where the marker disagrees, for unlike or blank answers, or with no items', () => {
    expect(
      suggestItems(itemised, [
        {
          id: 'cal',
          answer: 'Heat flows from your hand into the metal faster, as metal is a conductor.',
          score: 1,
        },
        { id: 'eve', answer: 'My favourite lesson is art.', score: 0 },
        { id: 'fay', answer: '   ', score: 0 },
      ]),
    ).toEqual([]);
    expect(suggestItems([], [{ id: 'cal', answer: 'Heat flows', score: 1 }])).toEqual([]);
  });

  it('counts an exact copy after normalising as alike as can be', () => {
    const [copy] = suggestItems(itemised, [
      { id: 'gus', answer: 'COLD flows from the spoon into your hand', score: 0 },
    ]);
    expect(copy).toMatchObject({ answerId: 'gus', similarity: 1 });
  });
});
