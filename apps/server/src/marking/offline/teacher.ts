import type { TEvidence } from './evidence';
import type { TKeyPointModel, TQuestionModel } from './question-model';
import type { TRange } from './rubric';
import { analyse, assignmentsOf, contentStems, quantitiesOf, resultsOf } from './text';

/**
 * Scoring for a teacher's plain two-band rubric (Low / High Mark Range prose, no score lines, no
 * listed points, no reference answer), which the data-fitted rule never saw: the high band's clauses
 * are the key points, their coverage is placed on the rubric's own bands (low range, middle, high
 * range), an answer that shares almost no vocabulary with the question and rubric is off-topic, and
 * length plays no part: a short answer that covers the points is a full answer.
 */

/** The low and high ranges the teacher set (from the input, else the rubric's headings). */
export type TBandRanges = { low: TRange | undefined; high: TRange | undefined };

/** Point coverage below FLOOR counts as absent, above CEIL as present; linear in between. */
const FLOOR = 0.2;
const CEIL = 0.7;
/** Weight of coverage inside a two-sentence window against coverage over the whole answer. */
const LOCAL = 0.3;
/**
 * A contradicted point (negated, said of the wrong subject, or the wrong way round) keeps this share
 * of credit: none. At 0.3 a negated key point still earned a share of the marks (issue 27); at 0
 * the honest answers of `bench:gaming` keep their marks (QWK 0.848 tuning, 0.878 held-out).
 */
const CONTRADICTION = 0;

function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}

/** Present-ness (0..1) of one of a teacher rubric's points. */
export function teacherPointCredit(coverage: number, local: number, contradicted: boolean): number {
  let v = LOCAL * local + (1 - LOCAL) * coverage;
  if (contradicted) v *= CONTRADICTION;
  return clamp((v - FLOOR) / (CEIL - FLOOR), 0, 1);
}

/**
 * A point that is a name of two or three words ("Carbon dioxide."): named whole, or not named. Half
 * of it is another thing ("carbon monoxide") or too little ("carbon").
 */
function isCompoundName(point: TKeyPointModel): boolean {
  const words = point.text
    .replace(/\([^)]*\)/g, '')
    .replace(/[.;:,!\s]+$/, '')
    .trim()
    .split(/\s+/);
  return (
    words.length >= 2 &&
    words.length <= 3 &&
    point.terms.length >= 2 &&
    words.every((w) => /^[A-Za-z-]+$/.test(w)) &&
    !/\b(?:is|are|was|were|has|have|do|does|can|will)\b/i.test(point.text)
  );
}

/** `teacherPointCredit` of one point of the evidence, a compound name counting only whole. */
export function pointCreditOf(p: {
  point: TKeyPointModel;
  coverage: number;
  local: number;
  contradicted: boolean;
}): number {
  if (p.coverage < 0.75 && isCompoundName(p.point)) return 0;
  return teacherPointCredit(p.coverage, p.local, p.contradicted);
}

/** Distinct answer stems that belong to the question's or rubric's vocabulary. */
function topicHits(model: TQuestionModel, evidence: TEvidence): number {
  let hits = 0;
  for (const s of evidence.stems) if (model.topicStems.has(s)) hits++;
  return hits;
}

/**
 * Key-point credit summed over the points. A point made only of the question's words ("slows down"
 * for "why does it slow down") counts half unless the answer also covers a point of its own.
 */
function coveredPoints(model: TQuestionModel, evidence: TEvidence): number {
  let own = 0;
  let echoed = 0;
  for (const p of evidence.points) {
    // A step whose own result the answer writes ("to get 3x = 15") is a step shown.
    const credit = Math.max(stepsReached(model, p.point.text, evidence), pointCreditOf(p));
    if (p.point.terms.some((t) => !model.questionStems.has(t.stem))) own += credit;
    else echoed += credit;
  }
  // Substituting the question's values ("300 / 20") is working when it reaches the result.
  return own + (own >= 1 || worksOutResult(model, evidence) ? echoed : echoed / 2);
}

/**
 * A result the question itself gives: one of its values ("pens at 45p"), or for an unknown, the
 * same unknown at the same value ("x = 5" is the answer to "Solve 3x + 5 = 20", though 5 is given).
 */
function givenIn(model: TQuestionModel, result: { value: string; token: string }): boolean {
  if (result.token.startsWith('eq_')) {
    return assignmentsOf(model.question).some((a) => a.token === result.token);
  }
  return model.questionNumbers.has(result.value);
}

