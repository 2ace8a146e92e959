import { MARK_DOUBTS, type TMarkDoubt } from '@stem/contract/marking';
import type { TQuestionModel } from './question-model';
import {
  analyseNormalised,
  clauseBreaks,
  foldScriptDigits,
  isStopword,
  normaliseText,
  quantitiesOf,
  tokenise,
  type TToken,
  withoutWorking,
} from './text';

/**
 * Answers that game the marker (issue 27), read by general mechanisms, never by single phrasings:
 *
 * - **no sentence of its own**: the answer is (almost) only words of the question and rubric, in an
 *   order that is not theirs: word salads and shuffled rubric sentences. Measured as the share of
 *   the answer's words found in the question and rubric, and the share of its neighbouring word
 *   pairs (inside one phrase: punctuation breaks a pair) that the question and rubric also hold.
 * - **a copy of the rubric's scoring text**: one unbroken run of the high band's words makes up the
 *   answer and most of the band.
 * - **contradicts the rubric**: a phrase of the answer that says most of a phrase of the high band
 *   with the opposite polarity (a negation where the rubric has none, or the reverse), or one word
 *   of it turned into its opposite ("less dense" → "more dense") an odd number of times counting
 *   negations, said more than the rubric's phrases are said right; a value with the unit of a result
 *   of the rubric that is not the rubric's value ("boils at 60 °C", "0.33 A").
 *
 * These doubts cap the mark at the top of the low band on a teacher's two-band rubric (the product's
 * own questions; measured on `test-support/gaming-cases.ts`); on rubrics of other forms (score
 * lines, listed points, reference answers: the public data) they are flags only, as capping there
 * lost QWK on the public data's tuning half. A copy of the rubric is a flag only everywhere: an
 * answer may be the rubric's own words ("2H2 + O2 → 2H2O").
 *
 * Each doubt is a reason the teacher can read (`MARK_DOUBTS` in the contract).
 */

export type TGamingReading = {
  doubts: TMarkDoubt[];
  /** The doubts that mean the answer earns no more than the low band. */
  capsToLowBand: boolean;
};

/** A phrase: the tokens between punctuation, connectives and prepositions of direction. */
type TPhrase = {
  tokens: TToken[];
  negated: boolean;
  stems: Set<string>;
  /** Content stems after its first negation ("does not travel faster": travel, faster). */
  scope: Set<string>;
  /** What it is compared with: the phrase after its "than" ("faster in steel" than "in air"). */
  than?: TPhrase;
};

/** Words that start a new phrase (a statement, or one side of a comparison or a movement). */
const BREAKS = new Set([
  'and',
  'but',
  'so',
  'because',
  'than',
  'while',
  'whilst',
  'whereas',
  'which',
  'then',
  'from',
  'to',
  'into',
  'before',
  'after',
  'until',
  'therefore',
  'however',
  'though',
  'although',
  'with',
  'as',
]);

/** Words that carry no content for comparing phrases (the rubric's own verbs of assessment too). */
const RUBRIC_VERBS = new Set([
  'explain',
  'describ',
  'state',
  'use',
  'give',
  'substitut',
  'identifi',
  'name',
  'answer',
  'mention',
  'say',
]);

/** Opposite words, by the pole each stands for (general vocabulary of direction and comparison). */
const POLES: ReadonlyMap<string, string> = (() => {
  const pairs = [
    ['high higher highest', 'low lower lowest'],
    ['fast faster fastest quick quicker quickly speed speeding', 'slow slower slowest slowly'],
    ['more greater most', 'less fewer least'],
    ['big bigger large larger', 'small smaller'],
    ['hot hotter warm warmer', 'cold colder cool cooler'],
    ['strong stronger', 'weak weaker'],
    ['thick thicker', 'thin thinner'],
    ['gain gains gained gaining', 'lose loses lost losing'],
    ['increase increases increased increasing', 'decrease decreases decreased decreasing'],
    ['same equal', 'different differ'],
    ['further farther apart', 'closer together'],
    ['parallel', 'perpendicular'],
    ['absorb absorbs absorbed', 'release releases released emit emits'],
    ['good', 'poor bad'],
    ['conductor conductors', 'insulator insulators'],
  ] as const;
  const out = new Map<string, string>();
  pairs.forEach(([a, b], i) => {
    for (const w of a.split(' ')) out.set(w, `${i}+`);
    for (const w of b.split(' ')) out.set(w, `${i}-`);
  });
  return out;
})();

