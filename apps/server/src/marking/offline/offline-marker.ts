import { parseMarkRange } from '@stem/contract/mark-ranges';
import { MARK_DOUBTS, type TMarkDoubt } from '@stem/contract/marking';
import { clampScore, markRangeFor } from '../bands';
import { detectPromptInjection, INJECTION_REASON } from '../injection';
import { LEARNED } from '../learned/learned-model';
import {
  learnerFor,
  type TAnswerReading,
  type TQuestionLearner,
} from '../learned/question-learner';
import { combineModeration, moderateText } from '../moderation';
import type { TMarkedExample, TMarkingInput, TMarkResult } from '../types';
import { criteriaModelOf } from './criteria';
import { gatherEvidence, type TEvidence } from './evidence';
import { writeFeedback } from './feedback';
import {
  cutFollowsExamples,
  fewShotShare,
  shotViewOf,
  summariseExamples,
  type TExampleSummary,
  type TShotView,
} from './few-shot';
import { readGaming, readsAsList, writtenAsSentences } from './gaming';
import { legibilityFactor } from './legibility';
import { questionModel, type TQuestionModel } from './question-model';
import { normaliseText } from './text';
import { preloadWordList } from './word-list';
import { preloadWordRelations } from './word-relations';
import { preloadWordSenses } from './word-senses';
import { isOffTopic, type TBandRanges } from './teacher';
import { zeroShotShare } from './zero-shot';

/** Recorded with every mark the offline engine makes; bump when its scoring or its feedback changes. */
export const OFFLINE_ENGINE = 'offline@20';

/** At most this many examples are read per question by the rubric engine (more add little and cost time). */
const MAX_EXAMPLES = 50;

export type TOfflineMark = TMarkResult & {
  /** The unrounded score on 0..marks (for correlation figures in the bench). */
  rawScore: number;
  /**
   * The rubric names no answer (a draft of the offline writer, or only how an answer is built) and
   * no teacher-marked examples stand in for one: the mark rests on the answer's form, not its facts.
   */
  restsOnForm: boolean;
  /**
   * Why the marker doubts this mark (`MARK_DOUBTS`: no sentence, contradicts the rubric, a copy of
   * the rubric; `gaming.ts`): the confidence reads them; empty when it has no such doubt.
   */
  doubts: TMarkDoubt[];
  /** What the marker read in the answer (without injected text): the confidence reads it. */
  evidence: TEvidence;
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
    cutFollowsExamples(model.rubric.scoreLines, marks) ? marks : 0,
  );
  if (cache.size > 200) cache.clear();
  cache.set(key, summary);
  return summary;
}

function usableExamples(examples: TMarkedExample[] | undefined, marks: number): TMarkedExample[] {
  if (!examples) return [];
  return examples
    .filter((e) => typeof e.answer === 'string' && Number.isFinite(e.score))
    .slice(0, LEARNED.maxExamples)
    .map((e) => ({
      answer: e.answer,
      score: Math.min(marks, Math.max(0, e.score)),
      ...(typeof e.comment === 'string' && e.comment.trim() !== '' ? { comment: e.comment } : {}),
    }));
}

const plainCache = new Map<string, string>();

/** An answer's text for comparison (normalised once: the examples are compared with every answer). */
function plainText(text: string): string {
  const hit = plainCache.get(text);
  if (hit !== undefined) return hit;
  const plain = normaliseText(text).replace(/\s+/g, ' ').trim();
  if (plainCache.size > 5_000) plainCache.clear();
  plainCache.set(text, plain);
  return plain;
}

function sameText(a: string, b: string): boolean {
  return plainText(a) === plainText(b);
}

const evidenceCache = new WeakMap<TQuestionModel, Map<string, ReturnType<typeof gatherEvidence>>>();

/** The evidence of one answer, kept per question (examples are read again by every fold and mark). */
function evidenceOf(model: TQuestionModel, answer: string): ReturnType<typeof gatherEvidence> {
  let cache = evidenceCache.get(model);
  if (!cache) {
    cache = new Map();
    evidenceCache.set(model, cache);
  }
  const hit = cache.get(answer);
  if (hit) return hit;
  const evidence = gatherEvidence(model, answer);
  if (cache.size > 2_000) cache.clear();
  cache.set(answer, evidence);
  return evidence;
}

/**
 * The unrounded score of one (injection-free) answer text: the rubric engine with (at most
 * `MAX_EXAMPLES` of) the examples, blended with the question's learned model when there is one.
 */
function scoreText(
  model: TQuestionModel,
  answer: string,
  marks: number,
  allExamples: TMarkedExample[],
  ranges: TBandRanges,
  learner: TQuestionLearner | null = null,
): { raw: number; evidence: ReturnType<typeof gatherEvidence> } {
  const examples = allExamples.slice(0, MAX_EXAMPLES);
  const evidence = evidenceOf(model, answer);
  if (evidence.isBlank) return { raw: 0, evidence };
  const twin = allExamples.find((e) => sameText(e.answer, answer));
  if (twin) return { raw: twin.score, evidence };
  const share = zeroShotShare(model, evidence, marks, ranges);
  if (examples.length === 0) return { raw: share * marks, evidence };
  const fewShot = fewShotShare(
    shotViewOf(evidence, share),
    summaryOf(model, examples, marks, ranges),
  );
  // Examples place an answer among its peers, but only by what can be read of it (garbled OCR), and
  // they never lift an off-topic answer to a teacher's question off the bottom of the low band.
  const legible = legibilityFactor(evidence.legibility);
  let readable = fewShot * legible;
  if (learner) {
    const learned = learner.learnedShare(answer, { evidence, zeroShot: share });
    readable = learner.blend(learned * legible, readable);
  }
  if (model.rubric.isTeacherStyle && isOffTopic(model, evidence)) {
    return { raw: Math.min(readable * marks, share * marks), evidence };
  }
  return { raw: readable * marks, evidence };
}

