import { z } from 'zod';
import { FENCE_SYSTEM_RULE, fenceUntrusted } from '../../lib/fence';
import type { TMarkRange } from '../../marking/language/rubric.format';

/** Spec 02 §9: the AI rubric is written at temperature 0.7 with at most 1000 output tokens. */
export {
  RUBRIC_TEMPERATURE,
  RUBRIC_MAX_TOKENS as RUBRIC_MAX_OUTPUT_TOKENS,
} from '@stem/contract/limits-teaching';

/** The structured reply the hosted model must give. */
export const ZRubricReply = z.object({
  lowMarkRange: z
    .string()
    .describe('What answers scoring in the low mark range look like, plain text, no heading'),
  highMarkRange: z
    .string()
    .describe('What an answer must show to score in the high mark range, plain text, no heading'),
});
export type TRubricReply = z.infer<typeof ZRubricReply>;

const SYSTEM = [
  'You are an experienced teacher and examiner who writes marking rubrics for short written answers in school and university STEM subjects.',
  'Write the rubric for the question you are given, in two parts:',
  '- highMarkRange: what an answer must contain to score in the high mark range: each point the question asks for, the key terms and facts a correct answer uses, what the command word demands (explain: reasons or mechanism; calculate: working and units; compare: similarities and differences; list or name N: N correct items), and what separates full marks from the lowest mark of the range.',
  '- lowMarkRange: what answers in the low mark range look like: typical shortcomings (restating the question, naming terms without explaining them, factual errors, missing parts), what earns the lowest and the highest mark of the range (blank or irrelevant answers score 0), and, when some marks fall between the two ranges, what earns those.',
  "Be specific to this question: name its key terms and the facts or steps a correct answer gives. Write plain text with short lines or '- ' bullets; no headings, no markdown tables, and do not repeat the range names. Keep each part under about 150 words.",
  FENCE_SYSTEM_RULE,
  'Reply with a JSON object with exactly two string fields: lowMarkRange and highMarkRange.',
].join('\n');

/**
 * The prompt for a hosted model. Only numbers the server has checked and the fenced question go in:
 * the teacher's text is data inside the fence, never part of the instructions.
 */
export function buildRubricPrompt(input: {
  question: string;
  marks: number;
  low: TMarkRange;
  high: TMarkRange;
}): { system: string; prompt: string } {
  const { marks, low, high } = input;
  const gap =
    high.start - low.end >= 2
      ? `${low.end + 1}${high.start - 1 > low.end + 1 ? `-${high.start - 1}` : ''}`
      : 'none';
  const prompt = [
    'Write the marking rubric for the question below.',
    `Total marks: ${marks}`,
    `Low mark range: ${low.start}-${low.end} marks`,
    `High mark range: ${high.start}-${high.end} marks`,
    `Marks between the two ranges: ${gap}`,
    'The question, as the teacher wrote it:',
    fenceUntrusted('question', input.question.trim()),
  ].join('\n');
  return { system: SYSTEM, prompt };
}