/** Phrases end at clause punctuation, brackets and a spaced dash. */
const PHRASE_BREAKS = clauseBreaks(String.raw`[()]|\s[-–—]\s`);

function phrasesOf(text: string): TPhrase[] {
  const normal = normaliseText(foldScriptDigits(text));
  const out: TPhrase[] = [];
  for (const piece of normal.split(PHRASE_BREAKS)) {
    let current: TToken[] = [];
    // The phrase a "than" follows: the next phrase is what it is compared with.
    let compared: TPhrase | undefined;
    let thanNext = false;
    const flush = (next?: string) => {
      if (current.length > 0) {
        const at = current.findIndex((t) => t.isNegation);
        const phrase: TPhrase = {
          scope: new Set(
            at < 0
              ? []
              : current
                  .slice(at + 1)
                  .filter((t) => t.isContent)
                  .map((t) => t.stem),
          ),
          tokens: current,
          negated: current.some((t) => t.isNegation),
          stems: new Set(
            current.filter((t) => t.isContent && !RUBRIC_VERBS.has(t.stem)).map((t) => t.stem),
          ),
        };
        if (thanNext && compared) compared.than = phrase;
        out.push(phrase);
        compared = phrase;
      }
      thanNext = next === 'than';
      current = [];
    };
    for (const t of analyseNormalised(piece)) {
      if (BREAKS.has(t.word)) flush(t.word);
      else current.push(t);
    }
    flush();
  }
  return out;
}

/** Runs of word tokens in order, broken at clause punctuation and brackets. */
const RUN_BREAKS = clauseBreaks('[()]');

/** Word tokens in order, with a break (null) at punctuation. */
function wordRuns(text: string): string[][] {
  const normal = normaliseText(foldScriptDigits(text));
  return normal
    .split(RUN_BREAKS)
    .map((piece) => analyseNormalised(piece).map((t) => t.stem))
    .filter((run) => run.length > 0);
}

type TReference = {
  words: Set<string>;
  pairs: Set<string>;
  high: string[];
  highPhrases: TPhrase[];
  results: Map<string, Set<string>>;
  /** The substitutions the high band writes (`expr_25_times_0.2` for "substitutes 25 × 0.2"). */
  substitutions: Set<string>;
  /** Opposite pairs whose both words the high band uses. */
  bothPoles: Set<string>;
};

const referenceCache = new WeakMap<TQuestionModel, TReference>();

function referenceOf(model: TQuestionModel, referenceAnswer: string): TReference {
  const hit = referenceCache.get(model);
  if (hit) return hit;
  const { low, middle, high } = model.rubric;
  const all = wordRuns([model.question, low, middle, high, referenceAnswer].join('\n'));
  const words = new Set(all.flat());
  const pairs = new Set<string>();
  for (const run of all) for (let i = 1; i < run.length; i++) pairs.add(`${run[i - 1]} ${run[i]}`);
  const highText = high.trim() !== '' ? high : referenceAnswer;
  const results = new Map<string, Set<string>>();
  for (const q of quantitiesOf(foldScriptDigits(highText))) {
    const unit = q.token.slice(`qty_${q.value}_`.length);
    const set = results.get(unit) ?? new Set<string>();
    set.add(String(Number(q.value)));
    results.set(unit, set);
  }
  const poles = new Set<string>();
  for (const p of phrasesOf(highText)) {
    for (const t of p.tokens) {
      const pole = POLES.get(t.word);
      if (pole) poles.add(pole);
    }
  }
  const bothPoles = new Set(
    [...poles]
      .filter((p) => p.endsWith('+') && poles.has(p.replace('+', '-')))
      .map((p) => p.slice(0, -1)),
  );
  const reference: TReference = {
    substitutions: substitutionsOf(highText),
    bothPoles,
    words,
    pairs,
    high: wordRuns(highText).flat(),
    highPhrases: phrasesOf(highText).filter((p) => p.stems.size > 0),
    results,
  };
  referenceCache.set(model, reference);
  return reference;
}

