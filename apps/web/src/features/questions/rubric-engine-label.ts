import { MESSAGES } from '@stem/contract/messages';

const T = MESSAGES.questionsPage;

/** The hosted providers' names as teachers know them. */
const PROVIDERS: Record<string, string> = { anthropic: 'Anthropic Claude', openai: 'OpenAI' };

/**
 * Who drafted a rubric, in words for a teacher: the offline engine ("offline-rubric-v2") is 'Drafted
 * automatically'; a hosted model ("anthropic:claude-…") is named by its provider.
 */
export function rubricEngineLabel(engine: string): string {
  const separator = engine.indexOf(':');
  if (separator <= 0) return T.draftedAutomatically;
  const provider = engine.slice(0, separator).toLowerCase();
  const name = PROVIDERS[provider];
  return name ? T.draftedBy(name) : T.draftedAutomatically;
}

/** A draft of the offline writer: built from the question's wording, it names no answer. */
export function isWordingDraft(engine: string): boolean {
  return engine.indexOf(':') <= 0;
}
