import { distance } from 'fastest-levenshtein';
import { isFormPoint, writerLinesOf } from './criteria';
import { parseCount, parseRubric, type TKeyPoint, type TParsedRubric } from './rubric';
import { analyse, contentStems, numbersOf, quantitiesOf, type TToken } from './text';
import { isDerivation } from './word-relations';

/**
 * Everything the marker derives once per question (rubric parsing, key-point term weights, the
 * question's own vocabulary), cached so that marking a class of answers to one question is cheap.
 */

export type TWeightedTerm = {
  stem: string;
  weight: number;
  /** Index of the stem in the question model's `terms`. */
  index: number;
  /** Terms that stand for this one ("gravity (weight)": weight), as indices in `terms`. */
  alternatives?: number[];
};

export type TKeyPointModel = TKeyPoint & {
  terms: TWeightedTerm[];
  totalWeight: number;
  /** Adjacent content-stem pairs ("active transport"), matched as phrases for extra evidence. */
  bigrams: Set<string>;
  isNegative: boolean;
};

export type TQuestionModel = {
  /** The question as written. */
  question: string;
  /** The offline rubric writer's requirement lines for this question (`criteria.ts`). */
  writerLines: Set<string>;
  rubric: TParsedRubric;
  keyPoints: TKeyPointModel[];
  questionStems: Set<string>;
  /** Every content stem of the question, rubric and reference answer (the topic's vocabulary). */
  topicStems: Set<string>;
  /** Content stems of key points, reference answer and high band, minus the question's own. */
  answerStems: Set<string>;
  /** How many key points a full answer needs. */
  required: number;
  /** Numbers printed in the question (data an answer may cite). */
  questionNumbers: Set<string>;
  /** True when the key points carry subject content (listed points or a reference answer). */
  hasContentPoints: boolean;
  /** Every stem the marker looks for (key-point terms, then the rest of the answer vocabulary). */
  terms: string[];
  termIndex: Map<string, number>;
  /** Indices in `terms` of the answer vocabulary (`answerStems`). */
  answerTermIndices: number[];
  /** answer stem -> [term index, match strength] pairs; filled as answers are read. */
  matchCache: Map<string, readonly (readonly [number, number])[]>;
  /** Key-point term index -> the words the rubric writes it with. */
  termWords: Map<number, Set<string>>;
  /** answer word -> key-point terms it is a derivation of; filled as answers are read. */
  derivationCache: Map<string, readonly number[]>;
};

/** Weight of a term the question already contains: restating the question proves little. */
export const QUESTION_TERM_WEIGHT = 0.35;

function bigramsOf(tokens: TToken[]): Set<string> {
  const out = new Set<string>();
  let previous: string | undefined;
  for (const t of tokens) {
    if (!t.isContent) continue;
    if (previous !== undefined) out.add(`${previous} ${t.stem}`);
    previous = t.stem;
  }
  return out;
}

function indexOf(termIndex: Map<string, number>, terms: string[], stem: string): number {
  const known = termIndex.get(stem);
  if (known !== undefined) return known;
  terms.push(stem);
  termIndex.set(stem, terms.length - 1);
  return terms.length - 1;
}

const IMPERATIVE_RE =
  /\b(?:list|name|describe|give|state|identify|explain|include|provide|mention|discuss|outline)\b/i;

/** The count a question asks for in an instruction ("list and describe three processes"). */
function questionCount(question: string): number | undefined {
  let best: number | undefined;
  for (const sentence of question.split(/(?<=[.?!])\s+|\n+/)) {
    if (!IMPERATIVE_RE.test(sentence)) continue;
    const n = parseCount(sentence);
    if (n !== undefined && n >= 2) best = Math.max(best ?? 0, n);
  }
  return best;
}

/** Verbs a teacher's high band uses to frame a point ("gravity acts downwards"): not content. */
/**
 * Words of a teacher's clause that name no content: how it is said ("clearly", "fully"), or the steps
 * of working ("substitutes", "rearranged", "with the unit"; the numbers and units themselves count).
 */
const TEACHER_WEAK_STEMS = new Set([
  'act',
  'happen',
  'mean',
  'clear',
  'clearli',
  'fulli',
  'full',
  'substitut',
  'rearrang',
  'unit',
]);

/**
 * A teacher's clause with its bracketed alternatives taken out: "gravity (weight) acts" is read as
 * "gravity acts", and "weight" is an alternative for "gravity".
 */
function splitAlternatives(text: string): { main: string; alternatives: Map<string, Set<string>> } {
  const alternatives = new Map<string, Set<string>>();
  const main = text.replace(
    /([A-Za-z0-9-]+)\s*\(([^)]*)\)/g,
    (_all, word: string, inner: string) => {
      const head = analyse(word).find((t) => t.isContent)?.stem;
      if (head) {
        const set = alternatives.get(head) ?? new Set<string>();
        for (const s of contentStems(inner)) if (s !== head) set.add(s);
        alternatives.set(head, set);
      }
      return word;
    },
  );
  return { main, alternatives };
}

