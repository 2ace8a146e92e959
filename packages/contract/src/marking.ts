import { z } from 'zod';

/** What marking one answer produces (DESIGN §7; spec 02 §3 feedback items). */
export const ZFeedback = z.object({
  aiComment: z.string(),
  suggestion: z.string(),
  /** "low" or "high" band, or the range text such as "0-3", as the rubric names it. */
  markRange: z.string(),
});
export type TFeedback = z.infer<typeof ZFeedback>;

export const ZContentModeration = z.object({
  isInappropriate: z.boolean(),
  reason: z.string(),
});
export type TContentModeration = z.infer<typeof ZContentModeration>;

export const ZAnswerMark = z.object({
  score: z.number().int().min(0),
  markRange: z.string(),
  aiComment: z.string(),
  suggestion: z.string(),
  contentModeration: ZContentModeration,
});
export type TAnswerMark = z.infer<typeof ZAnswerMark>;

/**
 * Why the marker is unsure of a mark (issue 27): shown beside a mark the teacher should look at.
 * The offline engine gives the reason of its lowest confidence signal (`marking/confidence.ts`).
 */
export const MARK_DOUBTS = {
  /** Words without sentences: a list of the rubric's terms is not an explanation. */
  noSentence: 'unsure: no sentence',
  /** The answer negates or reverses a key point of the rubric, or says it of another subject. */
  contradictsRubric: 'unsure: contradicts the rubric',
  /** The answer is the rubric's own scoring text, copied (`offline/gaming.ts`). */
  copiesRubric: "unsure: copies the rubric's text",
  /** The answer is unlike every answer the teacher has marked for this question. */
  farFromExamples: 'unsure: far from the marked examples',
  /** The answer lies half-way between two marks. */
  betweenMarks: 'unsure: between two marks',
  /** Much of the answer could not be read (garbled OCR text). */
  hardToRead: 'unsure: hard to read',
  /** The rubric names no answer, so the mark rests on the answer's form, not its facts. */
  rubricNamesNoAnswer: 'unsure: the rubric names no answer',
} as const;
export type TMarkDoubt = (typeof MARK_DOUBTS)[keyof typeof MARK_DOUBTS];
export const MARK_DOUBT_KEYS = Object.keys(MARK_DOUBTS) as [
  keyof typeof MARK_DOUBTS,
  ...(keyof typeof MARK_DOUBTS)[],
];
/** A doubt as stored with a mark: its key, so the words can change without touching stored marks. */
export type TMarkDoubtKey = keyof typeof MARK_DOUBTS;
export const ZMarkDoubtKey = z.enum(MARK_DOUBT_KEYS);

/** A stored doubt key the contract still knows (one removed since must not break a reply). */
export function isMarkDoubtKey(value: string | null | undefined): value is TMarkDoubtKey {
  return value !== null && value !== undefined && Object.hasOwn(MARK_DOUBTS, value);
}

/** The key of a doubt the engine worded, or null for words that are not one of MARK_DOUBTS. */
export function markDoubtKeyOf(text: string | undefined): TMarkDoubtKey | null {
  if (text === undefined) return null;
  return MARK_DOUBT_KEYS.find((key) => MARK_DOUBTS[key] === text) ?? null;
}
