import { z } from 'zod';

/**
 * What the answering screen hands /submission-complete/{id} through navigation state (spec 02 §2:
 * scores, total, answers and questions). Marking runs after saving, so `scores` starts empty and
 * the page fills it in when the marks arrive.
 */
export const ZCompletionState = z.object({
  submissionId: z.string(),
  classId: z.string(),
  className: z.string(),
  questions: z.array(z.object({ _id: z.string(), question: z.string(), marks: z.number() })),
  answers: z.array(z.string()),
  scores: z.array(z.number().nullable()).nullable(),
  /** The most marks the submission can get. */
  total: z.number(),
});
export type TCompletionState = z.infer<typeof ZCompletionState>;

export function readCompletionState(state: unknown): TCompletionState | null {
  const parsed = ZCompletionState.safeParse(state);
  return parsed.success ? parsed.data : null;
}

/** Whole-number percentage of score out of total; 0 when there is nothing to score. */
export function percentageOf(score: number, total: number): number {
  return total > 0 ? Math.round((score / total) * 100) : 0;
}