/** The numbers a question gives, and its amounts as the answer's are read ("£5" is 500p). */
function questionNumbersOf(question: string): Set<string> {
  return new Set([...numbersOf(question), ...quantitiesOf(question).map((q) => q.value)]);
}

function buildQuestionModel(
  question: string,
  rubricText: string,
  referenceAnswer: string,
): TQuestionModel {
  const rubric = parseRubric(rubricText, referenceAnswer, question);
  const questionStems = contentStems(question);
  const teacher = rubric.isTeacherStyle;
  const pointParts = rubric.keyPoints.map((k) =>
    teacher
      ? splitAlternatives(k.text)
      : { main: k.text, alternatives: new Map<string, Set<string>>() },
  );
  // A teacher's "gives 0.5 A" is a result with its unit (text.ts `markWorking`).
  const pointTokens = pointParts.map((p) => analyse(p.main, { quantities: teacher }));
  // The question's own values with their units ("45p" of "pens at 45p") are given, not worked out.
  const questionValues = questionNumbersOf(question);
  const given = (stem: string) =>
    stem.startsWith('qty_') && questionValues.has(stem.split('_')[1] ?? '');
  const pointStemSets = pointTokens.map((toks) => {
    const s = new Set<string>();
    for (const t of toks) {
      if (!t.isContent || (teacher && (TEACHER_WEAK_STEMS.has(t.stem) || given(t.stem)))) continue;
      s.add(t.stem);
    }
    return s;
  });
  // A term shared by many key points tells them apart less well (inverse key-point frequency).
  const df = new Map<string, number>();
  for (const s of pointStemSets) for (const stem of s) df.set(stem, (df.get(stem) ?? 0) + 1);
  const terms: string[] = [];
  const termIndex = new Map<string, number>();
  const termWords = new Map<number, Set<string>>();
  const keyPoints: TKeyPointModel[] = rubric.keyPoints.map((k, i) => {
    const tokens = pointTokens[i] ?? [];
    for (const t of tokens) {
      if (!t.isContent || !(pointStemSets[i] ?? new Set()).has(t.stem)) continue;
      const index = indexOf(termIndex, terms, t.stem);
      const set = termWords.get(index) ?? new Set<string>();
      set.add(t.word);
      termWords.set(index, set);
    }
    const weighted: TWeightedTerm[] = [];
    for (const stem of pointStemSets[i] ?? []) {
      let weight = 1 / Math.sqrt(df.get(stem) ?? 1);
      if (questionStems.has(stem)) weight *= QUESTION_TERM_WEIGHT;
      if (/^\d+$/.test(stem) && stem.length === 1) weight *= 0.5;
      const index = indexOf(termIndex, terms, stem);
      const alternatives = [...(pointParts[i]?.alternatives.get(stem) ?? [])].map((a) =>
        indexOf(termIndex, terms, a),
      );
      weighted.push(
        alternatives.length > 0 ? { stem, weight, index, alternatives } : { stem, weight, index },
      );
    }
    return {
      ...k,
      terms: weighted,
      totalWeight: weighted.reduce((sum, t) => sum + t.weight, 0),
      bigrams: bigramsOf(tokens),
      isNegative: tokens.some((t) => t.isNegation),
    };
  });
  const withTerms = keyPoints.filter((k) => k.terms.length > 0);
  // Points about how an answer is built ("uses the key terms correctly") beside points of subject
  // content are no content to look for; with no content point at all, `criteria.ts` marks by them.
  const writerLines = writerLinesOf(question);
  const content = withTerms.filter(
    (k) => k.source === 'reference' || !isFormPoint(k, questionStems, writerLines),
  );
  const usable = content.length > 0 ? content : withTerms;

  const topicStems = new Set<string>(questionStems);
  for (const s of contentStems(rubricText)) topicStems.add(s);
  for (const s of contentStems(referenceAnswer)) topicStems.add(s);
  const answerStems = new Set<string>();
  for (const set of pointStemSets) for (const stem of set) answerStems.add(stem);
  for (const s of contentStems(referenceAnswer)) answerStems.add(s);
  for (const s of contentStems(rubric.high)) answerStems.add(s);
  for (const s of questionStems) answerStems.delete(s);
  const answerTermIndices = [...answerStems].map((s) => indexOf(termIndex, terms, s));

  const qCount = questionCount(question);
  let required: number;
  if (rubric.requiredCounts.size > 0) required = rubric.fullCount ?? 1;
  else if (qCount !== undefined && qCount <= usable.length) required = qCount;
  else if (rubric.isAlternatives && teacher) {
    // "... evidence such as A, B and C": the examples are choices, but a full answer still explains.
    required = Math.max(Math.min(usable.length, 2), Math.ceil(usable.length * 0.6));
  } else if (rubric.isAlternatives) required = Math.min(usable.length, 2);
  else required = usable.length;
  required = Math.max(1, Math.min(required, Math.max(1, usable.length)));

  return {
    question,
    writerLines,
    rubric,
    keyPoints: usable,
    questionStems,
    topicStems,
    answerStems,
    required,
    // Its amounts too, as the answer's are read ("£5" is 500p).
    questionNumbers: questionValues,
    // A teacher's high band names the subject content itself ("gravity acts downwards ...").
    hasContentPoints:
      (teacher && usable.length > 0) ||
      usable.some((k) => k.source === 'rubric' || k.source === 'reference'),
    terms,
    termIndex,
    answerTermIndices,
    matchCache: new Map(),
    termWords,
    derivationCache: new Map(),
  };
}

