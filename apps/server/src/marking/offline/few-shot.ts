import type { TEvidence } from './evidence';

/**
 * Marking with teacher-marked examples of the same question. The examples set the level (their mean
 * score) and teach what separates good answers from weak ones on this question:
 * - the zero-shot share, measured relative to the examples' own zero-shot shares;
 * - vocabulary association: words that the better-marked examples use and the weaker ones do not;
 * - key-point association: which of the rubric's key points go with higher marks in the examples;
 * - length relative to the examples;
 * and, from 15 examples, where this teacher's full marks begin: the cut between full marks and the
 * mark below is moved to the one that best separates the examples' own full marks from the rest, as
 * the examples themselves would be marked (each left out of its own features).
 * The blend weights are GLOBAL constants fitted on the public training data (random draws of 10
 * examples per question); only the examples given at run time are read per question.
 */
export const FEW_SHOT = {
  zeroShot: 0.6634,
  vocabulary: 0.7949,
  keyPoints: 3.0843,
  length: 0.0829,
  spread: 1.0814,
  /**
   * How far the spread follows the examples: predictions are stretched by
   * (sd of example scores / sd of their leave-one-out predictions) ^ this, within 0.5..2.
   */
  spreadFit: 0.2795,
  /** Fewer examples than this: the examples only shift the zero-shot level, shrunk toward it. */
  minExamples: 3,
  /** Pseudo-count of the zero-shot level when shifting it with few examples. */
  levelPrior: 2,
  /**
   * The cut of full marks follows the examples from this many examples on (fitted on the tuning
   * half of SAF, ~36 commented examples a question; below it, ASAP's 10-example marks are unchanged).
   */
  cutMin: 15,
  /** Pseudo-count of the default cut (half a mark below full) when shrinking the fitted one to it. */
  cutPrior: 3,
  /** The cut is fitted only with at least this many examples on each side of it. */
  cutSide: 3,
  /** ... and only when it puts this share of the examples more on their right side than the default. */
  cutGain: 0.05,
} as const;

/** What the few-shot step needs to know about one answer (example or target). */
export type TShotView = {
  share: number;
  stems: Set<string>;
  credits: number[];
  logLength: number;
};

export function shotViewOf(evidence: TEvidence, share: number): TShotView {
  return {
    share,
    stems: evidence.stems,
    credits: evidence.points.map((p) => 0.5 * p.coverage + 0.5 * p.local),
    logLength: Math.log1p(evidence.contentWords),
  };
}

type TFeatures = { vocabulary: number; keyPoints: number };

/** An example's view with its score as a share of the marks. */
type TScoredView = TShotView & { score: number };

/** Association features of `target` against a pool of marked examples. */
function associate(target: TShotView, pool: readonly TScoredView[]): TFeatures {
  const mean = pool.reduce((s, e) => s + e.score, 0) / pool.length;
  let vocabulary = 0;
  let seen = 0;
  for (const stem of target.stems) {
    let sum = 0;
    let n = 0;
    for (const e of pool) {
      if (e.stems.has(stem)) {
        sum += e.score - mean;
        n++;
      }
    }
    if (n === 0) continue;
    vocabulary += sum / (n + 1);
    seen++;
  }
  vocabulary /= Math.sqrt(seen + 1);
  let keyPoints = 0;
  target.credits.forEach((credit, j) => {
    let w = 0;
    for (const e of pool) w += (e.credits[j] ?? 0) * (e.score - mean);
    keyPoints += credit * (w / pool.length);
  });
  return { vocabulary, keyPoints };
}

/** What the examples say once, whatever answer is marked next: their levels and leave-one-out means. */
export type TExampleSummary = {
  pool: TScoredView[];
  meanScore: number;
  meanShare: number;
  meanVocabulary: number;
  meanKeyPoints: number;
  meanLength: number;
  /** Stretch of the predictions fitted to the examples' spread. */
  stretch: number;
  /** Marks of the question; 0 when not known (no cut is fitted). */
  marks: number;
  /** The share from which this teacher's examples get full marks (default: half a mark below). */
  topCut: number;
};

/**
 * Summarises marked examples (scores as shares of the marks). Every example feature is computed
 * leave-one-out, so the examples are measured the way a new answer is.
 */
