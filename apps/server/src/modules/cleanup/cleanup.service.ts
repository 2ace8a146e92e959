import { AiError, type AiPort } from '../../adapters/ai/port';
import { badRequest } from '../../lib/app-error';
import { isOcrRepairOnly } from './cleanup.guard';
import { buildCleanupPrompt, ZCleanupReply } from './cleanup.prompt';
import { cleanOcrText, OFFLINE_CLEANUP_ENGINE } from './offline-cleanup';

/** Longest text accepted (several pages of OCR). */
export const MAX_CLEANUP_LENGTH = 50_000;

export type TCleanupResult = {
  cleanedText: string;
  /** "offline-cleanup-v1", or "<provider>:<model>" when the hosted model's repair was kept. */
  engine: string;
  /** Why the hosted model's output was not used: its AiError kind, or "changed-words". */
  fallbackReason?: 'timeout' | 'malformed' | 'provider' | 'unavailable' | 'changed-words';
};

/**
 * Repairs OCR damage in extracted text without changing what the student wrote. Offline (no
 * AiPort) the deterministic repairer runs. With an AiPort the hosted model repairs the fenced text,
 * and its output is kept only if it passes the OCR-repair guard (same words letter for letter,
 * same numbers and operators); otherwise, or when the model fails, the offline repair is returned,
 * so a model that "corrects" an answer can never change its mark.
 */
export async function cleanupText(
  text: string,
  ai?: AiPort,
  options: { abortSignal?: AbortSignal } = {},
): Promise<TCleanupResult> {
  if (text.length > MAX_CLEANUP_LENGTH) {
    throw badRequest(`text must be at most ${MAX_CLEANUP_LENGTH} characters`, 'text');
  }
  const offline = cleanOcrText(text);
  if (!ai || offline === '') return { cleanedText: offline, engine: OFFLINE_CLEANUP_ENGINE };
  const { system, prompt } = buildCleanupPrompt(text);
  let repaired: string;
  try {
    const reply = await ai.generateObject({
      system,
      prompt,
      schema: ZCleanupReply,
      schemaName: 'ocr_cleanup',
      temperature: 0,
      // Room for the whole text back (about 3 characters a token) plus the JSON around it.
      maxOutputTokens: Math.min(16_000, Math.ceil(text.length / 2) + 256),
      ...(options.abortSignal ? { abortSignal: options.abortSignal } : {}),
    });
    repaired = cleanOcrText(reply.cleanedText);
  } catch (error) {
    if (!(error instanceof AiError)) throw error;
    return { cleanedText: offline, engine: OFFLINE_CLEANUP_ENGINE, fallbackReason: error.kind };
  }
  if (repaired === '' || !isOcrRepairOnly(text, repaired)) {
    return {
      cleanedText: offline,
      engine: OFFLINE_CLEANUP_ENGINE,
      fallbackReason: 'changed-words',
    };
  }
  return { cleanedText: repaired, engine: `${ai.provider}:${ai.model}` };
}
