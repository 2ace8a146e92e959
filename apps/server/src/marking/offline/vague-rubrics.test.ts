import { describe, expect, it } from 'vitest';
import { confidentlyWrong, VAGUE_QUESTIONS } from '../test-support/vague-rubrics';
import { wordKind } from './word-senses';

describe('rubrics that name nothing to check (bench:vague)', () => {
  it('reads nouns of thought and language, describers and things apart (WordNet)', () => {
    for (const w of ['idea', 'concept', 'understanding', 'vocabulary', 'terms', 'reasoning'])
      expect(wordKind(w), w).toBe('thought');
    for (const w of ['thorough', 'scientific', 'logical', 'developed', 'fully'])
      expect(wordKind(w), w).toBe('describer');
    for (const w of ['energy', 'current', 'photosynthesis', 'oxygen', 'metal', 'xqzv'])
      expect(wordKind(w), w).toBe('other');
  });

  it.each(
    VAGUE_QUESTIONS.flatMap((q) => q.answers.map((a) => ({ q, a, id: `${q.id} ${a.kind}` }))),
  )('never marks $id confidently wrong', ({ q, a }) => {
    expect(confidentlyWrong(q, a).wrong).toBe(false);
  });
});