export function summariseExamples(
  examples: readonly TShotView[],
  scores: readonly number[],
  marks = 0,
): TExampleSummary {
  const pool: TScoredView[] = examples.map((e, i) => ({ ...e, score: scores[i] ?? 0 }));
  const n = Math.max(1, pool.length);
  const summary: TExampleSummary = {
    pool,
    meanScore: pool.reduce((s, e) => s + e.score, 0) / n,
    meanShare: pool.reduce((s, e) => s + e.share, 0) / n,
    meanVocabulary: 0,
    meanKeyPoints: 0,
    meanLength: 0,
    stretch: 1,
    marks,
    topCut: marks > 0 ? 1 - 0.5 / marks : 1,
  };
  if (pool.length < FEW_SHOT.minExamples) return summary;
  const loo = pool.map((e, i) =>
    associate(
      e,
      pool.filter((_, k) => k !== i),
    ),
  );
  pool.forEach((e, i) => {
    summary.meanVocabulary += (loo[i]?.vocabulary ?? 0) / n;
    summary.meanKeyPoints += (loo[i]?.keyPoints ?? 0) / n;
    summary.meanLength += e.logLength / n;
  });
  const deviations = pool.map((e, i) =>
    deviation(summary, e, loo[i] ?? { vocabulary: 0, keyPoints: 0 }),
  );
  const sdPredicted = standardDeviation(deviations);
  const sdScores = standardDeviation(pool.map((e) => e.score));
  if (sdPredicted > 1e-6 && sdScores > 1e-6) {
    const ratio = Math.min(2, Math.max(0.5, sdScores / sdPredicted));
    summary.stretch = ratio ** FEW_SHOT.spreadFit;
  }
  if (marks > 0 && pool.length >= FEW_SHOT.cutMin) {
    // Each example's share as a new answer's would be (its own features left out).
    const predicted = deviations.map(
      (d) => summary.meanScore + FEW_SHOT.spread * summary.stretch * d,
    );
    summary.topCut = fittedCut(
      predicted,
      pool.map((e) => e.score >= 1 - 1e-9),
      summary.topCut,
    );
  }
  return summary;
}

/**
 * Whether the cut of full marks may follow the teacher's examples: only where the rubric does not
 * describe the full-marks answer itself ("Score 3: ..."). ASAP's rubrics all do, and there following
 * the examples lost QWK from 30 examples (tuning sets 0.632 -> 0.623 at 100); SAF's bands ("a correct
 * and complete answer scores 4") and a teacher's Low / High prose do not.
 */
export function cutFollowsExamples(
  scoreLines: readonly { score: number }[],
  marks: number,
): boolean {
  return !scoreLines.some((line) => line.score === marks);
}

/**
 * The cut on predicted shares that best separates the examples marked `above` (full marks) from the
 * rest (most examples on the right side; among equals, the cut nearest `fallback`), shrunk toward
 * `fallback` by the number of examples; `fallback` when either side has too few examples or the
 * fitted cut sorts fewer than `cutGain` of the examples better than `fallback` does.
 */
export function fittedCut(
  predicted: readonly number[],
  above: readonly boolean[],
  fallback: number,
): number {
  const n = predicted.length;
  const ups = above.filter(Boolean).length;
  if (ups < FEW_SHOT.cutSide || n - ups < FEW_SHOT.cutSide) return fallback;
  const order = predicted.map((p, i) => ({ p, up: above[i] === true })).sort((a, b) => a.p - b.p);
  // A cut before position k calls everything from k on "above".
  let correct = ups;
  let best = correct;
  let bestCuts = [(order[0]?.p ?? fallback) - 1e-6];
  for (let k = 1; k <= n; k++) {
    correct += order[k - 1]?.up ? -1 : 1;
    const last = order[k - 1]?.p ?? 0;
    const cut = k < n ? (last + (order[k]?.p ?? 0)) / 2 : last + 1e-6;
    if (correct > best) {
      best = correct;
      bestCuts = [cut];
    } else if (correct === best) bestCuts.push(cut);
  }
  const atFallback = order.filter((o) => o.p >= fallback === o.up).length;
  // A cut that sorts barely more examples than the default one is noise (ASAP's marks at 30-50
  // examples lost QWK to it): it must sort at least `cutGain` of them better.
  if (best - atFallback < FEW_SHOT.cutGain * n) return fallback;
  const chosen = bestCuts.reduce((a, b) =>
    Math.abs(b - fallback) < Math.abs(a - fallback) ? b : a,
  );
  return fallback + ((chosen - fallback) * n) / (n + FEW_SHOT.cutPrior);
}

/**
 * Moves the cut of full marks to the examples' own: a monotone piecewise-linear map of 0..1 that
 * takes `topCut` to half a mark below full and keeps 0 and 1 where they are.
 */
export function calibratedShare(share: number, summary: TExampleSummary): number {
  const { marks, topCut } = summary;
  if (marks <= 0 || topCut <= 0 || topCut >= 1) return share;
  const target = 1 - 0.5 / marks;
  if (share >= topCut) return target + ((share - topCut) * (1 - target)) / (1 - topCut);
  return (share * target) / topCut;
}

function standardDeviation(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  return Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length);
}

/** The weighted departure of one answer from the examples' averages. */
function deviation(summary: TExampleSummary, view: TShotView, features: TFeatures): number {
  const f = FEW_SHOT;
  return (
    f.zeroShot * (view.share - summary.meanShare) +
    f.vocabulary * (features.vocabulary - summary.meanVocabulary) +
    f.keyPoints * (features.keyPoints - summary.meanKeyPoints) +
    f.length * (view.logLength - summary.meanLength)
  );
}

/** The share of the marks (0..1) for `target` given the summary of marked examples. */
export function fewShotShare(target: TShotView, examples: TExampleSummary): number {
  const f = FEW_SHOT;
  const n = examples.pool.length;
  if (n === 0) return target.share;
  if (n < f.minExamples) {
    const shift = (n * (examples.meanScore - examples.meanShare)) / (n + f.levelPrior);
    return Math.min(1, Math.max(0, target.share + shift));
  }
  const features = associate(target, examples.pool);
  const share =
    examples.meanScore + f.spread * examples.stretch * deviation(examples, target, features);
  return Math.min(1, Math.max(0, calibratedShare(share, examples)));
}
