import { describe, expect, it } from 'vitest';
import { createMarker } from './engine';
import { PARTIAL_ANSWER, PLANT_QUESTION } from './test-support/plant-question';
import { ScriptedAi } from './test-support/scripted-ai';

describe('createMarker', () => {
  it('marks offline when no AI is configured, in the contract shape', async () => {
    const marker = createMarker();
    expect(marker.engine).toBe('offline@6');
    const r = await marker.mark({ ...PLANT_QUESTION, answer: PARTIAL_ANSWER });
    expect(Object.keys(r).sort()).toEqual(
      [
        'aiComment',
        'confidence',
        'contentModeration',
        'engine',
        'markRange',
        'score',
        'suggestion',
      ].sort(),
    );
    expect(r.engine).toBe('offline@6');
    expect(r.score).toBe(1);
    // How sure it is of the mark (issue 11's review queue), from its unrounded score.
    expect(r.confidence).toBeGreaterThanOrEqual(0);
    expect(r.confidence).toBeLessThanOrEqual(1);
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
