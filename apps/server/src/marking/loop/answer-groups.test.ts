import { describe, expect, it } from 'vitest';
import { runInSlices } from '../../lib/slices';
import { answerGroupSteps, computeAnswerGroups, exactKeyOf } from './answer-groups';
import { REVIEW_ORDER_TEXT_CHARS } from './teacher-loop';

const QUESTION = {
  question: 'Why does a metal spoon feel colder than a wooden spoon at the same temperature?',
  marks: 4,
  lowMarkRange: '0-1',
  highMarkRange: '3-4',
  rubric:
    'Low Mark Range (0-1):\nSays metal is cold without explaining heat transfer.\n\n' +
    'High Mark Range (3-4):\nMetal is a good thermal conductor and wood an insulator, so heat flows from the hand into the metal faster.',
  referenceAnswer: '',
};

describe('the marker answer groups', () => {
  it('puts exact copies together after normalising case, spacing, punctuation and numbers', () => {
    expect(exactKeyOf('It is 1,000  J!')).toBe(exactKeyOf('it is 1000.0 j'));
    const groups = computeAnswerGroups(QUESTION, [
      { id: 'a', answer: 'Metal is a conductor; it takes 1,000 J from the hand.' },
      { id: 'b', answer: 'Wood is an insulator.' },
      { id: 'c', answer: 'metal is a conductor it takes 1000 J from the hand' },
    ]);
    const withA = groups.find((g) => g.ids.includes('a'));
    expect(withA?.ids).toContain('c');
    // Every answer once; ids are the marker's ("m…").
    expect(groups.flatMap((g) => g.ids).sort()).toEqual(['a', 'b', 'c']);
    expect(groups.every((g) => /^m[A-Za-z0-9_-]{16}$/.test(g.id))).toBe(true);
  });

  it('gives the same ids for the same answers, whatever else the class wrote', () => {
    const first = computeAnswerGroups(QUESTION, [
      { id: 'a', answer: 'Metal is cold.' },
      { id: 'b', answer: 'Metal is cold!' },
    ]);
    const later = computeAnswerGroups(QUESTION, [
      { id: 'z', answer: 'Wood is an insulator and metal a conductor.' },
      { id: 'a', answer: 'Metal is cold.' },
      { id: 'b', answer: 'Metal is cold!' },
    ]);
    const idOf = (groups: typeof first) => groups.find((g) => g.ids.includes('a'))?.id;
    expect(idOf(later)).toBe(idOf(first));
  });

  it('groups near matches the marker gave the same mark, with the same ids in any order', () => {
    const answers = [
      {
        id: 'a',
        answer: 'Metal is a good conductor so heat flows quickly from your hand into the metal.',
      },
      { id: 'b', answer: 'Wood is an insulator.' },
      {
        id: 'c',
        answer: 'The metal is a good conductor, so heat flows quickly out of your hand into it.',
      },
      {
        id: 'd',
        answer: 'metal is a good conductor so heat flows quickly from your hand into the metal',
      },
      { id: 'e', answer: 'The spoon is cold because it is made of metal.' },
    ];
    const groups = computeAnswerGroups(QUESTION, answers);
    // a and d are copies; c says the same in other words and the marker gives it the same mark.
    expect(groups[0]?.ids).toEqual(['a', 'c', 'd']);
    expect(groups.flatMap((g) => g.ids).sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
    const again = computeAnswerGroups(QUESTION, [...answers].reverse());
    const byMembers = (gs: typeof groups) =>
      gs.map((g) => `${g.id}=${[...g.ids].sort().join(',')}`).sort();
    expect(byMembers(again)).toEqual(byMembers(groups));
    // The representative is the first of the group in the class's order.
    expect(again[0]?.ids[0]).toBe('d');
  });

  it('reads long answers on their first characters, a slice at a time', async () => {
    const long = 'Metal is a conductor. '.repeat(1_000);
    expect(long.length).toBeGreaterThan(REVIEW_ORDER_TEXT_CHARS);
    const answers = Array.from({ length: 40 }, (_, i) => ({ id: String(i), answer: long }));
    // One step per answer: a server gives other requests a turn between them.
    const steps = answerGroupSteps(QUESTION, answers);
    let yields = 0;
    let step = steps.next();
    while (!step.done) {
      yields += 1;
      step = steps.next();
    }
    expect(yields).toBe(40);
    const groups = step.value;
    // runInSlices runs the same steps to the same groups.
    expect(await runInSlices(answerGroupSteps(QUESTION, answers))).toEqual(groups);
    expect(groups).toHaveLength(1);
    expect(groups[0]?.ids).toHaveLength(40);
  });
});
