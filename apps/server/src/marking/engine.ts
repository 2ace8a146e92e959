import type { AiPort } from '../adapters/ai/port';
import { markWithAi } from './hosted';
import { markOffline, OFFLINE_ENGINE, warmOfflineMarker } from './offline/offline-marker';
import { CONFIDENCE, markConfidence } from './confidence';
import type { TMarkingInput, TMarkResult } from './types';

export type TAnswerMarker = {
  /** 'offline@20', or `${provider}:${model}` for a hosted model. */
  readonly engine: string;
  mark(input: TMarkingInput): Promise<TMarkResult>;
};

export { roundingConfidence } from './confidence';

/**
 * Loads what the offline marker reads (word lists, WordNet) before a process takes requests or
 * jobs, and returns how long it took: the offline engine marks in every process, also beside a
 * hosted model (re-marks, suggestions), so each warms it once at start.
 */
export function warmUpMarker(): { ms: number; wordNet: boolean } {
  const started = performance.now();
  const { wordNet } = warmOfflineMarker();
  return { ms: Math.round(performance.now() - started), wordNet };
}

/**
 * The confidence of a mark made against a rubric that names no answer: below the review queue's
 * line (ENGINE_CONFIDENCE_REVIEW_BELOW, 0.2), so the teacher sees each such mark.
 */
export const FORM_ONLY_CONFIDENCE = CONFIDENCE.formOnly;

/**
 * The configured marker: the offline engine when no AI port is given (AI_PROVIDER=offline), the
 * hosted model otherwise. A hosted failure throws AiError so the job layer can retry; it never falls
 * back to the offline engine silently, which would change marks without saying so.
 */
export function createMarker(options: { ai?: AiPort | undefined } = {}): TAnswerMarker {
  const { ai } = options;
  if (!ai) {
    return {
      engine: OFFLINE_ENGINE,
      mark: (input) => {
        // The offline marker returns extra fields for the bench and the confidence; the product
        // keeps the contract shape, with the mark's confidence, its doubt and whether it needs review.
        const offline = markOffline(input);
        const {
          rawScore: _raw,
          restsOnForm: _form,
          evidence: _evidence,
          doubts: _doubts,
          ...mark
        } = offline;
        const { confidence, reason, about, needsReview } = markConfidence(input, offline);
        return Promise.resolve({
          ...mark,
          confidence,
          ...(reason ? { confidenceReason: reason } : {}),
          ...(reason && about ? { confidenceAbout: about } : {}),
          needsReview,
        });
      },
    };
  }
  return { engine: `${ai.provider}:${ai.model}`, mark: (input) => markWithAi(input, ai) };
}
