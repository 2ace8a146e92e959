import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { AiPort } from './port';
import { generateObjectWithSdk, type TAiLogger } from './sdk-call';

export type TOpenAiAdapterOptions = {
  /** Chat Completions base including the version: https://api.openai.com/v1, http://127.0.0.1:11434/v1 (Ollama), a vLLM server... */
  baseURL: string;
  /** Optional: local servers usually take none. Sent only as `Authorization: Bearer`. */
  apiKey?: string | undefined;
  /** e.g. 'gpt-4o-mini', 'llama3.1:8b'. */
  model: string;
  timeoutMs: number;
  maxRetries: number;
  logger?: TAiLogger | undefined;
};

/**
 * Any OpenAI-compatible Chat Completions server (OpenAI, Ollama, vLLM, LM Studio...) through
 * @ai-sdk/openai-compatible, which speaks plain `/chat/completions` rather than OpenAI's newer
 * Responses API that local servers lack. `supportsStructuredOutputs` makes it send the zod schema as
 * `response_format: { type: 'json_schema' }`, so the server constrains the reply to it.
 */
export function createOpenAiAdapter(options: TOpenAiAdapterOptions): AiPort {
  const provider = createOpenAICompatible({
    name: 'openai',
    baseURL: options.baseURL,
    ...(options.apiKey ? { apiKey: options.apiKey } : {}),
    supportsStructuredOutputs: true,
  });
  const model = provider.chatModel(options.model);
  return {
    provider: 'openai',
    model: options.model,
    generateObject: (request) =>
      generateObjectWithSdk(
        {
          provider: 'openai',
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
