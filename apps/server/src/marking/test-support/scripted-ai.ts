import { AiError, type AiPort, type TAiObjectRequest } from '../../adapters/ai/port';

/**
 * An AiPort that answers from a script, for testing what the marker does with a model's reply. Like
 * the real adapters it checks the reply against the request's schema (a mismatch is AiError
 * 'malformed') and records every request so tests can read the prompts.
 */
export class ScriptedAi implements AiPort {
  readonly provider = 'anthropic' as const;
  readonly model = 'claude-test';
  readonly requests: TAiObjectRequest<unknown>[] = [];

  constructor(private readonly reply: unknown | (() => never)) {}

  generateObject<T>(request: TAiObjectRequest<T>): Promise<T> {
    this.requests.push(request as TAiObjectRequest<unknown>);
    if (typeof this.reply === 'function') return Promise.reject(this.reply());
    const parsed = request.schema.safeParse(this.reply);
    if (!parsed.success) return Promise.reject(new AiError('malformed', 'reply did not match'));
    return Promise.resolve(parsed.data);
  }
}
