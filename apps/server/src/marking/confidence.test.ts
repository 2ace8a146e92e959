import { MARK_DOUBTS } from '@stem/contract/marking';
import { describe, expect, it } from 'vitest';
import { markConfidence, NEEDS_REVIEW_BELOW, roundingConfidence } from './confidence';
import { createMarker } from './engine';
import { lacksSentences } from './offline/gaming';
import { markOffline } from './offline/offline-marker';
import { xylemExchange } from './test-support/gaming-cases';
import { COMPLETE_ANSWER, PARTIAL_ANSWER, PLANT_QUESTION } from './test-support/plant-question';
import type { TMarkingInput } from './types';

const SALAD = 'cuticle stomata transpiration spines roots cacti waxy evaporation surface area';
const EXAMPLES = [
  { answer: COMPLETE_ANSWER, score: 3 },
  { answer: PARTIAL_ANSWER, score: 1 },
  { answer: 'Plants have roots.', score: 0 },
  { answer: 'Cacti store water in fleshy stems and have spines instead of leaves.', score: 2 },
  { answer: 'Deep roots collect water and a waxy cuticle stops evaporation.', score: 2 },
];

function confidenceOf(input: TMarkingInput) {
  return markConfidence(input, markOffline(input));
}

describe('markConfidence', () => {
  it('is sure of a full answer marked on a whole mark, and names no doubt', () => {
    const c = confidenceOf({ ...PLANT_QUESTION, answer: COMPLETE_ANSWER });
    expect(c.confidence).toBe(1);
    expect(c.reason).toBeUndefined();
    expect(c.needsReview).toBe(false);
  });

  it('doubts credit for the rubric words without sentences', () => {
    expect(lacksSentences(SALAD)).toBe(true);
    expect(lacksSentences(COMPLETE_ANSWER)).toBe(false);
    // A short list is an answer, not a salad.
    expect(lacksSentences('Temperature and concentration')).toBe(false);
    for (const examples of [undefined, EXAMPLES]) {
      const c = confidenceOf({ ...PLANT_QUESTION, answer: SALAD, examples });
      expect(c.reason).toBe(MARK_DOUBTS.noSentence);
      expect(c.needsReview).toBe(true);
      // No point of the rubric is what a list lacks.
      expect(c.about).toBeUndefined();
    }
  });

  it('doubts credit for an answer that negates the rubric', () => {
    const c = confidenceOf({
      ...PLANT_QUESTION,
      answer:
        'Plants do not have a waxy cuticle, they do not have fewer stomata and their roots are not deep.',
      examples: EXAMPLES,
    });
    expect(c.reason).toBe(MARK_DOUBTS.contradictsRubric);
    expect(c.needsReview).toBe(true);
  });

  it('doubts a high mark for a key point with a word exchanged for one that is no paraphrase', () => {
    const { exchanged, paraphrased } = xylemExchange();
    expect(markOffline(exchanged).evidence.points.some((p) => p.exchanged)).toBe(true);
    const c = confidenceOf(exchanged);
    expect(c.reason).toBe(MARK_DOUBTS.contradictsRubric);
    expect(c.needsReview).toBe(true);
    // The doubt names the point, in the rubric's words, for the teacher to check at a glance.
    expect(c.about).toBe('the xylem transports water');
    // A paraphrase ("moves" for "transports") is no exchange.
    const moves = markOffline(paraphrased);
    expect(moves.evidence.points.some((p) => p.exchanged)).toBe(false);
    expect(markConfidence(paraphrased, moves).needsReview).toBe(false);
  });

  it('doubts an answer unlike every marked example, and trusts a copy of one', () => {
    const far = confidenceOf({
      ...PLANT_QUESTION,
      answer: 'The teacher said I like football and my dog is called Rex.',
      examples: EXAMPLES,
    });
    expect(far.reason).toBe(MARK_DOUBTS.farFromExamples);
    expect(far.needsReview).toBe(true);
    const copy = confidenceOf({ ...PLANT_QUESTION, answer: COMPLETE_ANSWER, examples: EXAMPLES });
    expect(copy).toEqual({ confidence: 1, needsReview: false });
  });

  it('doubts a mark half-way between two marks', () => {
    expect(roundingConfidence(2.5)).toBe(0);
    expect(roundingConfidence(2.45)).toBeLessThan(NEEDS_REVIEW_BELOW);
  });
});

describe('createMarker (offline) with the confidence', () => {
  it('adds the doubt and needsReview to the contract shape', async () => {
    const marker = createMarker();
    const salad = await marker.mark({ ...PLANT_QUESTION, answer: SALAD });
    expect(salad).toMatchObject({
      confidence: 0.05,
      confidenceReason: MARK_DOUBTS.noSentence,
      needsReview: true,
    });
    const sure = await marker.mark({ ...PLANT_QUESTION, answer: COMPLETE_ANSWER });
    expect(sure).toMatchObject({ confidence: 1, needsReview: false });
    expect(sure).not.toHaveProperty('confidenceReason');
    expect(sure).not.toHaveProperty('evidence');
  });
});
