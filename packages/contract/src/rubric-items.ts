import { z } from 'zod';
import { MAX_TEACHER_FEEDBACK_LENGTH } from './submissions';

/**
 * Issue 27, on the screen that marks one question across a class: point-valued rubric items under
 * the question's two mark bands, applied to answers by the teacher (the answer's mark is the sum of
 * its items' points, kept within 0..marks, saved through the review calls), retroactive re-scoring
 * when an item's points change or it is deleted, the teacher's saved comments, and re-marking the
 * answers the marker marked under an earlier rubric.
 */
export const RUBRIC_ITEM_PATHS = {
  /** GET: the question's items and which of them each of the class's answers has; POST: a new item. */
  items: '/classes/:classId/questions/:questionId/rubric-items',
  /** PUT: the items in a new order (every item's id, once). */
  order: '/classes/:classId/questions/:questionId/rubric-items/order',
  /** PATCH: an item's label or points (re-scores the answers it is applied to); DELETE: likewise. */
  item: '/classes/:classId/questions/:questionId/rubric-items/:itemId',
  /** PUT: the items applied to one answer of the class; its mark becomes their sum. */
  applied: '/classes/:classId/questions/:questionId/answers/:answerId/rubric-items',
  /** GET: the caller's saved comments for the question; POST: save one. */
  comments: '/classes/:classId/questions/:questionId/saved-comments',
  /** DELETE: one of the caller's saved comments. */
  comment: '/classes/:classId/questions/:questionId/saved-comments/:commentId',
  /** POST: the marker marks again the class's answers it marked under an earlier rubric. */
  remark: '/classes/:classId/questions/:questionId/remark',
  /**
   * POST ("Test on a few first", issue 27): every answer of the class the teacher has not marked
   * goes back to the marker, which marks it with the teacher's marks of the question as examples.
   */
  markRest: '/classes/:classId/questions/:questionId/mark-rest',
} as const;

/** A label is at most 200 characters; a question has at most 30 items (1-9 are keyed). */
export const MAX_RUBRIC_ITEM_LABEL = 200;
export const MAX_RUBRIC_ITEMS = 30;
/** Saved comments per teacher and question. */
export const MAX_SAVED_COMMENTS = 50;

const ZId = z.uuid({ message: 'must be a valid id' });

export const ZRubricItemParams = z.object({ classId: ZId, questionId: ZId, itemId: ZId });
export const ZRubricAnswerParams = z.object({ classId: ZId, questionId: ZId, answerId: ZId });
export const ZSavedCommentParams = z.object({ classId: ZId, questionId: ZId, commentId: ZId });

const ZLabel = z
  .string({ message: 'is required' })
  .trim()
  .min(1, { message: 'is required' })
  .max(MAX_RUBRIC_ITEM_LABEL, { message: `must be at most ${MAX_RUBRIC_ITEM_LABEL} characters` });
/** Whole points, negative for a deduction; the server also keeps |points| within the question's marks. */
const ZPoints = z
  .number({ message: 'must be a number' })
  .int({ message: 'must be a whole number' });

export const ZRubricItem = z.object({
  _id: z.string(),
  label: z.string(),
  points: z.number().int(),
  /** 1-based: the number key that applies it (1-9). */
  position: z.number().int(),
});
export type TRubricItem = z.infer<typeof ZRubricItem>;

export const ZCreateRubricItemBody = z.object({ label: ZLabel, points: ZPoints });
export type TCreateRubricItemBody = z.infer<typeof ZCreateRubricItemBody>;

export const ZUpdateRubricItemBody = z
  .object({ label: ZLabel.optional(), points: ZPoints.optional() })
  .refine((body) => body.label !== undefined || body.points !== undefined, {
    message: 'give a label or points',
    path: ['label'],
  });
export type TUpdateRubricItemBody = z.infer<typeof ZUpdateRubricItemBody>;

