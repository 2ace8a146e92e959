import { parseMarkRange } from '@stem/contract/mark-ranges';
import { MARK_DOUBTS, type TMarkDoubt } from '@stem/contract/marking';
import { cosineOf, textFeatures, type TSparse } from './learned/features';
import { LEGIBLE } from './offline/legibility';
import type { TOfflineMark } from './offline/offline-marker';
import { labelOf } from './offline/feedback';
import { lacksSentences } from './offline/gaming';
import type { TKeyPointModel } from './offline/question-model';
import type { TMarkedExample, TMarkingInput } from './types';

/**
 * How sure the offline marker is of one mark, and why not (issue 27). Read from what the marker
 * already computed (its unrounded score, its evidence) and from the teacher's marked examples; it
 * never changes a mark. Each signal gives a confidence of its own; the mark's confidence is the
 * lowest of them and its reason that signal's doubt. Below `NEEDS_REVIEW_BELOW` the mark waits for
 * the teacher (the review queue's line, `modules/marking/review-doubt.ts`).
 */

/** Confidences under this send the mark to Needs review (the same line as the review queue's). */
export const NEEDS_REVIEW_BELOW = 0.2;

/** A doubt is named only when the confidence is under this (a readable reason "when low"). */
export const DOUBT_NAMED_BELOW = 0.5;

export const CONFIDENCE = {
  /** Confidence of a credited mark for words without sentences. */
  noSentence: 0.05,
  /** Confidence of a credited mark for an answer that contradicts a key point. */
  contradicts: 0.15,
  /**
   * Confidence of a credited mark for an answer that is mostly the rubric's own scoring text
   * (`offline/gaming.ts`): it may be a copy, or a right answer in the rubric's words (an equation),
   * and only the teacher can tell.
   */
  copiesRubric: 0.15,
  /** Examples from which "far from the marked examples" is judged. */
  examplesFrom: 5,
  /** Cosine similarity (hashed words and character n-grams) under which an answer is far. */
  farBelow: 0.35,
  /** A mark resting on form only (the rubric names no answer). */
  formOnly: 0.1,
} as const;

export type TMarkConfidence = {
  /** 0..1: the lowest of the signals below. */
  confidence: number;
  /** The doubt of the lowest signal, when the confidence is under DOUBT_NAMED_BELOW. */
  reason?: TMarkDoubt | undefined;
  /**
   * The rubric's point the doubt is about, in the rubric's words ("the ball bounces to a lower
   * height"), when the doubt names one: a key point the answer reads as said wrongly. The teacher
   * reads it beside the doubt, to see at a glance whether the marker was right to doubt.
   */
  about?: string | undefined;
  needsReview: boolean;
};

/**
 * How sure a mark rounded from `raw` is: 1 on a whole mark, 0 half-way between two marks (where the
 * smallest change in the answer would change the mark).
 */
export function roundingConfidence(raw: number): number {
  if (!Number.isFinite(raw)) return 0;
  const fraction = raw - Math.floor(raw);
  return Math.min(1, Math.abs(fraction - 0.5) * 2);
}

const exampleVectors = new WeakMap<readonly TMarkedExample[], TSparse[]>();

function vectorsOf(examples: readonly TMarkedExample[]): TSparse[] {
  const hit = exampleVectors.get(examples);
  if (hit) return hit;
  const vectors = examples.map((e) => textFeatures(e.answer));
  exampleVectors.set(examples, vectors);
  return vectors;
}

/** The similarity of an answer to the nearest of the examples (1 for an identical one). */
export function nearestExample(answer: string, examples: readonly TMarkedExample[]): number {
  const target = textFeatures(answer);
  let best = 0;
  for (const v of vectorsOf(examples)) best = Math.max(best, cosineOf(target, v));
  return best;
}

type TSignal = { confidence: number; doubt: TMarkDoubt; about?: string | undefined };