/** The question's learned model for these examples (fitted once, then reused; `learned/`). */
function learnerOf(
  input: TMarkingInput,
  model: TQuestionModel,
  marks: number,
  ranges: TBandRanges,
  examples: TMarkedExample[],
): TQuestionLearner | null {
  const bands = [ranges.low, ranges.high].map((r) => `${r?.start}-${r?.end}`);
  return learnerFor(
    {
      questionKey: [
        input.question,
        input.rubric,
        input.referenceAnswer ?? '',
        marks,
        ...bands,
      ].join('\u0000'),
      marks,
      referenceAnswer: input.referenceAnswer ?? '',
      read: (text): TAnswerReading => {
        const evidence = evidenceOf(model, detectPromptInjection(text).cleaned);
        return { evidence, zeroShot: zeroShotShare(model, evidence, marks, ranges) };
      },
      rubricShare: (text, pool) =>
        scoreText(model, detectPromptInjection(text).cleaned, marks, [...pool], ranges).raw / marks,
    },
    examples,
  );
}

/**
 * Reads the marker's word lists and WordNet (some 30 MB of files, 0.5-1 s on a busy machine) and
 * marks one answer, so that the first student's answer after a start does not hold the event loop
 * while they load. The API and worker processes call it before they take requests or jobs.
 */
export function warmOfflineMarker(): { words: number; senses: number; wordNet: boolean } {
  const words = preloadWordList();
  const senses = preloadWordSenses();
  const wordNet = preloadWordRelations();
  markOffline(
    {
      question: 'Why is the handle of a saucepan made of plastic?',
      marks: 2,
      lowMarkRange: '0-0',
      highMarkRange: '2-2',
      rubric:
        'Low Mark Range (0-0):\nAnswers that name the topic.\n\nHigh Mark Range (2-2):\nPlastic is an insulator, so it does not conduct heat to your hand.',
      answer: 'Plastic is a poor conductor, so the heat does not reach your hand.',
    },
    { learned: false },
  );
  return { words, senses, wordNet };
}

/**
 * Marks one answer with the offline engine: deterministic, no network. Reads the rubric's bands and
 * key points, the question and any reference answer (and teacher-marked examples when given), and
 * explains the mark from the key points present and missing. With many teacher-marked examples, a
 * model learned from them is blended in (`learned/`); `learned: false` leaves it out (the bench).
 */
export function markOffline(
  input: TMarkingInput,
  options: { learned?: boolean } = {},
): TOfflineMark {
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

  // Many teacher marks: a model learned from them, blended in as far as it cross-validates.
  const learner =
    options.learned === false ? null : learnerOf(input, model, marks, ranges, examples);
  const clean = scoreText(model, injection.cleaned, marks, examples, ranges, learner);
  let raw = clean.raw;
  if (injection.detected) {
    // Never more than the answer without the injected text, nor more than the whole answer.
    raw = Math.min(raw, scoreText(model, answer, marks, examples, ranges, learner).raw);
  }
  // Gaming (issue 27): a list of rubric words, a phrase said against the rubric, a value that is
  // not the rubric's earn no more than the low band, unless the teacher marked this very text.
  const gaming = readGaming(model, input.referenceAnswer ?? '', injection.cleaned);
  const lowTop = ranges.low?.end;
  if (
    gaming.capsToLowBand &&
    lowTop !== undefined &&
    !examples.some((e) => sameText(e.answer, injection.cleaned))
  ) {
    raw = Math.min(raw, lowTop);
  }
  // A key point the answer turns round or says of another subject (issue 27) is no full answer,
  // however many other points it makes: a teacher's two-band rubric gives it a mark under full, and
  // its feedback names the point instead of calling it correct. (Not a point read as negated: a
  // rubric's own negative words, "his inability to eat", are not read as negations, so an honest
  // "he cannot eat his breakfast" reads as one.)
  if (
    model.rubric.isTeacherStyle &&
    marks > 1 &&
    clean.evidence.points.some((p) => p.reversed || p.swappedWith !== null) &&
    !examples.some((e) => sameText(e.answer, injection.cleaned))
  ) {
    raw = Math.min(raw, marks - 1);
  }
  const score = clampScore(raw, marks);
  const listsWords = readsAsList(injection.cleaned);
  const feedback = writeFeedback(model, clean.evidence, score, marks, {
    source: input.source,
    ocrConfidence: input.ocrConfidence,
    // A list of words, the rubric's or not, has no wording to praise.
    noOwnWording:
      listsWords ||
      gaming.doubts.some((d) => d === MARK_DOUBTS.noSentence || d === MARK_DOUBTS.copiesRubric),
    listsWords,
    saysNoStatement:
      gaming.doubts.includes(MARK_DOUBTS.noSentence) && !writtenAsSentences(injection.cleaned),
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
    engine: learner ? `${OFFLINE_ENGINE}+${learner.engineTag}` : OFFLINE_ENGINE,
    restsOnForm: examples.length === 0 && criteriaModelOf(model) !== undefined,
    doubts: gaming.doubts,
    evidence: clean.evidence,
  };
}
