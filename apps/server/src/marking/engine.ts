import type { AiPort } from '../adapters/ai/port';
import { markWithAi } from './hosted';
import { markOffline, OFFLINE_ENGINE } from './offline/offline-marker';
import type { TMarkingInput, TMarkResult } from './types';

export type TAnswerMarker = {
  /** 'offline@7', or `${provider}:${model}` for a hosted model. */
  readonly engine: string;
  mark(input: TMarkingInput): Promise<TMarkResult>;
};

/**
 * How sure a mark rounded from `raw` is: 1 on a whole mark, 0 half-way between two marks (where the
 * smallest change in the answer would change the mark).
 */
export function roundingConfidence(raw: number): number {
  if (!Number.isFinite(raw)) return 0;
  const fraction = raw - Math.floor(raw);
  return Math.min(1, Math.abs(fraction - 0.5) * 2);
}

/**
 * The confidence of a mark made against a rubric that names no answer: below the review queue's
 * line (ENGINE_CONFIDENCE_REVIEW_BELOW, 0.2), so the teacher sees each such mark.
 */
export const FORM_ONLY_CONFIDENCE = 0.1;

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
        // The offline marker returns an extra rawScore for the bench; the product keeps the contract shape.
        const { rawScore, restsOnForm, ...mark } = markOffline(input);
        const confidence = roundingConfidence(rawScore);
        // A mark that cannot rest on facts (the rubric names no answer) waits in Needs review.
        return Promise.resolve({
          ...mark,
          confidence: restsOnForm ? Math.min(confidence, FORM_ONLY_CONFIDENCE) : confidence,
        });
      },
    };
  }
  return { engine: `${ai.provider}:${ai.model}`, mark: (input) => markWithAi(input, ai) };
}
