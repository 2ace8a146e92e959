import type { TReviewReason } from '../../db/schema';
import { LOW_OCR_CONFIDENCE } from '../../marking/offline/feedback';

/**
 * How unsure the marker is of one answer's mark, 0..100, and why (issue 11's review queue): content
 * the moderation or injection check flagged (100), OCR text read with low confidence (60..100, the
 * lower the confidence the higher), and a mark the engine itself was unsure of (up to 55). Null when
 * nothing calls for a teacher's look.
 */
export type TReviewDoubt = { doubt: number; reasons: TReviewReason[] };

/** Engine confidences (0..1) under this put the answer in the queue. */
export const ENGINE_CONFIDENCE_REVIEW_BELOW = 0.2;

/** The doubt of an engine confidence of 0: the engine's doubts queue below OCR's and flagged ones. */
const ENGINE_DOUBT_MAX = 55;

export function reviewDoubtOf(input: {
  flagged: boolean;
  source: 'typed' | 'photo' | 'upload' | 'scan';
  ocrConfidence: number | null;
  engineConfidence: number | undefined;
  /** The question holds feedback until review (issue 18): the answer waits for the teacher. */
  held?: boolean;
}): TReviewDoubt | null {
  const found: { doubt: number; reason: TReviewReason }[] = [];
  if (input.flagged) found.push({ doubt: FLAGGED_DOUBT, reason: 'flagged' });
  if (
    input.source !== 'typed' &&
    input.ocrConfidence !== null &&
    input.ocrConfidence < LOW_OCR_CONFIDENCE
  ) {
    const shortfall = (LOW_OCR_CONFIDENCE - Math.max(0, input.ocrConfidence)) / LOW_OCR_CONFIDENCE;
    found.push({ doubt: Math.round(60 + 40 * shortfall), reason: 'unreadable' });
  }
  const confidence = input.engineConfidence;
  if (confidence !== undefined && confidence < ENGINE_CONFIDENCE_REVIEW_BELOW) {
    found.push({ doubt: Math.round(ENGINE_DOUBT_MAX * (1 - confidence)), reason: 'uncertain' });
  }
  if (input.held) {
    // Held alone, the answer queues after every doubtful one; with another reason, that one's doubt
    // stands (so releasing the hold leaves the right doubt behind).
    return found.length === 0
      ? { doubt: HELD_DOUBT, reasons: ['held'] }
      : {
          doubt: Math.max(...found.map((f) => f.doubt)),
          reasons: [...found.map((f) => f.reason), 'held'],
        };
  }
  if (found.length === 0) return null;
  return {
    doubt: Math.max(...found.map((f) => f.doubt)),
    reasons: found.map((f) => f.reason),
  };
}

/** An answer held only because its question holds feedback until review (issue 18). */
export const HELD_DOUBT = 1;

/** Content the moderation or injection check flagged: as doubtful as an answer can be. */
export const FLAGGED_DOUBT = 100;

/** A failed marking waits for the teacher above everything else. */
export const FAILED_MARKING_DOUBT = 100;

/**
 * The marker's own confidence in a mark (0..100 %) read back from its stored doubt, for the teacher
 * to read ("Marker unsure: 5 % confident"): the doubt is a review-queue priority, not a confidence,
 * and only when it is the engine's (reason 'uncertain', with neither flagged content nor hard-to-read
 * OCR, whose doubts are higher and stand instead) does it say how sure the marker was, to within a
 * point. Null otherwise.
 */
export function markerConfidenceOf(
  doubt: number | null,
  reasons: readonly TReviewReason[],
): number | null {
  if (doubt === null || !reasons.includes('uncertain')) return null;
  if (reasons.includes('flagged') || reasons.includes('unreadable')) return null;
  const confidence = Math.round(100 * (1 - doubt / ENGINE_DOUBT_MAX));
  return Math.min(100, Math.max(0, confidence));
}
