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
    found.push({ doubt: Math.round(55 * (1 - confidence)), reason: 'uncertain' });
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
