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