/** A key point's name as the teacher reads it: its label, or its own words when it has none. */
function pointName(point: TKeyPointModel): string {
  return labelOf(point) ?? point.text.replace(/\s+/g, ' ').trim();
}

/** The confidence of one offline mark of `input` (its examples included), with its doubt. */
export function markConfidence(input: TMarkingInput, mark: TOfflineMark): TMarkConfidence {
  const evidence = mark.evidence;
  const signals: TSignal[] = [
    { confidence: roundingConfidence(mark.rawScore), doubt: MARK_DOUBTS.betweenMarks },
  ];
  if (mark.restsOnForm) {
    signals.push({ confidence: CONFIDENCE.formOnly, doubt: MARK_DOUBTS.rubricNamesNoAnswer });
  }
  if (!evidence.isBlank) {
    if (evidence.legibility < LEGIBLE) {
      signals.push({
        confidence: Math.max(0, evidence.legibility - 0.35) / (LEGIBLE - 0.35),
        doubt: MARK_DOUBTS.hardToRead,
      });
    }
    // Credit for words without sentences, or for an answer that says a key point wrongly: the
    // marker may have been fooled (a mark of 0 stands).
    // The gaming doubts of `offline/gaming.ts` (issue 27) count as the same signals.
    if (
      mark.score > 0 &&
      (lacksSentences(input.answer) || mark.doubts.includes(MARK_DOUBTS.noSentence))
    ) {
      signals.push({ confidence: CONFIDENCE.noSentence, doubt: MARK_DOUBTS.noSentence });
    }
    // A high-band mark for an answer that exchanges a word of a key point for one that is no
    // paraphrase of it ("transports sugar and mineral ions") may say the point wrongly: doubted
    // only in the high band, where such an answer is taken as right (its cost: marking/README.md).
    const highFrom = Math.max(1, parseMarkRange(input.highMarkRange)?.start ?? input.marks);
    const exchangedHigh = mark.score >= highFrom && evidence.points.some((p) => p.exchanged);
    const saidWrongly = evidence.points.find(
      (p) => p.contradicted || p.reversed || p.swappedWith !== null,
    );
    if (
      (mark.score > 0 && (saidWrongly || mark.doubts.includes(MARK_DOUBTS.contradictsRubric))) ||
      exchangedHigh
    ) {
      // The point read as said wrongly (the gaming reading's denial of a phrase names none).
      const doubted =
        (mark.score > 0 ? saidWrongly : undefined) ??
        (exchangedHigh ? evidence.points.find((p) => p.exchanged) : undefined);
      signals.push({
        confidence: CONFIDENCE.contradicts,
        doubt: MARK_DOUBTS.contradictsRubric,
        ...(doubted ? { about: pointName(doubted.point) } : {}),
      });
    }
    if (mark.score > 0 && mark.doubts.includes(MARK_DOUBTS.copiesRubric)) {
      signals.push({ confidence: CONFIDENCE.copiesRubric, doubt: MARK_DOUBTS.copiesRubric });
    }
    const examples = input.examples ?? [];
    if (examples.length >= CONFIDENCE.examplesFrom) {
      const nearest = nearestExample(input.answer, examples);
      if (nearest < CONFIDENCE.farBelow) {
        signals.push({
          confidence: (0.3 * nearest) / CONFIDENCE.farBelow,
          doubt: MARK_DOUBTS.farFromExamples,
        });
      }
    }
  }
  let lowest = signals[0] as TSignal;
  for (const s of signals) if (s.confidence < lowest.confidence) lowest = s;
  const confidence = Math.min(1, Math.max(0, lowest.confidence));
  const named = confidence < DOUBT_NAMED_BELOW;
  return {
    confidence,
    ...(named ? { reason: lowest.doubt } : {}),
    ...(named && lowest.about ? { about: lowest.about } : {}),
    needsReview: confidence < NEEDS_REVIEW_BELOW,
  };
}
