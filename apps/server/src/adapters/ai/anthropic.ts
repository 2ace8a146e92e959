import { createAnthropic } from '@ai-sdk/anthropic';
import type { AiPort } from './port';
import { generateObjectWithSdk, type TAiLogger } from './sdk-call';

export type TAnthropicAdapterOptions = {
  apiKey: string;
  /** e.g. 'claude-sonnet-4-5'. */
  model: string;
  /** Messages API base including the version, e.g. https://api.anthropic.com/v1 (the default). */
  baseURL?: string | undefined;
  timeoutMs: number;
  maxRetries: number;
  logger?: TAiLogger | undefined;
};

/**
 * Anthropic's Messages API through @ai-sdk/anthropic. The key travels only in the `x-api-key`
 * header. Structured replies use the model's JSON-schema output where the model has it and a forced
 * `json` tool otherwise (the provider package chooses); either way the reply is checked against the
 * zod schema.
 */
export function createAnthropicAdapter(options: TAnthropicAdapterOptions): AiPort {
  const provider = createAnthropic({
    apiKey: options.apiKey,
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
  });
  const model = provider(options.model);
  return {
    provider: 'anthropic',
    model: options.model,
    generateObject: (request) =>
      generateObjectWithSdk(
        {
          provider: 'anthropic',
          model,
          modelId: options.model,
          timeoutMs: options.timeoutMs,
          maxRetries: options.maxRetries,
          logger: options.logger,
        },
        request,
      ),
  };
}
