import { cosineOf, textFeatures, type TSparse } from '../learned/features';
import { normalisedAnswer } from './review-order';

/**
 * The marker suggests rubric items (issue 27) from the teacher's own use of them: an answer the
 * teacher has not marked gets the items the teacher applied to the most similar answer they did
 * mark (cosine of the learned model's hashed word and character features; an exact copy after
 * normalising counts as 1), when that answer is alike enough (`SUGGEST_FROM`) and the marker's own
 * mark of it is the mark those items give. The rubric engine's reading of an item's words was tried
 * and left out: on "Says cold flows into the hand" it credits a full answer as much as the
 * misconception (word overlap cannot tell them apart).
 *
 * Measured by `npm run bench:items` on the public data, the human mark standing for the set of
 * items a teacher applied; `SUGGEST_FROM` chosen on the tuning questions. With 10-20 % of a
 * question's answers itemised, on held-out questions: ASAP 18-24 % of the others get a suggestion,
 * 66-71 % of them right; SAF 35-44 %, 80-81 % right (the nearest answer alone: 51-67 % right, which
 * is why the marker must agree).
 */
export const SUGGEST_FROM = 0.5;

export type TItemised = {
  id: string;
  answer: string;
  itemIds: readonly string[];
  /** The mark the items give (their points summed, within 0..marks). */
  score: number;
};
export type TItemSuggestion = {
  answerId: string;
  itemIds: string[];
  /** The teacher-marked answer the items come from, and how alike the two are (0..1). */
  fromAnswerId: string;
  similarity: number;
};

/**
 * For each of `open`, the items of its nearest itemised answer when alike enough and, when the
 * answer carries the marker's mark (`score`), when that mark is the one the items give.
 */
export function suggestItems(
  itemised: readonly TItemised[],
  open: readonly { id: string; answer: string; score?: number | null | undefined }[],
  threshold = SUGGEST_FROM,
): TItemSuggestion[] {
  if (itemised.length === 0) return [];
  const marked = itemised.map((m) => ({
    ...m,
    text: normalisedAnswer(m.answer),
    vector: textFeatures(m.answer) as TSparse,
  }));
  const out: TItemSuggestion[] = [];
  for (const a of open) {
    const text = normalisedAnswer(a.answer);
    if (text === '') continue;
    const vector = textFeatures(a.answer);
    let best: (typeof marked)[number] | undefined;
    let bestSimilarity = 0;
    for (const m of marked) {
      const similarity = m.text === text ? 1 : cosineOf(vector, m.vector);
      if (similarity > bestSimilarity) {
        best = m;
        bestSimilarity = similarity;
      }
    }
    const agrees = a.score === undefined || (best !== undefined && a.score === best.score);
    if (best && bestSimilarity >= threshold && agrees) {
      out.push({
        answerId: a.id,
        itemIds: [...best.itemIds],
        fromAnswerId: best.id,
        similarity: bestSimilarity,
      });
    }
  }
  return out;
}