/**
 * How much of a point that works out an unknown ("subtracts 7 (2x = 12), then divides by 2 to reach
 * x = 6") the answer shows: the share of its values it reaches, as the rubric writes them, for each
 * result carries its step; 0 when the point works out none. Quantities with units keep to their
 * words' coverage (a unit alone is no step).
 */
function stepsReached(model: TQuestionModel, text: string, evidence: TEvidence): number {
  if (!text.includes('=')) return 0;
  const steps = resultsOf(text).filter((r) => r.token.startsWith('eq_') && !givenIn(model, r));
  if (steps.length === 0) return 0;
  return steps.filter((r) => evidence.stems.has(r.token)).length / steps.length;
}

const LOW_LACKS_RE =
  /\b(?:do(?:es)? not|don'?t|doesn'?t|fail(?:s)? to|without)\s+(?:mention|name|refer to|include|use|identify|state|describe|explain)\w*\s+(?:any\s+)?([^.;\n]+)/gi;

const lowLacksCache = new WeakMap<TQuestionModel, Set<string>>();

/**
 * What the low band says low answers lack ("Answers that do not mention gravity or forces" -> gravity,
 * force), minus the question's own words: an answer naming one is above the low band.
 */
function lowBandLacks(model: TQuestionModel): Set<string> {
  const hit = lowLacksCache.get(model);
  if (hit) return hit;
  const out = new Set<string>();
  for (const m of model.rubric.low.matchAll(LOW_LACKS_RE)) {
    for (const s of contentStems(m[1] ?? '')) if (!model.questionStems.has(s)) out.add(s);
  }
  lowLacksCache.set(model, out);
  return out;
}