export const ZRubricItemOrderBody = z.object({
  itemIds: z.array(ZId).max(MAX_RUBRIC_ITEMS, { message: `at most ${MAX_RUBRIC_ITEMS} items` }),
});
export type TRubricItemOrderBody = z.infer<typeof ZRubricItemOrderBody>;

export const ZApplyRubricItemsBody = z.object({
  itemIds: z.array(ZId).max(MAX_RUBRIC_ITEMS, { message: `at most ${MAX_RUBRIC_ITEMS} items` }),
});
export type TApplyRubricItemsBody = z.infer<typeof ZApplyRubricItemsBody>;

export const ZRubricItems = z.object({
  items: z.array(ZRubricItem),
  /** The items applied to each of the class's answers to the question (answers with none are left out). */
  applied: z.array(z.object({ answerId: z.string(), itemIds: z.array(z.string()) })),
  /** Whether the caller may add, change, reorder and delete items (the question's teacher, the admin). */
  canEdit: z.boolean(),
  /**
   * The marker's suggestions for answers the teacher has not marked: the items the teacher applied
   * to the most alike answer they marked, where the marker's own mark agrees (`item-suggestions.ts`).
   */
  suggested: z.array(
    z.object({
      answerId: z.string(),
      itemIds: z.array(z.string()),
      /** How alike the two answers are, 0..1. */
      similarity: z.number(),
    }),
  ),
});
export type TRubricItems = z.infer<typeof ZRubricItems>;

export const ZRubricItemsResponse = z.object({ success: z.literal(true), data: ZRubricItems });
export type TRubricItemsResponse = z.infer<typeof ZRubricItemsResponse>;

/** After an item is added, changed, reordered or deleted: the items, and how many marks changed. */
export const ZRubricItemChangeResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    items: z.array(ZRubricItem),
    /** Answers the item was applied to whose mark changed with it (re-scored through the review). */
    rescored: z.number().int(),
  }),
});
export type TRubricItemChangeResponse = z.infer<typeof ZRubricItemChangeResponse>;

export const ZApplyRubricItemsResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    answerId: z.string(),
    itemIds: z.array(z.string()),
    /** The answer's mark now: the items' points summed, within 0..marks. */
    score: z.number().int(),
    marks: z.number().int(),
  }),
});
export type TApplyRubricItemsResponse = z.infer<typeof ZApplyRubricItemsResponse>;

export const ZSavedComment = z.object({ _id: z.string(), text: z.string(), createdAt: z.string() });
export type TSavedComment = z.infer<typeof ZSavedComment>;

export const ZSaveCommentBody = z.object({
  text: z
    .string({ message: 'is required' })
    .trim()
    .min(1, { message: 'is required' })
    .max(MAX_TEACHER_FEEDBACK_LENGTH, {
      message: `must be at most ${MAX_TEACHER_FEEDBACK_LENGTH} characters`,
    }),
});
export type TSaveCommentBody = z.infer<typeof ZSaveCommentBody>;

export const ZSavedCommentsResponse = z.object({
  success: z.literal(true),
  data: z.array(ZSavedComment),
});
export type TSavedCommentsResponse = z.infer<typeof ZSavedCommentsResponse>;

export const ZRemarkResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    /** Answers sent to the marker again (the submissions holding them are being marked). */
    queued: z.number().int(),
  }),
});
export type TRemarkResponse = z.infer<typeof ZRemarkResponse>;

export const ZMarkRestResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    /** Answers sent to the marker again (the submissions holding them are being marked). */
    queued: z.number().int(),
    /** The class's answers to the question the teacher has marked: the marker's new examples. */
    examples: z.number().int(),
  }),
});
export type TMarkRestResponse = z.infer<typeof ZMarkRestResponse>;

/** An answer's mark from its applied items: their points summed, within 0..marks. */
export function scoreFromItems(points: readonly number[], marks: number): number {
  const sum = points.reduce((total, p) => total + p, 0);
  return Math.min(marks, Math.max(0, sum));
}
