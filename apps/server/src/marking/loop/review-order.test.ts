import { describe, expect, it } from 'vitest';
import { gatherEvidence } from '../offline/evidence';
import { questionModel } from '../offline/question-model';
import { PLANT_QUESTION } from '../test-support/plant-question';
import { groupAnswers, normalisedAnswer, readingOf, reviewOrder } from './review-order';

const answers = [
  { id: 'a1', answer: 'Heat flows from the hand into the metal.', confidence: 0.9 },
  { id: 'a2', answer: 'heat flows from the hand into the metal', confidence: 0.9 },
  { id: 'a3', answer: 'Heat  flows from the hand, into the metal!', confidence: 0.8 },
  {
    id: 'b1',
    answer: 'The metal is a conductor so heat flows quickly from your hand.',
    confidence: 0.7,
    reading: '2:110',
  },
  {
    id: 'b2',
    answer: 'Metal is a conductor, so heat flows quickly from the hand.',
    confidence: 0.6,
    reading: '2:110',
  },
  { id: 'c1', answer: 'Cold flows into the hand.', confidence: 0.1, reading: '0:x00' },
  { id: 'd1', answer: 'I do not know what to write here at all.', confidence: 0.05 },
  { id: 'e1', answer: 'The wood is an insulator.', confidence: 0.5 },
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
  it('takes the biggest groups and the least confident answers in turn', () => {
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
