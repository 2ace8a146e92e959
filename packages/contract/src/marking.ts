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
 * Why the marker doubts a mark (issue 27): reasons the teacher can read beside the mark. An answer
 * with a doubt other than `copiesRubric` earns at most the low band from the offline marker.
 */
export const MARKER_DOUBTS = {
  noSentence: 'unsure: no sentence',
  copiesRubric: "unsure: copies the rubric's text",
  contradicts: 'unsure: contradicts the rubric',
} as const;
export type TMarkerDoubt = (typeof MARKER_DOUBTS)[keyof typeof MARKER_DOUBTS];
