import type { TConfig } from '../../config';
import { createAnthropicAdapter } from './anthropic';
import { createOpenAiAdapter } from './openai';
import type { AiPort } from './port';
import type { TAiLogger } from './sdk-call';

/** Two retries (three attempts) with the SDK's back-off of 2 s then 4 s, or the server's Retry-After. */
const AI_MAX_RETRIES = 2;

/**
 * Config picks the AI adapter, in this one place. `offline` has no AiPort: every task (rubric
 * writing, cleanup, marking) then runs its own deterministic offline engine.
 */
export function selectAi(config: TConfig, logger?: TAiLogger): AiPort | undefined {
  const ai = config.ai;
  switch (ai.provider) {
    case 'offline':
      return undefined;
    case 'anthropic':
      if (!ai.anthropic.apiKey) {
        // loadConfig already refuses this; kept so a hand-built TConfig fails just as clearly.
        throw new Error('ANTHROPIC_API_KEY is required when AI_PROVIDER=anthropic');
      }
      return createAnthropicAdapter({
        apiKey: ai.anthropic.apiKey,
        model: ai.anthropic.model,
        baseURL: ai.anthropic.baseUrl,
        timeoutMs: ai.timeoutMs,
        maxRetries: AI_MAX_RETRIES,
        logger,
      });
    case 'openai':
      return createOpenAiAdapter({
        baseURL: ai.openai.baseUrl,
        apiKey: ai.openai.apiKey,
        model: ai.openai.model,
        timeoutMs: ai.timeoutMs,
        maxRetries: AI_MAX_RETRIES,
        logger,
      });
  }
}
