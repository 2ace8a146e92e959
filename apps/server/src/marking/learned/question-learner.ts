import type { TEvidence } from '../offline/evidence';
import type { TMarkedExample } from '../types';
import { cosineOf, textFeatures, type TSparse } from './features';
import { blendShare, fitLearned, LEARNED, type TLearnedModel } from './learned-model';

/**
 * The learned model of one question, fitted on its teacher-marked examples and kept while they stay
 * the same: a new or changed teacher mark changes the examples' fingerprint, and the next answer is
 * marked by a model refitted on them. Fitting happens where answers are marked (the marking job in
 * the worker), never in a request.
 */

/** What the rubric engine reads of one answer. */
export type TAnswerReading = { evidence: TEvidence; zeroShot: number };

export type TLearnerContext = {
  /** Everything that identifies the question as marked: text, rubric, reference, marks, bands. */
  questionKey: string;
  marks: number;
  referenceAnswer: string;
  read(answer: string): TAnswerReading;
  /** The rubric engine's share (0..1) of the marks for `answer` with these examples. */
  rubricShare(answer: string, examples: readonly TMarkedExample[]): number;
};

export type TQuestionLearner = {
  model: TLearnedModel;
  /** Recorded with each mark: the engine, the examples learned from and the blend weight. */
  engineTag: string;
  /** The learned model's share (0..1) of the marks for one answer. */
  learnedShare(answer: string, reading: TAnswerReading): number;
  /** The blended share given the learned share and the rubric engine's share. */
  blend(learned: number, rubric: number): number;
};

/** Models kept (least recently used are dropped first). */
const CACHE_SIZE = 64;
const cache = new Map<string, TQuestionLearner | null>();

/** A 64-bit fingerprint of the question and its examples (text and mark, in order). */
export function examplesFingerprint(
  questionKey: string,
  examples: readonly TMarkedExample[],
): string {
  let a = 2166136261;
  let b = 3735928559;
  const mix = (s: string) => {
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      a = Math.imul(a ^ c, 16777619);
      b = Math.imul(b ^ c, 2246822519) ^ (b >>> 13);
    }
  };
  mix(questionKey);
  for (const e of examples) mix(`\u0001${e.score}\u0002${e.answer}`);
  return `${examples.length}:${(a >>> 0).toString(16)}:${(b >>> 0).toString(16)}`;
}

/** The rubric engine's reading of an answer as dense features for the learned model. */
export function denseFeatures(
  reading: TAnswerReading,
  features: TSparse,
  reference: TSparse | undefined,
): number[] {
  const e = reading.evidence;
  const credits = e.points.map((p) => 0.5 * p.coverage + 0.5 * p.local);
  const points = Math.max(1, credits.length);
  return [
    reading.zeroShot,
    e.legibility,
    Math.log1p(e.contentWords),
    Math.log1p(e.distinctContent),
    e.answerVocabRecall,
    e.topicOverlap,
    e.questionOverlap,
    credits.reduce((s, c) => s + c, 0) / points,
    credits.reduce((m, c) => Math.max(m, c), 0),
    credits.filter((c) => c >= 0.5).length / points,
    e.points.filter((p) => p.contradicted).length / points,
    Math.log1p(e.supportMarkers),
    Math.log1p(e.properNouns + e.quotes),
    Math.log1p(e.citedNumbers),
    reference ? cosineOf(features, reference) : 0,
  ];
}

function fit(ctx: TLearnerContext, examples: readonly TMarkedExample[]): TQuestionLearner | null {
  const reference = ctx.referenceAnswer.trim() ? textFeatures(ctx.referenceAnswer) : undefined;
  const rows = examples.map((e) => {
    const features = textFeatures(e.answer);
    return {
      features,
      dense: denseFeatures(ctx.read(e.answer), features, reference),
      share: e.score / ctx.marks,
    };
  });
  const model = fitLearned(rows, {
    marks: ctx.marks,
    rubricShares: (train, test) => {
      const pool = train.flatMap((i) => examples[i] ?? []);
      return test.map((i) => ctx.rubricShare(examples[i]?.answer ?? '', pool));
    },
  });
  if (model.weight <= 0) return null;
  return {
    model,
    engineTag: `learned(n=${model.examples},w=${model.weight.toFixed(2)})`,
    learnedShare: (answer, reading) => {
      const features = textFeatures(answer);
      return model.predict(features, denseFeatures(reading, features, reference));
    },
    blend: (learned, rubric) => blendShare(model, learned, rubric),
  };
}

/**
 * The learned model for a question and its examples (newest first), fitted once and reused while
 * the examples stay the same; null with too few examples or when cross-validation finds that it
 * does not beat the rubric engine alone.
 */
export function learnerFor(
  ctx: TLearnerContext,
  examples: readonly TMarkedExample[],
): TQuestionLearner | null {
  const used = examples.slice(0, LEARNED.maxExamples);
  if (used.length < LEARNED.minExamples) return null;
  const key = examplesFingerprint(ctx.questionKey, used);
  if (cache.has(key)) {
    const hit = cache.get(key) ?? null;
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const learner = fit(ctx, used);
  cache.set(key, learner);
  while (cache.size > CACHE_SIZE) {
    const oldest = cache.keys().next();
    if (oldest.done) break;
    cache.delete(oldest.value);
  }
  return learner;
}
