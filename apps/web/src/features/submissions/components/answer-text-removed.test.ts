import { describe, expect, it } from 'vitest';
import { answerTextRemoved } from './answer-review';

describe('answerTextRemoved (retention of answer text, spec 01 §9)', () => {
  const now = new Date('2028-06-15T12:00:00Z');
  it('says an empty answer older than 24 months was removed', () => {
    expect(answerTextRemoved('', '2026-06-14T12:00:00Z', now)).toBe(true);
  });
  it('keeps "No answer" for a recent empty answer, and any answer with text', () => {
    expect(answerTextRemoved('', '2026-06-16T12:00:00Z', now)).toBe(false);
    expect(answerTextRemoved('Photosynthesis', '2020-01-01T00:00:00Z', now)).toBe(false);
    expect(answerTextRemoved('', undefined, now)).toBe(false);
  });
});
