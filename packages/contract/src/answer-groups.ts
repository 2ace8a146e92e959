import { z } from 'zod';
import { MAX_TEACHER_FEEDBACK_LENGTH } from './submissions';

const ZId = z.uuid({ message: 'must be a valid id' });

/**
 * Issue 27, "Answer groups": a class's latest marked answers to one question in groups of similar
 * answers (exact matches after normalising case, spacing, punctuation and number formats, then near
 * matches the marker gave the same mark, then the answers it read alike), largest first, with the
 * marker's suggested mark for each. The teacher marks a group at once, splits a group, moves an
 * answer out or to another group, merges two groups, or goes back to the marker's grouping. Marks go
 * through the submissions module's review path (history, totals, the review queue and holds as
 * everywhere).
 */
export const ANSWER_GROUP_PATHS = {
  /** GET: the groups, largest first. */
  groups: '/classes/:classId/questions/:questionId/groups',
  /** POST { score, comment? }: every answer of the group gets that mark. */
  mark: '/classes/:classId/questions/:questionId/groups/:groupId/mark',
  /** POST: every answer of the group gets the group's suggested mark. */
  accept: '/classes/:classId/questions/:questionId/groups/:groupId/accept',
  /** POST { answerIds? }: the chosen answers out into a new group, else into its exact matches. */
  split: '/classes/:classId/questions/:questionId/groups/:groupId/split',
  /** POST { groupId }: that group's answers join this one. */
  merge: '/classes/:classId/questions/:questionId/groups/:groupId/merge',
  /** POST { answerId, toGroupId }: an answer to another group, or (null) to a group of its own. */
  move: '/classes/:classId/questions/:questionId/groups/move',
  /** POST: the teacher's edits forgotten; the marker's grouping again. */
  reset: '/classes/:classId/questions/:questionId/groups/reset',
} as const;

/** How much of an answer the groups reply carries (the whole answer is on the marking screen). */
export const GROUP_PREVIEW_CHARS = 280;
/** At most this many answers are taken out of a group at once (a class is far smaller). */
export const MAX_SPLIT_ANSWERS = 1000;

/** A group id: "m…" the marker's (a hash), "t…" one the teacher made. */
export const ZGroupId = z
  .string()
  .regex(/^[mt][A-Za-z0-9_-]{4,64}$/, { message: 'is not a group id' });

export const ZAnswerGroupParams = z.object({ classId: ZId, questionId: ZId, groupId: ZGroupId });

export const ZGroupAnswer = z.object({
  _id: z.string(),
  submissionId: z.string(),
  student: z.object({ _id: z.string(), name: z.string() }),
  /** The first GROUP_PREVIEW_CHARS characters of the answer. */
  preview: z.string(),
  /** The answer is longer than its preview. */
  truncated: z.boolean(),
  /** The mark now (the teacher's when they changed it) and the marker's own. */
  score: z.number().int(),
  aiScore: z.number().int().nullable(),
  reviewed: z.boolean(),
  overridden: z.boolean(),
});
export type TGroupAnswer = z.infer<typeof ZGroupAnswer>;

export const ZAnswerGroup = z.object({
  _id: ZGroupId,
  size: z.number().int(),
  /** How many different texts (after normalising) the group holds: 1 when all are exact copies. */
  texts: z.number().int(),
  /** The marker's suggested mark: its most common mark in the group (ties: the lower). */
  suggestedScore: z.number().int(),
  /** How many of the group's answers a teacher has reviewed. */
  reviewed: z.number().int(),
  /** The mark every answer has when a teacher has reviewed them all and they agree, else null. */
  markedAs: z.number().int().nullable(),
  /** The teacher changed this group (split, moved an answer in or out, merged). */
  edited: z.boolean(),
  /** The group's answers, its representative first, then the class's order (by name, or drawn). */
  answers: z.array(ZGroupAnswer),
});
export type TAnswerGroup = z.infer<typeof ZAnswerGroup>;

export const ZAnswerGroups = z.object({
  class: z.object({ _id: z.string(), name: z.string() }),
  question: z.object({ _id: z.string(), question: z.string(), marks: z.number().int() }),
  /** Largest first; equal sizes in the class's order of their first answer. */
  groups: z.array(ZAnswerGroup),
  counts: z.object({ marked: z.number().int(), reviewed: z.number().int() }),
  /** The teacher has edited the marker's grouping (a reset goes back to it). */
  edited: z.boolean(),
  /** The reply names no student (`?anonymous=true`): "Student n" and pseudonymous ids. */
  anonymous: z.boolean(),
});
export type TAnswerGroups = z.infer<typeof ZAnswerGroups>;

export const ZAnswerGroupsResponse = z.object({ success: z.literal(true), data: ZAnswerGroups });
export type TAnswerGroupsResponse = z.infer<typeof ZAnswerGroupsResponse>;

export const ZMarkGroupRequest = z.object({
  /** A whole mark from 0 to the question's marks (the service says so, naming the range). */
  score: z.number({ message: 'must be a number' }),
  /** The teacher's comment for every answer of the group; left out: each keeps its own. */
  comment: z.string().max(MAX_TEACHER_FEEDBACK_LENGTH).nullable().optional(),
});
export type TMarkGroupRequest = z.infer<typeof ZMarkGroupRequest>;

export const ZMarkGroupResult = z.object({
  groupId: z.string(),
  score: z.number().int(),
  /** Answers reviewed with the mark. */
  marked: z.number().int(),
  /** Of those, the ones whose mark changed. */
  changed: z.number().int(),
});
export type TMarkGroupResult = z.infer<typeof ZMarkGroupResult>;
export const ZMarkGroupResponse = z.object({ success: z.literal(true), data: ZMarkGroupResult });
export type TMarkGroupResponse = z.infer<typeof ZMarkGroupResponse>;

export const ZSplitGroupRequest = z.object({
  /** The answers to take out together into a new group; left out: split into exact matches. */
  answerIds: z.array(ZId).min(1).max(MAX_SPLIT_ANSWERS).optional(),
});
export type TSplitGroupRequest = z.infer<typeof ZSplitGroupRequest>;

export const ZMergeGroupRequest = z.object({ groupId: ZGroupId });
export type TMergeGroupRequest = z.infer<typeof ZMergeGroupRequest>;

export const ZMoveAnswerRequest = z.object({
  answerId: ZId,
  /** The group to move it to; null: a group of its own. */
  toGroupId: ZGroupId.nullable(),
});
export type TMoveAnswerRequest = z.infer<typeof ZMoveAnswerRequest>;
