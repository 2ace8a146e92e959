import { describe, expect, it } from 'vitest';
import { COMPLETE_ANSWER, PARTIAL_ANSWER, PLANT_QUESTION } from '../test-support/plant-question';
import { contradictionOf, hasRawSyntax } from '../verdict';
import { quoteFromAnswer } from './feedback-text';
import { markOffline } from './offline-marker';
import { questionModel } from './question-model';
import { commentAgreement, nearestTeacherComment } from './teacher-comments';

/**
 * The teacher's comments as examples for the next answers: which comment an answer is given, and
 * the short next step and quote that make it this answer's own.
 */

const model = questionModel(PLANT_QUESTION.question, PLANT_QUESTION.rubric, '');

const USUAL =
  'The response correctly names the waxy cuticle but gives only one of the three adaptations the question asks for.';

describe("the teacher's comment an answer is given", () => {
  it('follows what the teacher says of answers like this one, not a one-off remark on the nearest', () => {
    const examples = [
      // The nearest answer, with a remark about that answer alone.
      {
        answer: 'Plants have a waxy cuticle on their leaves so that the water does not evaporate.',
        score: 1,
        comment: 'Neat handwriting this time; the cuticle point is fine.',
      },
      {
        answer: 'A waxy cuticle on the leaves stops water evaporating from plants.',
        score: 1,
        comment: USUAL,
      },
      {
        answer: 'The leaves have a waxy layer so less water evaporates.',
        score: 1,
        comment: USUAL,
      },
      {
        answer: 'Plants keep water with a waxy cuticle and store it in their stems.',
        score: 1,
        comment:
          'The response correctly names the waxy cuticle and water storage but gives only two of the three adaptations.',
      },
    ];
    expect(nearestTeacherComment(model, PARTIAL_ANSWER, 1, 3, examples)).toBe(USUAL);
  });

  it('takes only comments on answers with the same verdict, and only from similar answers', () => {
    const examples = [
      { answer: COMPLETE_ANSWER, score: 3, comment: 'The response explains all three clearly.' },
      {
        answer: 'My favourite football team won on Saturday afternoon.',
        score: 1,
        comment: 'The response gives one way only.',
      },
    ];
    // The full-marks comment is another verdict; the score-1 answer shares no words with this one.
    expect(nearestTeacherComment(model, PARTIAL_ANSWER, 1, 3, examples)).toBeUndefined();
    expect(nearestTeacherComment(model, COMPLETE_ANSWER, 3, 3, examples)).toBe(
      'The response explains all three clearly.',
    );
  });

  it('never takes a comment that contradicts the score or shows rubric syntax', () => {
    const answer = 'Plants have a waxy cuticle on their leaves.';
    const examples = [
      { answer, score: 1, comment: 'The response is correct.' },
      { answer, score: 1, comment: 'Score 1: one way | cuticle' },
    ];
    expect(nearestTeacherComment(model, PARTIAL_ANSWER, 1, 3, examples)).toBeUndefined();
  });

  it('measures agreement by shared words and word pairs', () => {
    expect(commentAgreement(USUAL, USUAL)).toBe(1);
    expect(commentAgreement(USUAL, 'Nothing alike here.')).toBe(0);
    const near = commentAgreement(USUAL, USUAL.replace('only one', 'only two'));
    expect(near).toBeGreaterThan(0.8);
    expect(near).toBeLessThan(1);
  });
});

