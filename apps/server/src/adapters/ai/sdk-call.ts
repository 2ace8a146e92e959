import {
  APICallError,
  generateText,
  JSONParseError,
  NoObjectGeneratedError,
  NoOutputGeneratedError,
  Output,
  RetryError,
  TypeValidationError,
  type LanguageModel,
  type UserContent,
} from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import { AiError, type TAiObjectRequest } from './port';

/** What the hosted adapters log to: pino / Fastify's logger, or nothing. */
export type TAiLogger = Pick<FastifyBaseLogger, 'debug' | 'warn'>;

export type TSdkCallOptions = {
  provider: 'anthropic' | 'openai';
  model: LanguageModel;
  modelId: string;
  /** Default per-call timeout, covering every attempt and the waits between them. */
  timeoutMs: number;
  /** Retries of 408/409/429/5xx and network failures, with the AI SDK's exponential back-off. */
  maxRetries: number;
  logger?: TAiLogger | undefined;
};

/**
 * One structured call through the AI SDK (`generateText` + `Output.object`), shared by the Anthropic
 * and OpenAI-compatible adapters so both time out, retry and fail the same way. Logs carry the
 * provider, model, timing and failure kind only: never the prompt, the reply or any key.
 */
export async function generateObjectWithSdk<T>(
  options: TSdkCallOptions,
  request: TAiObjectRequest<T>,
): Promise<T> {
  const timeoutMs = request.timeoutMs ?? options.timeoutMs;
  const timeoutSignal = AbortSignal.timeout(timeoutMs);
  const signal = request.abortSignal
    ? AbortSignal.any([timeoutSignal, request.abortSignal])
    : timeoutSignal;
  const content: UserContent = [{ type: 'text', text: request.prompt }];
  for (const image of request.images ?? []) {
    content.push({ type: 'image', image: image.data, mediaType: image.mediaType });
  }
  const started = Date.now();
  const where = { provider: options.provider, model: options.modelId, schema: request.schemaName };
  try {
    const result = await generateText({
      model: options.model,
      system: request.system,
      messages: [{ role: 'user', content }],
      output: Output.object({ schema: request.schema, name: request.schemaName }),
      temperature: request.temperature,
      maxOutputTokens: request.maxOutputTokens,
      maxRetries: options.maxRetries,
      abortSignal: signal,
    });
    const output = result.output;
    options.logger?.debug({ ...where, ms: Date.now() - started }, 'ai call succeeded');
    return output;
  } catch (error) {
    const aiError = toAiError(error, {
      timeoutSignal,
      callerSignal: request.abortSignal,
      timeoutMs,
    });
    options.logger?.warn(
      { ...where, ms: Date.now() - started, kind: aiError.kind, reason: aiError.message },
      'ai call failed',
    );
    throw aiError;
  }
}

/**
 * Maps whatever the SDK threw to one AiError kind. The SDK's own errors carry the whole request
 * body (the student's text) and the raw reply, so they are summarised, never attached as `cause`:
 * a logged AiError cannot leak them.
 */
export function toAiError(
  error: unknown,
  signals: { timeoutSignal: AbortSignal; callerSignal: AbortSignal | undefined; timeoutMs: number },
): AiError {
  if (signals.timeoutSignal.aborted) {
    return new AiError('timeout', `no reply within ${signals.timeoutMs} ms`);
  }
  if (signals.callerSignal?.aborted) {
    return new AiError('timeout', 'the request was cancelled before the reply arrived');
  }
  const last = RetryError.isInstance(error) ? error.lastError : error;
  const attempts = RetryError.isInstance(error) ? ` after ${error.errors.length} attempts` : '';
  if (
    NoObjectGeneratedError.isInstance(last) ||
    NoOutputGeneratedError.isInstance(last) ||
    JSONParseError.isInstance(last) ||
    TypeValidationError.isInstance(last)
  ) {
    return new AiError('malformed', 'the reply did not match the expected JSON object');
  }
  if (APICallError.isInstance(last)) {
    const status = last.statusCode;
    if (status === undefined) {
      return new AiError('unavailable', `the AI server could not be reached${attempts}`);
    }
    // A 2xx whose body the provider package could not read is a malformed reply, not an outage.
    if (status < 300) return new AiError('malformed', `unreadable reply (HTTP ${status})`);
    if (status === 408 || status === 429 || status >= 500) {
      return new AiError('unavailable', `the AI server answered HTTP ${status}${attempts}`);
    }
    // The provider's own short reason ("model not found", "invalid x-api-key") helps the operator.
    const reason = last.message.replace(/\s+/g, ' ').slice(0, 160);
    return new AiError('provider', `the AI server refused the request: HTTP ${status}: ${reason}`);
  }
  if (last instanceof TypeError) {
    // fetch() failures (DNS, refused connection) surface as TypeError when not wrapped.
    return new AiError('unavailable', `the AI server could not be reached${attempts}`);
  }
  const name = last instanceof Error ? last.name : typeof last;
  return new AiError('provider', `the AI call failed (${name})`);
}
