import { describe, expect, it } from 'vitest';
import { gatherEvidence } from '../offline/evidence';
import { questionModel } from '../offline/question-model';
import { PLANT_QUESTION } from '../test-support/plant-question';
import {
  groupAnswers,
  markSureness,
  normalisedAnswer,
  readingOf,
  reviewOrder,
} from './review-order';

const answers = [
  { id: 'a1', answer: 'Heat flows from the hand into the metal.', sureness: 0.9 },
  { id: 'a2', answer: 'heat flows from the hand into the metal', sureness: 0.9 },
  { id: 'a3', answer: 'Heat  flows from the hand, into the metal!', sureness: 0.8 },
  {
    id: 'b1',
    answer: 'The metal is a conductor so heat flows quickly from your hand.',
    sureness: 0.7,
    reading: '2:110',
  },
  {
    id: 'b2',
    answer: 'Metal is a conductor, so heat flows quickly from the hand.',
    sureness: 0.6,
    reading: '2:110',
  },
  { id: 'c1', answer: 'Cold flows into the hand.', sureness: 0.1, reading: '0:x00' },
  { id: 'd1', answer: 'I do not know what to write here at all.', sureness: 0.05 },
  { id: 'e1', answer: 'The wood is an insulator.', sureness: 0.5 },
];

describe('groupAnswers', () => {
  it('puts exact matches (case, spacing, punctuation, numbers) together first', () => {
    expect(normalisedAnswer('  It is 2.50 A, or 1,000 mA! ')).toBe('it is 2.5 a or 1000 ma');
    const groups = groupAnswers(answers);
    expect(groups[0]?.ids).toEqual(['a1', 'a2', 'a3']);
    expect(groups[0]?.texts).toBe(1);
    // Near matches: answers the marker read alike (the same mark and key points).
    expect(groups[1]?.ids).toEqual(['b1', 'b2']);
    expect(groups[1]?.texts).toBe(2);
    // Every answer is in exactly one group.
    expect(groups.flatMap((g) => g.ids).sort()).toEqual(answers.map((a) => a.id).sort());
  });

  const marked = [
    {
      id: 'p1',
      answer: 'Metal is a good conductor so heat flows quickly from your hand.',
      score: 3,
    },
    {
      id: 'p2',
      answer: 'METAL is a good conductor, so heat flows quickly from your hand!',
      score: 3,
    },
    {
      id: 'p3',
      answer: 'Metal is a good conductor, so heat flows quickly out of the hand.',
      score: 3,
    },
    {
      id: 'p4',
      answer: 'Metal is a good conductor so heat flows quickly from your hand.',
      score: 1,
    },
    { id: 'q1', answer: 'Wood is an insulator so it does not take heat from your hand.', score: 3 },
    { id: 'q2', answer: 'The spoon is cold.', score: 0 },
  ].map((a) => ({ ...a, reading: `${a.score}:00`, sureness: 0.5 }));

  it('puts exact copies first, then near matches with the same mark, then answers read alike', () => {
    const groups = groupAnswers(marked);
    // p2 and p4 copy p1 after normalising, so they are with it whatever the marker gave them (the
    // copies' most common mark, 3, leads); p3 says it in other words with that mark.
    expect(groups[0]?.ids).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(groups[0]?.texts).toBe(2);
    expect(groups[0]?.key).toBe(
      'c\u0000metal is a good conductor so heat flows quickly from your hand',
    );
    // q1 has p1's mark and reading but other words: read alike, not a near match.
    expect(groups.find((g) => g.ids.includes('q1'))?.key).toBe('r\u00003:00');
    // Without the marker's marks, only exact copies and readings group (as before the clusters):
    // every answer read 3:00 in one group, q1 with them.
    const unmarked = groupAnswers(marked.map(({ score: _, ...a }) => a));
    expect(unmarked[0]?.ids).toEqual(['p1', 'p2', 'p3', 'p4', 'q1']);
    expect(groupAnswers(marked, { nearMatches: false })).toEqual(unmarked);
  });

  it('makes the same groups and keys for the same answers in any order', () => {
    const once = groupAnswers(marked);
    const reversed = groupAnswers([...marked].reverse());
    const asSets = (groups: typeof once) =>
      groups.map((g) => `${g.key}=${[...g.ids].sort().join(',')}`).sort();
    expect(asSets(reversed)).toEqual(asSets(once));
    // The representative is the group's first answer in the given order.
    expect(reversed[0]?.ids[0]).toBe('p4');
  });
});

describe('readingOf', () => {
  it('reads the mark and which key points are credited', () => {
    const model = questionModel(PLANT_QUESTION.question, PLANT_QUESTION.rubric);
    const read = (answer: string) => gatherEvidence(model, answer);
    const a = readingOf(1, read('A thick waxy cuticle on the leaves stops water evaporating.'));
    const b = readingOf(1, read('The leaves have a thick waxy cuticle, which stops evaporation.'));
    const c = readingOf(1, read('Deep roots collect more water from the soil.'));
    expect(a).toBe(b);
    expect(a).not.toBe(c);
    expect(a.startsWith('1:')).toBe(true);
    expect(readingOf(0, read(''))).toBe('blank');
  });
});

describe('reviewOrder', () => {
  it('is least sure of a mark half-way up the scale, and sure of none and of full marks', () => {
    expect(markSureness(1.5, 3)).toBe(0);
    expect(markSureness(0, 3)).toBe(1);
    expect(markSureness(3, 3)).toBe(1);
    expect(markSureness(1, 4)).toBeCloseTo(0.5);
    // Out of range or no marks: clamped, or least sure.
    expect(markSureness(5, 3)).toBe(1);
    expect(markSureness(1, 0)).toBe(0);
    expect(markSureness(Number.NaN, 3)).toBe(0);
  });

  it('takes the biggest groups and the answers it is least sure of in turn', () => {
    expect(reviewOrder(answers)).toEqual(['a1', 'd1', 'b1', 'c1', 'e1', 'b2']);
  });

  it('stops at the limit and skips what is marked, and copies of what is marked', () => {
    expect(reviewOrder(answers, { limit: 3 })).toEqual(['a1', 'd1', 'b1']);
    expect(reviewOrder(answers, { exclude: new Set(['a2', 'd1']) })).toEqual([
      'b1',
      'c1',
      'e1',
      'b2',
    ]);
    expect(reviewOrder(answers, { limit: 0 })).toEqual([]);
    expect(reviewOrder([])).toEqual([]);
  });
});