/** A number worked on: an operator or an equals sign beside it ("12 / 4", "= 3"). */
const WORKING_RE = /\d\s*[=×÷*/+−–-]\s*[\d(]|=/;

/** Word tokens from which an answer is expected to read as sentences. */
const SENTENCE_FROM = 6;
/** Share of function words ("the", "is", "because") under which it does not. */
const FUNCTION_SHARE = 0.12;

/** Items of a list of names, at most this many words each... */
const ITEM_WORDS = 4;
/** ...and at least this many of them. */
const LIST_ITEMS = 5;

/**
 * Short items between commas, with no clause among them ("mutation, resistance, survival of the
 * fittest, genes, bacteria"): a list of names, whatever small words the names hold.
 */
function isShortItemList(answer: string): boolean {
  const items = withoutWorking(answer)
    .split(/[,;\n]|\band\b/)
    .map((p) => tokenise(normaliseText(p)).filter((w) => /[a-z]/.test(w)))
    .filter((p) => p.length > 0);
  return items.length >= LIST_ITEMS && items.every((p) => p.length <= ITEM_WORDS);
}

/**
 * True when an answer of several words has (almost) no function words: a list, not sentences. Its
 * working is left out first (`withoutWorking`): symbols and units are not words of a list. The
 * confidence's 'unsure: no sentence' (`confidence.ts`).
 */
export function lacksSentences(answer: string): boolean {
  const words = tokenise(normaliseText(withoutWorking(answer))).filter((w) => /[a-z]/.test(w));
  if (words.length < SENTENCE_FROM) return false;
  const functionWords = words.filter((w) => isStopword(w)).length;
  return functionWords / words.length < FUNCTION_SHARE;
}

/**
 * The answer is a list, with no wording of its own to praise: words without sentences, or short
 * items between commas. Only the second reads a list of names such as "Name five ..." asks for, so
 * only the first is doubted (`confidence.ts`).
 */
export function readsAsList(answer: string): boolean {
  return lacksSentences(answer) || isShortItemList(answer);
}

/**
 * The answer is set out as sentences: one at least starts with a capital letter, ends with a full
 * stop (or ! or ?) and holds three words or more ("Mass stays the same. Gravity is stronger on
 * Earth."). Words the gaming reading finds in no order of a sentence, set out so, are more likely an
 * honest short sentence than a shuffle of the rubric's words.
 */
export function writtenAsSentences(answer: string): boolean {
  return /(?:^|[.!?]\s+)[A-Z][a-z]*(?:\s+[^\s.!?]+){2,}[.!?](?:\s|$)/.test(answer.trim());
}

/**
 * Words listed with (almost) none of the small words a sentence holds ("ice less dense liquid water
 * molecules further apart"), and no working: a list, not a statement.
 */
function isBareList(answer: string): boolean {
  if (WORKING_RE.test(answer)) return false;
  const tokens = analyseNormalised(normaliseText(foldScriptDigits(answer)));
  if (tokens.length < 6) return false;
  const words = tokens.filter((t) => /^[a-z]{2,}$/.test(t.word));
  if (words.length < 3) return false;
  const small = words.filter((t) => !t.isContent).length;
  return small / words.length < 0.15;
}

/** The answer is the question's and rubric's words in an order that is not theirs. */
function hasNoSentenceOfItsOwn(answer: string, runs: string[][], ref: TReference): boolean {
  const words = runs.flat();
  if (words.length < 5) return false;
  // Working ("P = V x I = 12 x 2 = 24 W") is no sentence, nor meant to be one.
  const realWords = (answer.match(/\p{L}{3,}/gu) ?? []).length;
  if (WORKING_RE.test(answer) && realWords <= 3) return false;
  const known = words.filter((w) => ref.words.has(w)).length / words.length;
  if (known < 0.9) return false;
  if (isBareList(answer)) return true;
  // Each word after the first in a phrase is a pair; each break between phrases a pair missed.
  let pairs = 0;
  let matched = 0;
  for (const run of runs) {
    for (let i = 1; i < run.length; i++) {
      pairs++;
      if (ref.pairs.has(`${run[i - 1]} ${run[i]}`)) matched++;
    }
  }
  const slots = pairs + (runs.length - 1);
  return slots > 0 && matched / slots < 0.4;
}

/** One unbroken run of the high band's words makes up the answer and most of the band. */
function copiesScoringText(runs: string[][], ref: TReference): boolean {
  const answer = runs.flat();
  const high = ref.high;
  if (answer.length < 4 || high.length === 0) return false;
  // Longest common run (dynamic programming over two short lists).
  let best = 0;
  let previous = new Array<number>(high.length + 1).fill(0);
  for (let i = 1; i <= answer.length; i++) {
    const row = new Array<number>(high.length + 1).fill(0);
    for (let j = 1; j <= high.length; j++) {
      if (answer[i - 1] === high[j - 1]) {
        row[j] = (previous[j - 1] ?? 0) + 1;
        if ((row[j] ?? 0) > best) best = row[j] ?? 0;
      }
    }
    previous = row;
  }
  return best >= 0.8 * answer.length && best >= 0.6 * high.length;
}

function share(a: Set<string>, b: Set<string>): number {
  if (b.size === 0) return 0;
  let n = 0;
  for (const s of b) if (a.has(s)) n++;
  return n / b.size;
}

/**
 * How many opposite pairs the phrase turns round against the rubric's phrase (a word for the other
 * pole of one of its words). A pair the rubric's high band uses both words of ("decreases as ...
 * increases") is left out: which of the two is said tells nothing alone.
 */
function oppositeWords(phrase: TPhrase, rubric: TPhrase, bothPoles: ReadonlySet<string>): number {
  const rubricPoles = new Set<string>();
  for (const t of rubric.tokens) {
    const pole = POLES.get(t.word);
    if (pole) rubricPoles.add(pole);
  }
  const turned = new Set<string>();
  for (const t of phrase.tokens) {
    const pole = POLES.get(t.word);
    if (!pole || rubricPoles.has(pole) || bothPoles.has(pole.slice(0, -1))) continue;
    const other = pole.endsWith('+') ? pole.replace('+', '-') : pole.replace('-', '+');
    if (rubricPoles.has(other)) turned.add(pole.slice(0, -1));
  }
  // "closer together" for "further apart" is one turn.
  return turned.size;
}

/** The stems of each phrase that no other phrase of the rubric has (all of them when none). */
function distinctiveStems(rubric: TPhrase[]): Set<string>[] {
  return rubric.map((r, i) => {
    const own = [...r.stems].filter((s) => !rubric.some((o, j) => j !== i && o.stems.has(s)));
    return new Set(own.length > 0 ? own : r.stems);
  });
}

/**
 * The answer says the rubric's phrases the other way round more than it says them right: each
 * phrase of the rubric, weighed by its words, is denied when a phrase of the answer holds a third
 * of its own words with an odd number of turns (a negation governing shared words, an opposite
 * word), affirmed when one holds half of them with none.
 */
function contradictsRubric(answer: TPhrase[], ref: TReference): boolean {
  const rubric = ref.highPhrases;
  const distinct = distinctiveStems(rubric);
  let denied = 0;
  let affirmed = 0;
  for (const [i, r] of rubric.entries()) {
    const own = distinct[i] ?? r.stems;
    // Where the rubric says the same thing both with and without a negation ("no ACK" of one
    // class, "with ACK" of another), a negation tells nothing about this phrase.
    const bothWays = rubric.some(
      (o, j) => j !== i && o.negated !== r.negated && share(o.stems, r.stems) >= 0.5,
    );
    let yes = false;
    let no = false;
    for (const a of answer) {
      const overlap = share(a.stems, own);
      if (overlap < 0.34) continue;
      // A negation turns the phrase round only where it governs words both phrases hold.
      const negatedSide = a.negated ? a : r;
      const negationMeets = [...negatedSide.scope].some((s) => a.stems.has(s) && r.stems.has(s));
      const turns =
        oppositeWords(a, r, ref.bothPoles) +
        (comparedTheOtherWay(a, r) ? 1 : 0) +
        (a.negated !== r.negated && !bothWays && negationMeets ? 1 : 0);
      if (turns % 2 === 1) {
        // Only a phrase built of the question's and rubric's own words is read as turning the
        // rubric round: pupils who say in their own words what a procedure "does not tell" mean
        // something else by the negation.
        if (borrowed(a, ref)) no = true;
      } else if (overlap >= 0.5) {
        yes = true;
      }
    }
    if (no && !yes) denied += r.stems.size;
    else if (yes) affirmed += r.stems.size;
  }
  // Turned round at least as much as said right: a long answer that gets most of the rubric right
  // and one phrase wrong is marked on its points, not doubted.
  return denied > 0 && denied >= affirmed;
}

/** Every word of the phrase but its opposite words is a word of the question or rubric. */
function borrowed(a: TPhrase, ref: TReference): boolean {
  return a.tokens.every((t) => !t.isContent || POLES.has(t.word) || ref.words.has(t.stem));
}

/**
 * The two sides of a comparison swapped: "faster in air than in steel" for "faster in steel than in
 * air" (each side holds a word the rubric puts on the other).
 */
function comparedTheOtherWay(a: TPhrase, r: TPhrase): boolean {
  if (!a.than || !r.than) return false;
  const only = (x: Set<string>, y: Set<string>) => [...x].filter((s) => !y.has(s));
  const rLeft = only(r.stems, r.than.stems);
  const rRight = only(r.than.stems, r.stems);
  return rRight.some((s) => a.stems.has(s)) && rLeft.some((s) => a.than?.stems.has(s));
}

/**
 * The written value is the rubric's, or the rubric's rounded to as many decimals as it was written
 * with ("57 s" or "56.95 s" for "56.9512 s"; "0.33 A" is not "3 A").
 */
function isValueOf(written: string, values: ReadonlySet<string>): boolean {
  const value = Number(written);
  const decimals = written.split('.')[1]?.length ?? 0;
  for (const v of values) {
    if (Number(v) === value) return true;
    if (Math.abs(Number(Number(v).toFixed(decimals)) - value) < 1e-9) return true;
  }
  return false;
}

/** A value with the unit of a result of the rubric that is none of the rubric's values for it. */
function statesOtherValues(answer: string, ref: TReference): boolean {
  if (ref.results.size === 0) return false;
  let other = false;
  let right = false;
  for (const q of quantitiesOf(foldScriptDigits(answer))) {
    const unit = q.token.slice(`qty_${q.value}_`.length);
    const values = ref.results.get(unit);
    if (!values) continue;
    if (isValueOf(q.value, values)) right = true;
    else other = true;
  }
  return other && !right;
}

/** The numbers put into a calculation, in their order ("25 × 0.2": `expr_25_times_0.2`). */
function substitutionsOf(text: string): Set<string> {
  return new Set(
    tokenise(normaliseText(text, { quantities: true })).filter((t) => t.startsWith('expr_')),
  );
}

/** Reads one answer for the kinds of gaming above. */
export function readGaming(
  model: TQuestionModel,
  referenceAnswer: string,
  answer: string,
): TGamingReading {
  const ref = referenceOf(model, referenceAnswer);
  const runs = wordRuns(answer);
  const doubts: TMarkDoubt[] = [];
  if (hasNoSentenceOfItsOwn(answer, runs, ref)) doubts.push(MARK_DOUBTS.noSentence);
  else if (copiesScoringText(runs, ref)) doubts.push(MARK_DOUBTS.copiesRubric);
  const phrases = phrasesOf(answer);
  const saysAgainst = contradictsRubric(phrases, ref);
  const otherValue = statesOtherValues(answer, ref);
  if (saysAgainst || otherValue) doubts.push(MARK_DOUBTS.contradictsRubric);
  // A slip in the arithmetic: the rubric's own substitution worked out to another value keeps the
  // marks of its method (the teacher reads the doubt); swapped values are another substitution.
  const slip =
    otherValue &&
    !saysAgainst &&
    doubts.length === 1 &&
    [...substitutionsOf(answer)].some((s) => ref.substitutions.has(s));
  return {
    doubts,
    capsToLowBand:
      model.rubric.isTeacherStyle && !slip && doubts.some((d) => d !== MARK_DOUBTS.copiesRubric),
  };
}
