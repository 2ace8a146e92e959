import { criteriaModelOf, criteriaScore } from './criteria';
import type { TEvidence } from './evidence';
import { legibilityFactor } from './legibility';
import type { TQuestionModel } from './question-model';
import { teacherScore, type TBandRanges } from './teacher';

/**
 * The zero-shot scoring rule: evidence from the rubric's key points (how many are covered, against
 * how many the rubric asks for), plus weak signals (length, rubric vocabulary, restating the
 * question, cited data and details), combined into a share of the marks.
 *
 * The constants are GLOBAL: fitted once on the public training data of `../shared/data/marking/`
 * (ASAP-SAS and SAF, 28 questions together, maximising mean agreement) and the same for every
 * question. Nothing here is keyed to a question or a data set, so a teacher's new question with only
 * its rubric is marked by exactly the same rule. Leave-one-set-out checks kept the held-out figure
 * close to the fitted one (see the bench report in the marking README section of the report).
 */
export const ZERO_SHOT = {
  /** Coverage below t0 counts as absent, above t1 as fully present; linear in between. */
  t0: 0.196,
  t1: 0.4476,
  /** Weight of coverage inside a two-sentence window against coverage over the whole answer. */
  local: 0.4386,
  /** Content words at which the length signal saturates. */
  fullLength: 54.59,
  /** Rubrics with content key points (listed points or a reference answer). */
  content: {
    intercept: -0.2812,
    evidence: 0.7,
    length: 0.25,
    vocabulary: 0.607,
    restatesQuestion: 0.0376,
    support: 0.1,
    properNouns: 0.0405,
    citedNumbers: 0.0015,
  },
  /** Holistic rubrics whose bands carry no subject content ("the response demonstrates ..."). */
  holistic: {
    intercept: -0.6334,
    length: 1.7655,
    restatesQuestion: 1.5488,
    support: 0.0542,
    properNouns: 0.4358,
    quotes: 0.0481,
    // The training data has no holistic question with numbers in it, so there is no evidence either way.
    citedNumbers: 0,
  },
  /** A contradicted key point (negated where the rubric is positive) keeps this share of credit. */
  contradiction: 0.3,
} as const;

function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}

/** Present-ness of one key point on 0..1 from its coverage. */
export function pointCredit(coverage: number, local: number, contradicted: boolean): number {
  const p = ZERO_SHOT;
  let v = p.local * local + (1 - p.local) * coverage;
  if (contradicted) v *= p.contradiction;
  return clamp((v - p.t0) / (p.t1 - p.t0), 0, 1);
}

/** Piecewise-linear map from covered key points to a score using the rubric's stated counts. */
function countToScore(covered: number, counts: Map<number, number>): number {
  const pts = [...counts.entries()].sort((a, b) => a[1] - b[1]);
  let prevCount = 0;
  let prevScore = 0;
  for (const [score, need] of pts) {
    if (covered <= need) {
      const span = need - prevCount;
      return span <= 0 ? score : prevScore + ((covered - prevCount) / span) * (score - prevScore);
    }
    prevCount = need;
    prevScore = score;
  }
  return prevScore;
}

/** Evidence from key points as a share of the marks (0..1). */
export function keyPointEvidence(
  model: TQuestionModel,
  evidence: TEvidence,
  marks: number,
): number {
  let covered = 0;
  for (const p of evidence.points) covered += pointCredit(p.coverage, p.local, p.contradicted);
  const counts = model.rubric.requiredCounts;
  if (counts.size > 0) return clamp(countToScore(covered, counts) / Math.max(1, marks), 0, 1);
  return Math.min(1, covered / model.required);
}

/**
 * The zero-shot share of the marks (0..1) for an answer; 0 for a blank or non-answer. A teacher's
 * plain two-band rubric is scored on its own bands (`teacher.ts`), as the fitted rule never saw one.
 * A mostly unreadable answer (garbled OCR) keeps only the part of the share its legibility allows.
 */
export function zeroShotShare(
  model: TQuestionModel,
  evidence: TEvidence,
  marks: number,
  ranges: TBandRanges = { low: model.rubric.lowRange, high: model.rubric.highRange },
): number {
  if (evidence.isBlank) return 0;
  return readableShare(model, evidence, marks, ranges) * legibilityFactor(evidence.legibility);
}

/** The zero-shot share of what the answer's readable words show. */
function readableShare(
  model: TQuestionModel,
  evidence: TEvidence,
  marks: number,
  ranges: TBandRanges,
): number {
  const criteria = criteriaModelOf(model);
  if (criteria) {
    return clamp(criteriaScore(criteria, evidence, marks, ranges) / Math.max(1, marks), 0, 1);
  }
  if (model.rubric.isTeacherStyle) {
    return clamp(teacherScore(model, evidence, marks, ranges) / Math.max(1, marks), 0, 1);
  }
  const p = ZERO_SHOT;
  const length = clamp(Math.log1p(evidence.contentWords) / Math.log1p(p.fullLength), 0, 1.2);
  const support = Math.min(evidence.supportMarkers, 5) / 5;
  const names = Math.min(Math.log1p(evidence.properNouns) / Math.log1p(5), 1);
  const cited = Math.min(evidence.citedNumbers, 2) / 2;
  let raw: number;
  if (model.hasContentPoints) {
    const c = p.content;
    raw =
      c.intercept +
      c.evidence * keyPointEvidence(model, evidence, marks) +
      c.length * length +
      c.vocabulary * Math.min(1, evidence.answerVocabRecall * 3) -
      c.restatesQuestion * evidence.questionOverlap +
      c.support * support +
      c.properNouns * names +
      c.citedNumbers * cited;
  } else {
    const h = p.holistic;
    raw =
      h.intercept +
      h.length * length -
      h.restatesQuestion * evidence.questionOverlap +
      h.support * support +
      h.properNouns * names +
      h.quotes * (Math.min(evidence.quotes, 2) / 2) +
      h.citedNumbers * cited;
  }
  return clamp(raw, 0, 1);
}
