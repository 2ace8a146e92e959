import type { AiPort } from '../adapters/ai/port';
import { markWithAi } from './hosted';
import { markOffline, OFFLINE_ENGINE } from './offline/offline-marker';
import type { TMarkingInput, TMarkResult } from './types';

export type TAnswerMarker = {
  /** 'offline@3', or `${provider}:${model}` for a hosted model. */
  readonly engine: string;
  mark(input: TMarkingInput): Promise<TMarkResult>;
};

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
        const { rawScore: _raw, ...mark } = markOffline(input);
        return Promise.resolve(mark);
      },
    };
  }
  return { engine: `${ai.provider}:${ai.model}`, mark: (input) => markWithAi(input, ai) };
}
