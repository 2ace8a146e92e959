import { describe, expect, it } from 'vitest';
import { createMarker, warmUpMarker } from './engine';
import { warmOfflineMarker } from './offline/offline-marker';
import { writeOfflineRubric } from './language/offline-rubric';
import { combineRubric } from './language/rubric.format';

/** The review queue takes engine confidences below this (modules/marking/review-doubt.ts). */
const ENGINE_CONFIDENCE_REVIEW_BELOW = 0.2;
const LOW = { start: 0, end: 1 };
const HIGH = { start: 2, end: 2 };
import { PARTIAL_ANSWER, PLANT_QUESTION } from './test-support/plant-question';
import { ScriptedAi } from './test-support/scripted-ai';

describe('warmUpMarker', () => {
  it('reads the word list and WordNet before the first answer, and leaves marks as they were', async () => {
    const before = await createMarker().mark({ ...PLANT_QUESTION, answer: PARTIAL_ANSWER });
    expect(warmUpMarker().wordNet).toBe(true);
    // What it read: the word list and WordNet's senses, each tens of thousands of words.
    const read = warmOfflineMarker();
    expect(read.words).toBeGreaterThan(50_000);
    expect(read.senses).toBeGreaterThan(50_000);
    expect(await createMarker().mark({ ...PLANT_QUESTION, answer: PARTIAL_ANSWER })).toEqual(
      before,
    );
  });
});

describe('createMarker', () => {
  it('marks offline when no AI is configured, in the contract shape', async () => {
    const marker = createMarker();
    expect(marker.engine).toBe('offline@20');
    const r = await marker.mark({ ...PLANT_QUESTION, answer: PARTIAL_ANSWER });
    // `confidenceReason` is there only when the engine is unsure (confidence.test.ts).
    expect(
      Object.keys(r)
        .filter((k) => k !== 'confidenceReason' && k !== 'confidenceAbout')
        .sort(),
    ).toEqual(
      [
        'aiComment',
        'confidence',
        'contentModeration',
        'engine',
        'markRange',
        'needsReview',
        'score',
        'suggestion',
      ].sort(),
    );
    expect(r.engine).toBe('offline@20');
    expect(r.score).toBe(1);
    // How sure it is of the mark (issue 11's review queue), from its unrounded score.
    expect(r.confidence).toBeGreaterThanOrEqual(0);
    expect(r.confidence).toBeLessThanOrEqual(1);
  });

  it('sends a mark against a rubric that names no answer to review, as unsure', async () => {
    const marker = createMarker();
    const question = 'State two factors that affect the rate of a chemical reaction.';
    const drafted = writeOfflineRubric({ question, marks: 2, low: LOW, high: HIGH });
    const input = {
      question,
      marks: 2,
      lowMarkRange: '0-1',
      highMarkRange: '2-2',
      answer: 'The colour of the beaker and the time of day',
    };
    const asDrafted = await marker.mark({
      ...input,
      rubric: combineRubric(drafted.low, drafted.high, LOW, HIGH),
    });
    expect(asDrafted.confidence).toBeLessThan(ENGINE_CONFIDENCE_REVIEW_BELOW);
    // The teacher's factors in the draft: the mark rests on them, and it is 0.
    const withFactorsRubric = combineRubric(
      drafted.low,
      drafted.high.replace(
        /correct, distinct factors;/,
        'correct, distinct factors from temperature, concentration, pressure, surface area and a catalyst;',
      ),
      LOW,
      HIGH,
    );
    const withFactors = await marker.mark({ ...input, rubric: withFactorsRubric });
    expect(withFactors.score).toBe(0);
    expect(withFactors.confidence).toBeGreaterThanOrEqual(ENGINE_CONFIDENCE_REVIEW_BELOW);
    // Each listed factor is one of the choices (every answer was 0 when they were one long point).
    const edited = (answer: string) => marker.mark({ ...input, answer, rubric: withFactorsRubric });
    expect((await edited('Temperature and concentration')).score).toBe(2);
    expect((await edited('Surface area and using a catalyst')).score).toBe(2);
    expect((await edited('Temperature')).score).toBe(1);
  });

  it('marks with the hosted model when one is configured', async () => {
    const ai = new ScriptedAi({
      score: 2,
      markRange: '2-3',
      feedback: {
        verdict: 'partially correct',
        right: 'You explain the waxy cuticle.',
        missing: 'You do not mention stomata.',
        nextStep: 'Explain how fewer stomata reduce transpiration.',
      },
      contentModeration: { isInappropriate: false, reason: '' },
      promptInjection: false,
    });
    const marker = createMarker({ ai });
    expect(marker.engine).toBe('anthropic:claude-test');
    const r = await marker.mark({ ...PLANT_QUESTION, answer: PARTIAL_ANSWER });
    expect(r.score).toBe(2);
    expect(r.engine).toBe('anthropic:claude-test');
    expect(ai.requests).toHaveLength(1);
  });
});
