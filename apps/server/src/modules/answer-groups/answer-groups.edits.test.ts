import { describe, expect, it } from 'vitest';
import { applyGroupEdits, resolveGroup, suggestedScore } from './answer-groups.edits';

describe('answer groups: the teacher edits applied to the marker groups', () => {
  const computed = [
    { id: 'mA', ids: ['1', '2', '3'] },
    { id: 'mB', ids: ['4', '5'] },
    { id: 'mC', ids: ['6'] },
  ];
  const order = ['1', '2', '3', '4', '5', '6'];

  it('is the marker groups, largest first, when nothing was edited', () => {
    expect(applyGroupEdits(computed, order, [], [])).toEqual([
      { id: 'mA', ids: ['1', '2', '3'], edited: false },
      { id: 'mB', ids: ['4', '5'], edited: false },
      { id: 'mC', ids: ['6'], edited: false },
    ]);
  });

  it('puts pinned answers where the teacher put them, and follows merges for new answers too', () => {
    const groups = applyGroupEdits(
      computed,
      [...order, '7'],
      [
        { answerId: '2', groupId: 'tNew1' },
        { answerId: '3', groupId: 'tNew1' },
        // A pin of an answer no longer latest is ignored.
        { answerId: 'gone', groupId: 'mC' },
      ],
      [{ fromGroup: 'mC', toGroup: 'mB' }],
    );
    expect(groups).toEqual([
      { id: 'mB', ids: ['4', '5', '6'], edited: true },
      { id: 'tNew1', ids: ['2', '3'], edited: true },
      { id: 'mA', ids: ['1'], edited: false },
    ]);
    // A new answer the marker puts in mC lands in mB (merged).
    const later = applyGroupEdits(
      [...computed, { id: 'mC', ids: ['6', '8'] }],
      [...order, '8'],
      [],
      [{ fromGroup: 'mC', toGroup: 'mB' }],
    );
    expect(later.find((g) => g.id === 'mB')?.ids).toEqual(['4', '5', '6', '8']);
  });

  it('follows chains of merges and stops at a loop', () => {
    const merges = new Map([
      ['a', 'b'],
      ['b', 'c'],
    ]);
    expect(resolveGroup('a', merges)).toBe('c');
    expect(
      resolveGroup(
        'x',
        new Map([
          ['x', 'y'],
          ['y', 'x'],
        ]),
      ),
    ).toBe('y');
  });

  it('suggests the most common mark, the lower on a tie', () => {
    expect(suggestedScore([2, 3, 3, 1])).toBe(3);
    expect(suggestedScore([2, 1, 2, 1])).toBe(1);
    expect(suggestedScore([4])).toBe(4);
  });
});
