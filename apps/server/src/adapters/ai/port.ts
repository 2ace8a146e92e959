import type { z } from 'zod';

/** An image handed to a vision-capable model (kept in memory only). */
export type TAiImage = { data: Uint8Array; mediaType: 'image/png' | 'image/jpeg' };

export type TAiObjectRequest<T> = {
  /** Instructions. Never contains user-provided text: that goes in `prompt`, fenced as data. */
  system: string;
  prompt: string;
  schema: z.ZodType<T>;
  /** Name of the object for providers that want one (tool name / JSON schema name). */
  schemaName: string;
  temperature?: number;
  maxOutputTokens?: number;
  images?: TAiImage[];
  /** Per-call timeout; the adapter's default applies when absent. */
  timeoutMs?: number;
  abortSignal?: AbortSignal;
};

/**
 * A hosted language model (Anthropic Messages API, or any OpenAI-compatible server). The `offline`
 * provider has no AiPort: each task (rubric writing, marking, cleanup) has its own offline engine.
 */
export interface AiPort {
  readonly provider: 'anthropic' | 'openai';
  /** The model id, recorded with every mark it makes. */
  readonly model: string;
  /** Asks for one object matching `schema`; throws AiError on timeout, refusal or malformed reply. */
  generateObject<T>(request: TAiObjectRequest<T>): Promise<T>;
}

export class AiError extends Error {
  readonly kind: 'timeout' | 'malformed' | 'provider' | 'unavailable';
  constructor(kind: AiError['kind'], message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AiError';
    this.kind = kind;
  }
}
