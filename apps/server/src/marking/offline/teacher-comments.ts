import { contradictionOf, hasRawSyntax, verdictOf } from '../verdict';
import { overlapOf, stemsOf } from './feedback-text';
import type { TQuestionModel } from './question-model';

/**
 * A teacher's feedback on earlier answers as an example for the next ones: an answer that resembles
 * one the teacher commented on, and earns the same verdict, is given the teacher's reasons.
 */

export type TCommentedExample = {
  answer: string;
  score: number;
  /** The teacher's own feedback on this answer (written or edited by the teacher), when any. */
  comment?: string | undefined;
};

/** Below this word overlap (Dice of content stems) an example is not similar enough to borrow from. */
export const MIN_COMMENT_SIMILARITY = 0.2;
const MAX_COMMENT_CHARS = 1_200;
/** How much a comment's closeness to the teacher's other comments counts beside the answers' likeness. */
export const TYPICAL_WEIGHT = 1;

const stemCache = new WeakMap<TQuestionModel, Map<string, Set<string>>>();

function cachedStems(model: TQuestionModel, text: string): Set<string> {
  let cache = stemCache.get(model);
  if (!cache) {
    cache = new Map();
    stemCache.set(model, cache);
  }
  const hit = cache.get(text);
  if (hit) return hit;
  const stems = stemsOf(text);
  if (cache.size > 2_000) cache.clear();
  cache.set(text, stems);
  return stems;
}

/**
 * The comment of the most similar teacher-commented example with the same verdict as `score`, when
 * one is similar enough and its text neither contradicts the score nor shows rubric syntax.
 */
export function nearestTeacherComment(
  model: TQuestionModel,
  answer: string,
  score: number,
  marks: number,
  examples: readonly TCommentedExample[] | undefined,
): string | undefined {
  if (!examples || examples.length === 0) return undefined;
  const verdict = verdictOf(score, marks);
  const stems = cachedStems(model, answer);
  const candidates: { comment: string; similarity: number; stems: Set<string> }[] = [];
  for (const e of examples) {
    const comment = e.comment?.trim();
    if (!comment || comment.length > MAX_COMMENT_CHARS) continue;
    if (verdictOf(e.score, marks) !== verdict) continue;
    if (hasRawSyntax(comment) || contradictionOf(comment, score, marks)) continue;
    const similarity = overlapOf(stems, cachedStems(model, e.answer));
    candidates.push({ comment, similarity, stems: cachedStems(model, comment) });
  }
  let best: { comment: string; value: number } | undefined;
  for (const c of candidates) {
    if (c.similarity < MIN_COMMENT_SIMILARITY) continue;
    // What the teacher says of answers like this one: a comment close to the teacher's other
    // comments with this verdict is the teacher's usual reason, not a remark about one answer.
    let typical = 0;
    for (const o of candidates) if (o !== c) typical += overlapOf(c.stems, o.stems);
    typical /= Math.max(1, candidates.length - 1);
    const value = c.similarity + TYPICAL_WEIGHT * typical;
    if (!best || value > best.value) best = { comment: c.comment, value };
  }
  return best?.comment;
}