const LOW_CREDITS_RE =
  /\b(?:names?|mentions?|states?|says?|gives?|identif(?:y|ies)|recognis(?:es)?|recogniz(?:es)?|lists?|uses?|suggests?)\s+((?:(?!\b(?:without|but|with no|only|and not|or)\b)[^.;,\n])+?)\s+(?:without|but (?:not|does not|doesn'?t|no)|with no|and not)\b/gi;

const lowCreditsCache = new WeakMap<TQuestionModel, Map<string, string>>();

/**
 * What the low band credits ("Names limewater without the result" -> limewater), minus the
 * question's own words, by stem with the word as the rubric writes it: an answer naming one has
 * earned the top of the low band, even when it covers too little of the high band's points to get
 * there.
 */
function lowBandCredits(model: TQuestionModel): Map<string, string> {
  const hit = lowCreditsCache.get(model);
  if (hit) return hit;
  const out = new Map<string, string>();
  for (const m of model.rubric.low.matchAll(LOW_CREDITS_RE)) {
    for (const t of analyse(m[1] ?? '')) {
      if (t.isContent && !model.questionStems.has(t.stem) && !out.has(t.stem)) {
        out.set(t.stem, t.word);
      }
    }
  }
  lowCreditsCache.set(model, out);
  return out;
}

const COPULA_RE = /\b(?:is|are|was|were)\b/i;

/**
 * What the low band credits said as a statement ("Says the bonds are strong without …" -> "the bonds
 * are strong"), when the answer says it: every word of it the question lacks is there.
 */
export function lowBandSaid(model: TQuestionModel, evidence: TEvidence): string | undefined {
  for (const m of model.rubric.low.matchAll(LOW_CREDITS_RE)) {
    const phrase = (m[1] ?? '').trim();
    if (!COPULA_RE.test(phrase)) continue;
    const own = analyse(phrase).filter((t) => t.isContent && !model.questionStems.has(t.stem));
    if (own.length > 0 && own.every((t) => evidence.stems.has(t.stem))) return phrase;
  }
  return undefined;
}

/** The words the low band credits that the answer names ("limewater"), as the rubric writes them. */
export function lowBandNamed(model: TQuestionModel, evidence: TEvidence): string[] {
  return [...lowBandCredits(model)].flatMap(([stem, word]) =>
    evidence.stems.has(stem) ? [word] : [],
  );
}

/**
 * True when the answer is about something else: next to none of its words are the question's or the
 * rubric's, and it covers no key point.
 */
export function isOffTopic(model: TQuestionModel, evidence: TEvidence): boolean {
  if (evidence.isBlank) return false;
  const hits = topicHits(model, evidence);
  if (coveredPoints(model, evidence) >= 0.5) return false;
  // A wrong equation answers a question about an equation, wrongly.
  if (writesEquation(model.topicStems) && writesEquation(evidence.stems)) return false;
  if (hits === 0) return true;
  return hits <= 2 && evidence.topicOverlap < 0.2;
}

function writesEquation(stems: ReadonlySet<string>): boolean {
  for (const s of stems) if (s.startsWith('chem_')) return true;
  return false;
}

/**
 * True when the answer mostly repeats the question and adds at most one word of its own from the
 * rubric's answer vocabulary.
 */
export function isRestatement(model: TQuestionModel, evidence: TEvidence): boolean {
  if (evidence.questionOverlap < 0.5) return false;
  // A number the question does not give is a result worked out, right or wrong ("6 x 12 = 72").
  if (writesOwnNumber(model, evidence)) return false;
  let novel = 0;
  for (const s of evidence.stems) if (model.answerStems.has(s)) novel++;
  if (novel > 1 || worksOutResult(model, evidence)) return false;
  // A point made in full, however short ("Plant cells have a cell wall" for "two differences between
  // plant cells and animal cells"), is an answer: every word of it the question lacks is there.
  return !model.keyPoints.some((point) => {
    const own = point.terms.filter((t) => !model.questionStems.has(t.stem));
    return own.length > 0 && own.every((t) => evidence.stems.has(t.stem));
  });
}

function writesOwnNumber(model: TQuestionModel, evidence: TEvidence): boolean {
  for (const s of evidence.stems) {
    // The question's values put into a calculation ("6 / 12") are working too.
    if (s.startsWith('expr_') || s.startsWith('eq_')) return true;
    if (/^\d/.test(s) && !model.questionNumbers.has(s)) return true;
  }
  return false;
}

/**
 * The key points' results ("gives 0.5 A") whose number the answer has but not with its unit; the
 * evidence reads units only for teacher-style rubrics (text.ts `markWorking`).
 */
export function missingUnits(
  model: TQuestionModel,
  evidence: TEvidence,
): { written: string; value: string }[] {
  const out: { written: string; value: string }[] = [];
  for (const p of evidence.points) {
    for (const q of quantitiesOf(p.point.text)) {
      // The question's own values ("6 × 45p" of "pens at 45p") are no result to give a unit to.
      if (model.questionNumbers.has(q.value)) continue;
      const missing = !evidence.stems.has(q.token) && evidence.stems.has(q.value);
      // One amount once ("230p (£2.30)" is one result).
      if (missing && !out.some((o) => o.written === q.written || o.value === q.value)) out.push(q);
    }
  }
  return out;
}

/**
 * The results the teacher's high band gives ("15 m/s") that the answer reaches, numbers the question
 * does not give: by their number alone ("300 / 20 = 15"), or with their unit too.
 */
export function resultsReached(
  model: TQuestionModel,
  evidence: TEvidence,
  by: 'value' | 'with unit',
): { written: string; value: string }[] {
  return resultsOf(model.rubric.high).filter(
    (q) => !givenIn(model, q) && evidence.stems.has(by === 'value' ? q.value : q.token),
  );
}

/**
 * The final results of the teacher's high band: those of its last key point that gives any ("the
 * change as 230p (£2.30)", "E = P × t = 240 J"). A result on the way ("P = 24 W") is working,
 * not the answer.
 */
export function finalResults(
  model: TQuestionModel,
): { written: string; value: string; token: string }[] {
  for (let i = model.keyPoints.length - 1; i >= 0; i--) {
    const point = model.keyPoints[i];
    if (!point || point.source !== 'band') continue;
    const results = resultsOf(point.text).filter((q) => !givenIn(model, q));
    if (results.length > 0) return results;
  }
  return resultsOf(model.rubric.high)
    .filter((q) => !givenIn(model, q))
    .slice(-1);
}

/** The final results (see `finalResults`) the answer reaches, by number alone or with the unit. */
export function finalReached(
  model: TQuestionModel,
  evidence: TEvidence,
  by: 'value' | 'with unit',
): { written: string; value: string }[] {
  return finalResults(model).filter((q) => evidence.stems.has(by === 'value' ? q.value : q.token));
}

/** True when the answer works out a result the high band gives, in numbers (unit or not). */
export function worksOutResult(model: TQuestionModel, evidence: TEvidence): boolean {
  return resultsReached(model, evidence, 'value').length > 0;
}

/** "Show your working", "show how you worked it out": the working itself earns marks. */
const ASKS_FOR_WORKING_RE =
  /\b(?:show|showing|include|give|set out) (?:all )?(?:of )?(?:your|the|all|each) (?:working|workings|method|calculations?|steps?)\b|\bshow how you\b/i;

/** The band edges to score on, with proportional defaults when the teacher's ranges are unreadable. */
function edges(
  marks: number,
  ranges: TBandRanges,
): { lowStart: number; lowEnd: number; highStart: number } {
  const low = ranges.low;
  const high = ranges.high;
  const lowStart = low && low.start <= marks ? low.start : 0;
  let lowEnd = low && low.end < marks ? low.end : Math.floor(marks * 0.25);
  let highStart =
    high && high.start <= marks && high.start > 0 ? high.start : Math.ceil(marks * 0.6);
  lowEnd = Math.max(lowStart, lowEnd);
  if (highStart <= lowEnd) highStart = Math.min(marks, lowEnd + 1);
  return { lowStart, lowEnd, highStart };
}

/**
 * A share of what the rubric asks (0..1) as marks on the teacher's own bands: nothing -> bottom of the
 * low band, a fifth -> top of the low band, about two thirds -> bottom of the high band, all -> full
 * marks, linear in between.
 */
export function placeOnBands(share: number, marks: number, ranges: TBandRanges): number {
  const { lowStart, lowEnd, highStart } = edges(marks, ranges);
  const anchors: [number, number][] = [
    [0, lowStart],
    [0.2, lowEnd],
    [0.65, highStart],
    [1, marks],
  ];
  const x = clamp(share, 0, 1);
  for (let i = 1; i < anchors.length; i++) {
    const [x0, y0] = anchors[i - 1] as [number, number];
    const [x1, y1] = anchors[i] as [number, number];
    if (x <= x1) return y0 + ((x - x0) / (x1 - x0)) * (y1 - y0);
  }
  return marks;
}

/** The top of the low band: where an answer that only restates the question stays. */
export function lowBandTop(marks: number, ranges: TBandRanges): number {
  return edges(marks, ranges).lowEnd;
}

/**
 * The score (0..marks, unrounded) of an answer to a teacher-style question: no points -> bottom of the
 * low band, a fifth of them -> top of the low band, about two thirds -> bottom of the high band,
 * all of them -> full marks, linear in between. Off-topic answers get the bottom of the low band;
 * restatements of the question stay in the low band.
 */
export function teacherScore(
  model: TQuestionModel,
  evidence: TEvidence,
  marks: number,
  ranges: TBandRanges,
): number {
  if (evidence.isBlank) return 0;
  const { lowStart, lowEnd, highStart } = edges(marks, ranges);
  if (isOffTopic(model, evidence)) return Math.min(lowStart, 1);
  const share = clamp(coveredPoints(model, evidence) / Math.max(1, model.required), 0, 1);
  let score = placeOnBands(share, marks, ranges);
  // As many points as marks: a mark a point, so one of a 2-mark question's two points is 1 mark,
  // not 1.67 rounded to 2 (a calculation's result, which carries its working, has fewer points).
  if (model.required >= marks) score = Math.min(score, Math.max(share * marks, lowStart));
  if (isRestatement(model, evidence)) return clamp(Math.min(score, lowEnd), 0, marks);
  // Naming what the low band says low answers lack lifts the answer out of the low band.
  const lacks = lowBandLacks(model);
  if ([...lacks].some((s) => evidence.stems.has(s)) && highStart > lowEnd + 1) {
    score = Math.max(score, lowEnd + 1);
  }
  // Naming what the low band itself credits earns the top of the low band.
  if (lowBandNamed(model, evidence).length > 0) {
    score = Math.max(score, lowEnd);
  }
  // The result the rubric gives, with its unit: full marks when the question does not ask for the
  // working (the usual convention for a correct final answer), else at least the high band.
  // A calculation in steps ("the power, then the energy") asks for each step's result, as a
  // question that asks for the working does: the final result alone is not the whole answer.
  const steps = model.keyPoints.filter((p) =>
    resultsOf(p.text).some((q) => !givenIn(model, q)),
  ).length;
  const asksForWorking = ASKS_FOR_WORKING_RE.test(model.question) || steps > 1;
  if (finalReached(model, evidence, 'with unit').length > 0) {
    score = Math.max(score, asksForWorking ? highStart : marks);
  } else if (finalReached(model, evidence, 'value').length > 0) {
    // The right number without its unit loses the unit's mark only.
    score = Math.max(score, Math.max(lowStart, (asksForWorking ? highStart : marks) - 1));
  }
  // A result the rubric gives with its unit, written without it, is not a full answer.
  if (missingUnits(model, evidence).length > 0) score = Math.min(score, marks - 1);
  return clamp(score, 0, marks);
}
