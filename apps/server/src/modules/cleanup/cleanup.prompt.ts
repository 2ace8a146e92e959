import { z } from 'zod';
import { FENCE_SYSTEM_RULE, fenceUntrusted } from '../../lib/fence';

export const ZCleanupReply = z.object({
  cleanedText: z.string().describe('The repaired text: the same words, only OCR damage removed'),
});

const SYSTEM = [
  "You repair text that OCR read from a photo of a student's handwritten or printed answer. The text will be marked, so it must keep exactly what the student wrote.",
  'Repair OCR damage ONLY:',
  '- rejoin words split by a hyphen at a line break ("photo-" then "synthesis" becomes "photosynthesis");',
  '- join lines broken in the middle of a sentence; keep real paragraph breaks, list items and each line of working on its own line;',
  '- remove symbols OCR invented from specks or ruling (stray |, ~, _, bullets, runs of punctuation, single stray letters);',
  '- normalise spaces and quotation marks.',
  'NEVER correct spelling, grammar, capital letters, punctuation choices, facts, numbers, units or working: a misspelt word stays misspelt, "there" stays "there", "2+2=5" stays "2+2=5". Never add, remove, reorder or reword words. If unsure, leave the text as it is.',
  FENCE_SYSTEM_RULE,
  'Reply with a JSON object with one string field, cleanedText.',
].join('\n');

/** The hosted cleanup prompt: the OCR text is fenced data, the instructions are the server's. */
export function buildCleanupPrompt(text: string): { system: string; prompt: string } {
  return {
    system: SYSTEM,
    prompt: ['Repair the OCR damage in this text:', fenceUntrusted('ocr_text', text)].join('\n'),
  };
}