describe("feedback written on the teacher's reasons", () => {
  const examples = [
    {
      answer: 'Plants have a waxy layer on their leaves that stops water evaporating.',
      score: 1,
      comment: USUAL,
    },
    {
      answer: COMPLETE_ANSWER.replace('Desert plants', 'Plants in deserts'),
      score: 3,
      comment: 'The response correctly describes the cuticle, the stomata and the small leaves.',
    },
  ];

  it('ends a partial answer with one short next step naming a point it misses', () => {
    const r = markOffline({ ...PLANT_QUESTION, answer: PARTIAL_ANSWER, examples });
    expect(r.score).toBe(1);
    expect(r.aiComment).toContain('gives only one of the three adaptations');
    expect(r.suggestion).toMatch(/^Next time, /);
    expect(r.suggestion.split(/\s+/).length).toBeLessThanOrEqual(14);
    // A point of the rubric the answer does not give, never the one it gives.
    expect(r.suggestion).not.toMatch(/cuticle/i);
    expect(r.suggestion).toMatch(/stomata|leaves|roots|stems|water/i);
    expect(contradictionOf(`${r.aiComment} ${r.suggestion}`, r.score, 3)).toBeUndefined();
  });

  it('never asks a full-marks answer for more, and quotes its words the reasons speak of', () => {
    const r = markOffline({ ...PLANT_QUESTION, answer: COMPLETE_ANSWER, examples });
    expect(r.score).toBe(3);
    expect(r.aiComment).toMatch(
      /^Your response is correct\. Your response correctly describes the cuticle/,
    );
    expect(r.aiComment).toMatch(/Well put: "[^"]*(?:cuticle|stomata|leaves)[^"]*"\./);
    // Tutors write no next step on full marks: the suggestion is three words.
    expect(r.suggestion).toBe('Keep it up.');
    const text = `${r.aiComment} ${r.suggestion}`;
    expect(text).not.toMatch(/\b(?:add|to improve|does not mention)\b/i);
    expect(contradictionOf(text, 3, 3)).toBeUndefined();
  });

  it('quotes a list item without its bullet, and never praises an answer with no marks', () => {
    const listed = `- ${COMPLETE_ANSWER.split('. ').join('.\n- ')}`;
    const r = markOffline({ ...PLANT_QUESTION, answer: listed, examples });
    expect(hasRawSyntax(`${r.aiComment} ${r.suggestion}`)).toBe(false);
    expect(r.aiComment).not.toMatch(/"\s*-/);
    const zero = markOffline({
      ...PLANT_QUESTION,
      answer: 'Plants are green and grow in soil.',
      examples: [
        ...examples,
        {
          answer: 'Plants are green and they grow in the soil.',
          score: 0,
          comment: 'The response does not describe any way plants reduce water loss.',
        },
      ],
    });
    expect(zero.score).toBe(0);
    expect(zero.aiComment).toMatch(/^Your response is incorrect\. Your response does not describe/);
    expect(contradictionOf(`${zero.aiComment} ${zero.suggestion}`, 0, 3)).toBeUndefined();
  });
});

describe("the next step the teacher's reasons give", () => {
  it('turns what the teacher says is missing into the next step', () => {
    const comment =
      'The response names the waxy cuticle correctly but does not describe how stomata reduce transpiration.';
    const r = markOffline({
      ...PLANT_QUESTION,
      answer: PARTIAL_ANSWER,
      examples: [
        {
          answer: 'A waxy cuticle on the leaves stops water evaporating from plants.',
          score: 1,
          comment,
        },
        { answer: 'The leaves have a waxy layer so less water evaporates.', score: 1, comment },
      ],
    });
    expect(r.score).toBe(1);
    expect(r.aiComment).toContain('does not describe how stomata reduce transpiration');
    expect(r.suggestion).toBe('Next time, describe how stomata reduce transpiration.');
    expect(contradictionOf(`${r.aiComment} ${r.suggestion}`, 1, 3)).toBeUndefined();
  });
});

describe('quoting a list answer', () => {
  it("drops a bullet or item number, never a number that is the student's own", () => {
    expect(quoteFromAnswer('- Bundles multiple bytes in one package', undefined, 1)).toBe(
      'bundles multiple bytes in one package',
    );
    expect(quoteFromAnswer('1.Frames may contain implicit ACKs always', undefined, 1)).toBe(
      'frames may contain implicit ACKs always',
    );
    expect(quoteFromAnswer('2.5 seconds is the time the buffer needs to empty', undefined, 1)).toBe(
      '2.5 seconds is the time the buffer needs to empty',
    );
  });
});