const cache = new Map<string, TQuestionModel>();

/** The question model, built once per distinct (question, rubric, reference answer). */
export function questionModel(
  question: string,
  rubricText: string,
  referenceAnswer = '',
): TQuestionModel {
  const key = `${question}\u0000${rubricText}\u0000${referenceAnswer}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const model = buildQuestionModel(question, rubricText, referenceAnswer);
  if (cache.size > 500) cache.clear();
  cache.set(key, model);
  return model;
}

/** Strength of a near spelling: a student's "osmossis" still names osmosis. */
export const NEAR_MATCH = 0.8;
/** Strength of a match by a derivation of the rubric's word ("density" for "dense"). */
export const DERIVATION_MATCH = 0.8;

/**
 * The key-point terms an answer word (as written) is a derivation of, other than by its stem
 * (`word-relations.ts` `isDerivation`). Cached per question.
 */
export function derivationMatchesOf(model: TQuestionModel, word: string): readonly number[] {
  const hit = model.derivationCache.get(word);
  if (hit) return hit;
  const out: number[] = [];
  if (/^[a-z]{4,}$/.test(word)) {
    for (const [index, words] of model.termWords) {
      for (const w of words) {
        if (/^[a-z]{4,}$/.test(w) && isDerivation(word, w)) {
          out.push(index);
          break;
        }
      }
    }
  }
  if (model.derivationCache.size > MATCH_CACHE_LIMIT) model.derivationCache.clear();
  model.derivationCache.set(word, out);
  return out;
}

/**
 * Whether an answer stem is a near spelling of a term of 5+ letters: edit distance 1, or a shared
 * 6-letter prefix and edit distance 2 when both are that long.
 */
export function isNearSpelling(answerStem: string, term: string): boolean {
  // Numbers, and the working tokens of text.ts ("qty_0.5_a", "law_irv"), are exact or nothing.
  if (term.length < 5 || answerStem.length < 4 || /^\d|_/.test(term)) return false;
  const gap = Math.abs(answerStem.length - term.length);
  if (gap > 2) return false;
  // A shared start and a close spelling: "chlorophyl" is not "chloroplast", nor "electron"
  // "electrolysi", though each pair starts alike.
  if (
    answerStem.length >= 6 &&
    term.length >= 6 &&
    answerStem.slice(0, 6) === term.slice(0, 6) &&
    distance(answerStem, term) <= 2
  ) {
    return true;
  }
  if (gap === 0 && isOneSwap(answerStem, term)) return true;
  return gap <= 1 && distance(answerStem, term) <= 1;
}

/** "protien" for "protein": the same letters with one adjacent pair swapped. */
function isOneSwap(a: string, b: string): boolean {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  if (i >= a.length - 1) return false;
  return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

const MATCH_CACHE_LIMIT = 50_000;

/**
 * The question's terms an answer stem stands for: itself (strength 1) and the terms it is a near
 * spelling of (strength 0.8). Cached per question, as a class's answers share most of their words.
 */
export function matchesOf(
  model: TQuestionModel,
  stem: string,
): readonly (readonly [number, number])[] {
  const hit = model.matchCache.get(stem);
  if (hit) return hit;
  const out: [number, number][] = [];
  const exact = model.termIndex.get(stem);
  if (exact !== undefined) out.push([exact, 1]);
  for (let i = 0; i < model.terms.length; i++) {
    if (i !== exact && isNearSpelling(stem, model.terms[i] as string)) out.push([i, NEAR_MATCH]);
  }
  if (model.matchCache.size > MATCH_CACHE_LIMIT) model.matchCache.clear();
  model.matchCache.set(stem, out);
  return out;
}
