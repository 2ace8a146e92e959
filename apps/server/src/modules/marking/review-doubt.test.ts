import { describe, expect, it } from 'vitest';
import { NEEDS_REVIEW_BELOW } from '../../marking/confidence';
import { FORM_ONLY_CONFIDENCE, roundingConfidence } from '../../marking/engine';
import { ENGINE_CONFIDENCE_REVIEW_BELOW, markerConfidenceOf, reviewDoubtOf } from './review-doubt';

describe('how unsure the marker is of a mark', () => {
  const sure = { flagged: false, source: 'typed' as const, ocrConfidence: null };

  it("queues exactly the marks the engine says need review (issue 27's needsReview)", () => {
    expect(NEEDS_REVIEW_BELOW).toBe(ENGINE_CONFIDENCE_REVIEW_BELOW);
  });

  it('queues every mark made against a rubric that names no answer', () => {
    expect(FORM_ONLY_CONFIDENCE).toBeLessThan(ENGINE_CONFIDENCE_REVIEW_BELOW);
    expect(
      reviewDoubtOf({
        flagged: false,
        source: 'typed',
        ocrConfidence: null,
        engineConfidence: FORM_ONLY_CONFIDENCE,
      })?.reasons,
    ).toEqual(['uncertain']);
  });

  it('is sure of a typed answer the engine rounded from near a whole mark', () => {
    expect(reviewDoubtOf({ ...sure, engineConfidence: 0.9 })).toBeNull();
    expect(reviewDoubtOf({ ...sure, engineConfidence: undefined })).toBeNull();
  });

  it('puts flagged content first, then unreadable OCR text, then engine doubt', () => {
    expect(reviewDoubtOf({ ...sure, flagged: true, engineConfidence: 1 })).toEqual({
      doubt: 100,
      reasons: ['flagged'],
    });
    const blurred = reviewDoubtOf({
      ...sure,
      source: 'photo',
      ocrConfidence: 30,
      engineConfidence: 0.1,
    });
    expect(blurred?.reasons).toEqual(['unreadable', 'uncertain']);
    expect(blurred?.doubt).toBe(Math.round(60 + (40 * 45) / 75));
    expect(reviewDoubtOf({ ...sure, engineConfidence: 0 })).toEqual({
      doubt: 55,
      reasons: ['uncertain'],
    });
    // Low OCR confidence on typed text is no reason; a confident read is none either.
    expect(reviewDoubtOf({ ...sure, ocrConfidence: 10, engineConfidence: 1 })).toBeNull();
    expect(
      reviewDoubtOf({ ...sure, source: 'upload', ocrConfidence: 90, engineConfidence: 1 }),
    ).toBeNull();
  });

  it("reads the marker's confidence back from the engine's doubt, to within a point", () => {
    for (const confidence of [0, 0.05, 0.1, 0.15, 0.199]) {
      const review = reviewDoubtOf({ ...sure, engineConfidence: confidence });
      const read = markerConfidenceOf(review?.doubt ?? null, review?.reasons ?? []);
      expect(Math.abs((read ?? -100) - 100 * confidence)).toBeLessThanOrEqual(1);
    }
    // 52 is a doubt (a queue priority), not a confidence: the marker was about 5 % sure.
    expect(markerConfidenceOf(52, ['uncertain'])).toBe(5);
    expect(markerConfidenceOf(52, ['uncertain', 'held'])).toBe(5);
    // Another reason's doubt stands over the engine's: it says nothing of the marker's confidence.
    expect(markerConfidenceOf(100, ['flagged', 'uncertain'])).toBeNull();
    expect(markerConfidenceOf(84, ['unreadable', 'uncertain'])).toBeNull();
    expect(markerConfidenceOf(1, ['held'])).toBeNull();
    expect(markerConfidenceOf(null, [])).toBeNull();
  });

  it('reads the engine confidence from how far the unrounded score lies from half-way', () => {
    expect(roundingConfidence(2)).toBe(1);
    expect(roundingConfidence(2.5)).toBe(0);
    expect(roundingConfidence(2.4)).toBeCloseTo(0.2);
    expect(roundingConfidence(3.9)).toBeCloseTo(0.8);
    expect(roundingConfidence(Number.NaN)).toBe(0);
  });
});
