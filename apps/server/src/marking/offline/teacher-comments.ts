import { contradictionOf, hasRawSyntax, verdictOf } from '../verdict';
import { overlapOf, stemsOf } from './feedback-text';
import type { TQuestionModel } from './question-model';

/**
 * A teacher's feedback on earlier answers as an example for the next ones: an answer that resembles
 * one the teacher commented on, and earns the same verdict, is given the teacher's reasons.
 *
 * Which comment: the teacher's comments on answers with this verdict are weighed by how much their
 * answers resemble this one (word overlap), and the comment chosen is the one that best agrees with
 * that weighted set, its own answer's likeness counting extra — what the teacher says of answers like
 * this one, rather than a remark about a detail of one other answer. Only a comment on an answer
 * similar enough to this one can be chosen.
 */

export type TCommentedExample = {
  answer: string;
  score: number;
  /** The teacher's own feedback on this answer (written or edited by the teacher), when any. */
  comment?: string | undefined;
};

/** How the comment is chosen (fitted on the tuning half of SAF's tutor feedback; `bench:feedback`). */
export const COMMENT_CHOICE = {
  /** Below this word overlap (Dice of content stems) an example is not similar enough to borrow from. */
  minSimilarity: 0.2,
  /** An example's weight is its answer's similarity to this one raised to this power. */
  power: 1,
  /** How much a comment's own answer's likeness counts beside its agreement with the others. */
  selfWeight: 3,
};
const MAX_COMMENT_CHARS = 1_200;

const stemCache = new WeakMap<TQuestionModel, Map<string, Set<string>>>();
const agreementCache = new WeakMap<TQuestionModel, Map<string, number>>();

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

function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter((t) => t.length > 0);
}

function countsOf(items: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const i of items) m.set(i, (m.get(i) ?? 0) + 1);
  return m;
}

/** F1 of the shared items (with repeats) of two bags. */
function bagF1(a: Map<string, number>, b: Map<string, number>): number {
  let shared = 0;
  let na = 0;
  let nb = 0;
  for (const n of a.values()) na += n;
  for (const n of b.values()) nb += n;
  if (na === 0 || nb === 0) return 0;
  for (const [k, n] of a) shared += Math.min(n, b.get(k) ?? 0);
  return (2 * shared) / (na + nb);
}

/**
 * How far two comments say the same thing in the same words, 0..1: the mean F1 of their shared words
 * and of their shared word pairs (so wording counts, not only vocabulary).
 */
export function commentAgreement(a: string, b: string): number {
  const wa = wordsOf(a);
  const wb = wordsOf(b);
  const pairs = (w: string[]) => w.slice(1).map((x, i) => `${w[i] ?? ''} ${x}`);
  return (bagF1(countsOf(wa), countsOf(wb)) + bagF1(countsOf(pairs(wa)), countsOf(pairs(wb)))) / 2;
}

function cachedAgreement(model: TQuestionModel, a: string, b: string): number {
  let cache = agreementCache.get(model);
  if (!cache) {
    cache = new Map();
    agreementCache.set(model, cache);
  }
  const key = a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const value = commentAgreement(a, b);
  if (cache.size > 20_000) cache.clear();
  cache.set(key, value);
  return value;
}

/**
 * The teacher's comment that best fits this answer, among those on examples with the same verdict as
 * `score` whose text neither contradicts the score nor shows rubric syntax; undefined when no such
 * example's answer is similar enough to this one.
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
  // One entry per distinct comment: the teacher's same words on several answers add up.
  const weights = new Map<string, { weight: number; similarity: number }>();
  for (const e of examples) {
    const comment = e.comment?.trim();
    if (!comment || comment.length > MAX_COMMENT_CHARS) continue;
    if (verdictOf(e.score, marks) !== verdict) continue;
    if (hasRawSyntax(comment) || contradictionOf(comment, score, marks)) continue;
    const similarity = overlapOf(stems, cachedStems(model, e.answer));
    const prev = weights.get(comment);
    weights.set(comment, {
      weight: (prev?.weight ?? 0) + similarity ** COMMENT_CHOICE.power,
      similarity: Math.max(prev?.similarity ?? 0, similarity),
    });
  }
  let best: { comment: string; value: number } | undefined;
  for (const [comment, own] of weights) {
    if (own.similarity < COMMENT_CHOICE.minSimilarity) continue;
    let value = COMMENT_CHOICE.selfWeight * own.weight;
    for (const [other, o] of weights) {
      if (other !== comment) value += o.weight * cachedAgreement(model, comment, other);
    }
    if (!best || value > best.value) best = { comment, value };
  }
  return best?.comment;
}
