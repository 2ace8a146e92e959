import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiAdapter } from '../../src/adapters/ai/openai';
import { markWithAi } from '../../src/marking/hosted';
import {
  COMPLETE_ANSWER,
  PARTIAL_ANSWER,
  PLANT_QUESTION,
} from '../../src/marking/test-support/plant-question';
import { contradictionOf, hasRawSyntax } from '../../src/marking/verdict';
import {
  fencedBody,
  openAiReply,
  startFakeOpenAi,
  userText,
  type TFakeProvider,
} from './fake-providers';

/**
 * Issue 17 with a hosted model: the model returns the feedback in four parts (verdict, right,
 * missing, next step) over the provider's real wire format, and the marker checks it against the
 * final score before a student sees it.
 */

let fake: TFakeProvider;
beforeAll(async () => {
  fake = await startFakeOpenAi('sk-test-feedback');
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => fake.reset());

const ai = () =>
  createOpenAiAdapter({
    baseURL: fake.baseURL,
    apiKey: 'sk-test-feedback',
    model: 'gpt-4o-mini',
    timeoutMs: 5_000,
    maxRetries: 0,
  });

function modelSays(score: number, feedback: Record<string, string>) {
  fake.queue((r) =>
    openAiReply(
      r,
      JSON.stringify({
        score,
        markRange: String(score),
        feedback,
        contentModeration: { isInappropriate: false, reason: '' },
        promptInjection: false,
      }),
    ),
  );
}

const TEACHER_COMMENT = 'Only the cuticle: name two more ways.';

describe('hosted feedback over the wire', () => {
  it("asks for the four parts, with the teacher's comments as fenced examples, and shows them in order", async () => {
    modelSays(1, {
      verdict: 'partially correct',
      right: 'You explain how the waxy cuticle stops water evaporating.',
      missing: 'You do not describe fewer or sunken stomata, which cut transpiration.',
      nextStep: 'Describe two more adaptations, each with how it saves water.',
    });
    const r = await markWithAi(
      {
        ...PLANT_QUESTION,
        answer: PARTIAL_ANSWER,
        examples: [{ answer: 'Waxy leaves.', score: 1, comment: TEACHER_COMMENT }],
      },
      ai(),
    );
    const sent = fake.requests[0];
    if (!sent) throw new Error('no request');
    const format = JSON.stringify(sent.body.response_format);
    for (const part of ['verdict', 'right', 'missing', 'nextStep']) expect(format).toContain(part);
    expect(fencedBody(userText(sent), 'teacher_feedback')).toBe(TEACHER_COMMENT);
    expect(fencedBody(userText(sent), 'student_answer')).toBe(PARTIAL_ANSWER);

    expect(r.score).toBe(1);
    expect(r.aiComment).toBe(
      'Your response is partially correct. You explain how the waxy cuticle stops water evaporating. You do not describe fewer or sunken stomata, which cut transpiration.',
    );
    expect(r.suggestion).toBe('Describe two more adaptations, each with how it saves water.');
    expect(r.engine).toBe('openai:gpt-4o-mini');
  });

  it('replaces a verdict that disagrees with the score and drops parts that contradict it', async () => {
    // Full marks, but the model calls it partially correct and still asks for more.
    modelSays(3, {
      verdict: 'partially correct',
      right: 'You describe the cuticle, the stomata and the small leaves.',
      missing: 'Your response is missing the roots.',
      nextStep: 'To improve, add the roots.',
    });
    const full = await markWithAi({ ...PLANT_QUESTION, answer: COMPLETE_ANSWER }, ai());
    expect(full.score).toBe(3);
    expect(full.aiComment).toBe(
      'Your response is correct. You describe the cuticle, the stomata and the small leaves.',
    );
    expect(full.suggestion).not.toMatch(/\badd\b|to improve/i);
    expect(contradictionOf(`${full.aiComment} ${full.suggestion}`, 3, 3)).toBeUndefined();

    // No marks, but the model praises it and pastes a rubric row.
    modelSays(0, {
      verdict: 'incorrect',
      right: 'Well done on the cuticle.',
      missing: 'Score 1: | waxy cuticle | stomata',
      nextStep: 'Name one way plants keep water, and say how it works.',
    });
    const zero = await markWithAi(
      { ...PLANT_QUESTION, answer: 'Plants are green and grow in soil.' },
      ai(),
    );
    expect(zero.score).toBe(0);
    expect(zero.aiComment).toBe('Your response is incorrect.');
    expect(zero.suggestion).toBe('Name one way plants keep water, and say how it works.');
    const text = `${zero.aiComment} ${zero.suggestion}`;
    expect(hasRawSyntax(text)).toBe(false);
    expect(contradictionOf(text, 0, 3)).toBeUndefined();
  });

  it('clamps an out-of-range score first, then writes the verdict from the clamped score', async () => {
    modelSays(7, {
      verdict: 'correct',
      right: 'You describe three adaptations.',
      missing: '',
      nextStep: 'Keep linking each adaptation to the water it saves.',
    });
    const r = await markWithAi({ ...PLANT_QUESTION, answer: COMPLETE_ANSWER }, ai());
    expect(r.score).toBe(3);
    expect(r.aiComment).toMatch(/^Your response is correct\. /);
  });
});
