import { describe, expect, it } from 'vitest';
import { COMPLETE_ANSWER, PARTIAL_ANSWER, PLANT_QUESTION } from '../test-support/plant-question';
import { quoteFromAnswer } from './feedback-text';
import { markOffline } from './offline-marker';

/**
 * A teacher's comment is theirs for the student it was written to (issue 27): a commented example
 * informs the mark of the next answers (its score), but no words of the comment reach the feedback
 * another answer is given, however alike the two answers are.
 */

/** Every run of five words of `comment` (case and punctuation aside). */
function runsOf(comment: string, n = 5): string[] {
  const words = comment.toLowerCase().match(/[a-z0-9']+/g) ?? [];
  const out: string[] = [];
  for (let i = 0; i + n <= words.length; i++) out.push(words.slice(i, i + n).join(' '));
  return out;
}

function plain(text: string): string {
  return (text.toLowerCase().match(/[a-z0-9']+/g) ?? []).join(' ');
}

const COMMENTS = {
  partial:
    'You describe the waxy cuticle well, but you only mention one adaptation when the question asks for three.',
  full: 'Lovely work Amira, every adaptation is there and your cactus example is spot on.',
};

describe("a teacher's comment on one answer", () => {
  const examples = [
    { answer: PARTIAL_ANSWER, score: 1, comment: COMMENTS.partial },
    { answer: COMPLETE_ANSWER, score: 3, comment: COMMENTS.full },
    {
      answer: 'A waxy cuticle on the leaves stops water evaporating from plants.',
      score: 1,
      comment: COMMENTS.partial,
    },
  ];

  it('is never shown to another student, even for the same words, while its mark still counts', () => {
    for (const [answer, comment, score] of [
      [PARTIAL_ANSWER, COMMENTS.partial, 1],
      [COMPLETE_ANSWER, COMMENTS.full, 3],
      [`${PARTIAL_ANSWER} `, COMMENTS.partial, 1],
    ] as const) {
      const r = markOffline({ ...PLANT_QUESTION, answer, examples });
      // The teacher's mark of the same text is followed.
      expect(r.score).toBe(score);
      const shown = plain(`${r.aiComment} ${r.suggestion}`);
      for (const run of runsOf(comment)) expect(shown).not.toContain(run);
      expect(shown).not.toContain('amira');
    }
  });

  it('writes the same feedback with or without the comments', () => {
    const withComments = markOffline({ ...PLANT_QUESTION, answer: PARTIAL_ANSWER, examples });
    const without = markOffline({
      ...PLANT_QUESTION,
      answer: PARTIAL_ANSWER,
      examples: examples.map(({ answer, score }) => ({ answer, score })),
    });
    expect(withComments).toEqual(without);
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
