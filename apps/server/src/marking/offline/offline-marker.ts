import { parseMarkRange } from '@stem/contract/mark-ranges';
import { clampScore, markRangeFor } from '../bands';
import { detectPromptInjection, INJECTION_REASON } from '../injection';
import { combineModeration, moderateText } from '../moderation';
import type { TMarkedExample, TMarkingInput, TMarkResult } from '../types';
import { gatherEvidence } from './evidence';
import { writeFeedback } from './feedback';
import {
  fewShotShare,
  shotViewOf,
  summariseExamples,
  type TExampleSummary,
  type TShotView,
} from './few-shot';
import { legibilityFactor } from './legibility';
import { questionModel, type TQuestionModel } from './question-model';
import { normaliseText } from './text';
import { isOffTopic, type TBandRanges } from './teacher';
import { zeroShotShare } from './zero-shot';

/** Recorded with every mark the offline engine makes; bump when its scoring changes. */
export const OFFLINE_ENGINE = 'offline@2';

/** At most this many examples are read per question (more add little and cost time). */
const MAX_EXAMPLES = 50;

export type TOfflineMark = TMarkResult & {
  /** The unrounded score on 0..marks (for correlation figures in the bench). */
  rawScore: number;
};

const exampleViews = new WeakMap<TQuestionModel, Map<string, TShotView>>();
const exampleSummaries = new WeakMap<TQuestionModel, Map<string, TExampleSummary>>();

function viewOfExample(
  model: TQuestionModel,
  answer: string,
  marks: number,
  ranges: TBandRanges,
): TShotView {
  let cache = exampleViews.get(model);
  if (!cache) {
    cache = new Map();
    exampleViews.set(model, cache);
  }
  const hit = cache.get(answer);
  if (hit) return hit;
  const evidence = gatherEvidence(model, detectPromptInjection(answer).cleaned);
  const view = shotViewOf(evidence, zeroShotShare(model, evidence, marks, ranges));
  if (cache.size > 2_000) cache.clear();
  cache.set(answer, view);
  return view;
}

/** The examples' summary, computed once per question and set of examples. */
function summaryOf(
  model: TQuestionModel,
  examples: TMarkedExample[],
  marks: number,
  ranges: TBandRanges,
): TExampleSummary {
  let cache = exampleSummaries.get(model);
  if (!cache) {
    cache = new Map();
    exampleSummaries.set(model, cache);
  }
  const key = `${marks}\u0000${examples.map((e) => `${e.score}\u0001${e.answer}`).join('\u0000')}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const summary = summariseExamples(
    examples.map((e) => viewOfExample(model, e.answer, marks, ranges)),
    examples.map((e) => e.score / marks),
  );
  if (cache.size > 200) cache.clear();
  cache.set(key, summary);
  return summary;
}

function usableExamples(examples: TMarkedExample[] | undefined, marks: number): TMarkedExample[] {
  if (!examples) return [];
  return examples
    .filter((e) => typeof e.answer === 'string' && Number.isFinite(e.score))
    .slice(0, MAX_EXAMPLES)
    .map((e) => ({
      answer: e.answer,
      score: Math.min(marks, Math.max(0, e.score)),
      ...(typeof e.comment === 'string' && e.comment.trim() !== '' ? { comment: e.comment } : {}),
    }));
}

function sameText(a: string, b: string): boolean {
  return (
    normaliseText(a).replace(/\s+/g, ' ').trim() === normaliseText(b).replace(/\s+/g, ' ').trim()
  );
}

/** The unrounded score of one (injection-free) answer text. */
function scoreText(
  model: TQuestionModel,
  answer: string,
  marks: number,
  examples: TMarkedExample[],
  ranges: TBandRanges,
): { raw: number; evidence: ReturnType<typeof gatherEvidence> } {
  const evidence = gatherEvidence(model, answer);
  if (evidence.isBlank) return { raw: 0, evidence };
  const twin = examples.find((e) => sameText(e.answer, answer));
  if (twin) return { raw: twin.score, evidence };
  const share = zeroShotShare(model, evidence, marks, ranges);
  if (examples.length === 0) return { raw: share * marks, evidence };
  const fewShot = fewShotShare(
    shotViewOf(evidence, share),
    summaryOf(model, examples, marks, ranges),
  );
  // Examples place an answer among its peers, but only by what can be read of it (garbled OCR), and
  // they never lift an off-topic answer to a teacher's question off the bottom of the low band.
  const readable = fewShot * legibilityFactor(evidence.legibility);
  if (model.rubric.isTeacherStyle && isOffTopic(model, evidence)) {
    return { raw: Math.min(readable * marks, share * marks), evidence };
  }
  return { raw: readable * marks, evidence };
}

/**
 * Marks one answer with the offline engine: deterministic, no network. Reads the rubric's bands and
 * key points, the question and any reference answer (and teacher-marked examples when given), and
 * explains the mark from the key points present and missing.
 */
export function markOffline(input: TMarkingInput): TOfflineMark {
  const marks = Number.isFinite(input.marks) ? Math.max(1, Math.floor(input.marks)) : 1;
  const model = questionModel(
    input.question ?? '',
    input.rubric ?? '',
    input.referenceAnswer ?? '',
  );
  const answer = typeof input.answer === 'string' ? input.answer : '';
  const injection = detectPromptInjection(answer);
  const examples = usableExamples(input.examples, marks);
  // The teacher's ranges as set on the question; the rubric's headings when those are unreadable.
  const ranges: TBandRanges = {
    low: parseMarkRange(input.lowMarkRange ?? '') ?? model.rubric.lowRange,
    high: parseMarkRange(input.highMarkRange ?? '') ?? model.rubric.highRange,
  };

  const clean = scoreText(model, injection.cleaned, marks, examples, ranges);
  let raw = clean.raw;
  if (injection.detected) {
    // Never more than the answer without the injected text, nor more than the whole answer.
    raw = Math.min(raw, scoreText(model, answer, marks, examples, ranges).raw);
  }
  const score = clampScore(raw, marks);
  const feedback = writeFeedback(model, clean.evidence, score, marks, {
    source: input.source,
    ocrConfidence: input.ocrConfidence,
    examples,
  });
  const moderation = combineModeration(
    moderateText(answer),
    injection.detected
      ? { isInappropriate: true, reason: INJECTION_REASON }
      : { isInappropriate: false, reason: '' },
  );
  return {
    score,
    rawScore: Math.min(marks, Math.max(0, raw)),
    markRange: markRangeFor(score, input.lowMarkRange ?? '', input.highMarkRange ?? ''),
    aiComment: feedback.aiComment,
    suggestion: feedback.suggestion,
    contentModeration: moderation,
    engine: OFFLINE_ENGINE,
  };
}
