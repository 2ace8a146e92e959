import { legibilityOf, type TVocabulary } from './legibility';
import { spellingOf } from './word-list';
import { wordRelation } from './word-relations';
import {
  matchesOf,
  DERIVATION_MATCH,
  derivationMatchesOf,
  type TKeyPointModel,
  type TQuestionModel,
} from './question-model';
import {
  analyseNormalised,
  isStopword,
  MAX_TEXT_CHARS,
  normaliseText,
  foldScriptDigits,
  lawWordsOf,
  NUMBER_RE,
  stemWord,
  type TToken,
} from './text';

/**
 * The evidence the offline marker reads in one answer: which key points it covers and how well,
 * how much of it only restates the question, how much is on topic at all, and its length.
 */

export type TPointCoverage = {
  point: TKeyPointModel;
  /** 0..1: weighted share of the point's terms found in the answer (near spellings count 0.8). */
  coverage: number;
  /** The same, inside the best window of consecutive sentences (scattered words count less). */
  local: number;
  /** The answer negates the matched terms where the key point does not, or says them of another subject. */
  contradicted: boolean;
  /**
   * The point's words said of another subject of the rubric instead of its own ("Weight is the
   * amount of matter" for "Mass is the amount of matter"): that subject's word, or null.
   */
  swappedWith: string | null;
  /** The answer states the point's direction or comparison the other way round. */
  reversed: boolean;
  /**
   * A word of the point is exchanged, in a clause that otherwise lines up with the rubric's, for a
   * word that is no paraphrase of it ("transports sugar and mineral ions" for "water and mineral
   * ions"), or a negative point is said without its negation ("it conducts heat to your hand" for
   * "it does not conduct heat to your hand"): the point may be said wrongly, which the teacher
   * should see (`substitutedPoints`, `affirmedNegativePoints`).
   */
  exchanged: boolean;
};

export type TEvidence = {
  /** The answer as read (capped at MAX_TEXT_CHARS). */
  answer: string;
  isBlank: boolean;
  words: number;
  /** Content words that read (OCR garbage such as "crgplasn" is left out). */
  contentWords: number;
  distinctContent: number;
  /** Distinct content stems of the answer's readable words. */
  stems: Set<string>;
  /**
   * 0..1: share of the answer's tokens that read as words, numbers, names or formulas
   * (`legibility.ts`); about 1 for typed text, misspellings included, lower for garbled OCR.
   */
  legibility: number;
  points: TPointCoverage[];
  /** Share of the answer's distinct content stems that the question already contains. */
  questionOverlap: number;
  /** Share of the answer's distinct content stems found in the question, rubric or reference. */
  topicOverlap: number;
  /** Share of the rubric's answer vocabulary (not in the question) the answer uses. */
  answerVocabRecall: number;
  /** Number of distinct answer-vocabulary stems the answer uses. */
  answerVocabHits: number;
  /** Signs of supported reasoning: "because", "for example", quotations, numbers from data. */
  supportMarkers: number;
  /** Capitalised words inside sentences (names, places: specific details from a text). */
  properNouns: number;
  /** Quotation marks (quoted evidence). */
  quotes: number;
  /** Distinct numbers of the question (data values) the answer cites. */
  citedNumbers: number;
};

const NON_ANSWER_RE =
  /^(?:n\/?a|nsr|none|no|nothing|idk|i ?do ?n[o']?t know|do not know|dont know|don't know|i do not understand|i don'?t understand|no idea|not sure|\?+|-+|\.+|blank|empty|no response|no answer|empty submission)[.!?]*$/i;

/** True for an empty answer or a non-answer ("I don't know", "NSR", "no response"). */
export function isNonAnswer(answer: string): boolean {
  const t = answer.trim().replace(/\s+/g, ' ');
  if (t.length === 0) return true;
  if (NON_ANSWER_RE.test(t)) return true;
  return !/[a-z0-9]/i.test(t);
}

type TAnswerView = {
  /** Best match strength per question term (index in `model.terms`); absent terms are missing. */
  termScores: Map<number, number>;
  bigrams: Set<string>;
};

/**
 * Best match per question term over the tokens. A near spelling counts only on a token that reads
 * as a word: OCR garbage ("franslation" for "translation") is no student's spelling of the term.
 */
function viewOf(
  model: TQuestionModel,
  tokens: readonly TToken[],
  garbage: ReadonlySet<string>,
): TAnswerView {
  const termScores = new Map<number, number>();
  const bigrams = new Set<string>();
  const seen = new Set<string>();
  let previous: string | undefined;
  for (const t of tokens) {
    if (!t.isContent) continue;
    if (previous !== undefined) bigrams.add(`${previous} ${t.stem}`);
    previous = t.stem;
    const isGarbage = garbage.has(t.word);
    const key = isGarbage ? `\u0000${t.stem}` : t.stem;
    if (seen.has(key)) continue;
    seen.add(key);
    const matches = matchesOf(model, t.stem);
    for (const [index, strength] of matches) {
      if (isGarbage && strength < 1) continue;
      if (strength > (termScores.get(index) ?? 0)) termScores.set(index, strength);
    }
    // A derivation the stemmer does not join ("density" for "dense") is the rubric's word.
    if (isGarbage || matches.some(([, strength]) => strength >= 1)) continue;
    for (const index of derivationMatchesOf(model, t.word)) {
      if (DERIVATION_MATCH > (termScores.get(index) ?? 0)) termScores.set(index, DERIVATION_MATCH);
    }
  }
  return { termScores, bigrams };
}

/** The question's own words count as words whatever the word list says ("anticodon", "IPv6"). */
function vocabularyOf(model: TQuestionModel): TVocabulary {
  return { has: (word) => model.topicStems.has(stemWord(word)) };
}

/**
 * Coverage of one key point by an answer view, with a phrase bonus for shared bigrams. The point is
 * negated when a negation governs half of its matched words, or one of them in `turnsOn`.
 */
function coverage(
  point: TKeyPointModel,
  view: TAnswerView,
  negated: ReadonlySet<string>,
  turnsOn: ReadonlySet<string> = new Set(),
): { value: number; negated: boolean } {
  if (point.totalWeight <= 0) return { value: 0, negated: false };
  let got = 0;
  let negatedHits = 0;
  let hits = 0;
  let turned = false;
  for (const term of point.terms) {
    let m = view.termScores.get(term.index) ?? 0;
    for (const a of term.alternatives ?? []) m = Math.max(m, view.termScores.get(a) ?? 0);
    if (m > 0) {
      got += term.weight * m;
      hits++;
      if (negated.has(term.stem)) {
        negatedHits++;
        if (turnsOn.has(term.stem)) turned = true;
      }
    }
  }
  let value = got / point.totalWeight;
  let shared = 0;
  for (const b of point.bigrams) if (view.bigrams.has(b)) shared++;
  if (point.bigrams.size > 0) value = Math.min(1, value + (0.15 * shared) / point.bigrams.size);
  const isNegated =
    hits > 0 && !point.isNegative && (negatedHits >= Math.max(1, Math.ceil(hits / 2)) || turned);
  return { value, negated: isNegated };
}

const SUBJECT_CLAUSE_RE =
  /^(?:the |an? )?[a-z]+(?: [a-z]+)? (?:is|are|was|were|has|have|does|do|stays|remains|depends|acts|can|will)\b/i;

/** Opposite words of a comparison or a direction, by the pole each stands for. */
const POLES: Readonly<Record<string, string>> = (() => {
  const out: Record<string, string> = {};
  const pairs = [
    ['high higher highest', 'low lower lowest'],
    ['fast faster fastest quicker quickly', 'slow slower slowest slowly'],
    ['more greater', 'less fewer'],
    ['big bigger biggest large larger largest', 'small smaller smallest'],
    ['hot hotter warm warmer', 'cold colder cool cooler'],
    ['strong stronger', 'weak weaker'],
    ['dense denser', 'sparse'],
    ['concentrated', 'dilute'],
    ['long longer', 'short shorter'],
    ['heavy heavier', 'light lighter'],
    ['inside', 'outside'],
  ] as const;
  pairs.forEach(([a, b], i) => {
    for (const w of a.split(' ')) out[w] = `${i}+`;
    for (const w of b.split(' ')) out[w] = `${i}-`;
  });
  return out;
})();

/** The stems of the pole words: the words a comparison or a direction turns on. */
const POLE_STEMS: ReadonlySet<string> = new Set(Object.keys(POLES).map((w) => stemWord(w)));

/** The pole a word stands for (an own property only: "constructor" is no word of a pair). */
const poleOf = (word: string): string | undefined =>
  Object.hasOwn(POLES, word) ? POLES[word] : undefined;

const opposite = (pole: string) =>
  pole.endsWith('+') ? pole.replace('+', '-') : pole.replace('-', '+');

/**
 * The orders a text states: "from higher concentration to lower" (from a pole to a pole) and
 * "faster in steel than in air" (a pole, then what has it more, then what has it less). Each as a
 * key that its reverse also produces with the opposite meaning.
 */
function ordersOf(text: string): { key: string; reverse: string }[] {
  const lower = text.toLowerCase();
  const out: { key: string; reverse: string }[] = [];
  const FROM_TO =
    /\bfrom (?:an? |the )?(?:area |region |place |side )?(?:of |with )?(?:a )?([a-z]+)\b[^.;,]{0,40}?\bto (?:an? |the )?(?:area |region |place |side )?(?:of |with )?(?:a )?([a-z]+)\b/g;
  for (const m of lower.matchAll(FROM_TO)) {
    const a = POLES[m[1] ?? ''];
    const b = POLES[m[2] ?? ''];
    if (a && b && a === opposite(b))
      out.push({ key: `from ${a} to ${b}`, reverse: `from ${b} to ${a}` });
  }
  const THAN =
    /\b(?:more |less )?([a-z]+) (?:in|through|on|at|for) (?:an? |the )?([a-z]+)\b[^.;,]{0,20}?\bthan (?:it does |they do |it is )?(?:in|through|on|at|for)? ?(?:an? |the )?([a-z]+)\b/g;
  for (const m of lower.matchAll(THAN)) {
    const pole = POLES[m[1] ?? ''];
    const x = stemWord(m[2] ?? '');
    const y = stemWord(m[3] ?? '');
    if (!pole || x === y) continue;
    out.push({ key: `${pole} ${x} ${y}`, reverse: `${pole} ${y} ${x}` });
    out.push({ key: `${opposite(pole)} ${y} ${x}`, reverse: `${opposite(pole)} ${x} ${y}` });
  }
  out.push(...covariationsOf(text));
  return out;
}

const CHANGE = String.raw`(increase|decrease|rise|fall|drop|reduce|go up|go down)(?:s|d|es)?`;
/**
 * "The resistance decreases as the temperature increases" (read after the phrase rewrites, so "it
 * gets lower when hotter" says the same): what changes, and whether with or against the change it
 * goes with. "It" stands for the question's quantity, so each key also exists without it.
 */
const COVARIATION_RE = new RegExp(
  String.raw`\b([a-z]+) ${CHANGE}\b[^.;,]{0,30}?\b(?:as|when|if|while) (?:the |it |its )?([a-z]+)?\s?${CHANGE}\b`,
  'g',
);
const PRONOUNS = new Set(['it', 'they', 'this', 'that']);
const changeSign = (verb: string) => (/^(?:increase|rise|go up)/.test(verb) ? 1 : -1);

const QUESTION_CONDITION_RE = new RegExp(
  String.raw`\b(?:as|when|if) (?:the )?([a-z]+ ${CHANGE})\b`,
);

/**
 * "The resistance increases", to "how does the resistance change as the temperature increases?":
 * the answer's change under the question's own condition.
 */
function impliedCovariations(
  model: TQuestionModel,
  answer: string,
): { key: string; reverse: string }[] {
  const condition = QUESTION_CONDITION_RE.exec(normaliseText(model.question))?.[1];
  if (!condition) return [];
  const normal = normaliseText(answer);
  if (/\b(?:as|when|if|while)\b/.test(normal)) return [];
  const change = new RegExp(String.raw`\b[a-z]+ ${CHANGE}\b`).exec(normal);
  return change ? covariationsOf(`${change[0]} as ${condition}`) : [];
}

function covariationsOf(text: string): { key: string; reverse: string }[] {
  const normal = normaliseText(text);
  const out: { key: string; reverse: string }[] = [];
  for (const m of normal.matchAll(COVARIATION_RE)) {
    const x = m[1] ?? '';
    const y = m[3] ?? '';
    if (!y || PRONOUNS.has(y)) continue;
    const same = changeSign(m[2] ?? '') === changeSign(m[4] ?? '');
    const along = (sign: boolean) => (sign ? 'with' : 'against');
    const ys = stemWord(y);
    const keys = [`* ${ys}`];
    if (!PRONOUNS.has(x)) keys.push(`${stemWord(x)} ${ys}`);
    for (const k of keys) {
      out.push({ key: `${k} ${along(same)}`, reverse: `${k} ${along(!same)}` });
    }
  }
  return out;
}

const orderCache = new WeakMap<TQuestionModel, { key: string; reverse: string }[][]>();

/**
 * Key points whose order the answer states the other way round: "from low concentration to high"
 * for "from higher concentration to lower", "faster in air than in steel" (or "slower in steel than
 * in air") for "faster in steel than in air". Words alone read the same either way.
 */
function reversedPoints(model: TQuestionModel, answer: string): Set<number> {
  let orders = orderCache.get(model);
  if (!orders) {
    orders = model.keyPoints.map((p) => ordersOf(p.text));
    orderCache.set(model, orders);
  }
  const out = new Set<number>();
  if (orders.every((o) => o.length === 0)) return out;
  const said = new Set(
    [...ordersOf(answer), ...impliedCovariations(model, answer)].map((o) => o.key),
  );
  orders.forEach((pointOrders, i) => {
    const right = pointOrders.some((o) => said.has(o.key));
    const wrong = pointOrders.some((o) => said.has(o.reverse));
    if (wrong && !right) out.add(i);
  });
  return out;
}

/** Words that open where a thing moves from ("out of the blood") or to ("into the air"). */
const SOURCE_RE = /^(?:away from|out of|from|leaves?|leaving|left|exits?|exiting)$/;
const GOAL_RE = /^(?:into|towards?|onto|reaches?|reaching|enters?|entering)$/;
/** Words between the preposition and its noun that say nothing of which noun it is. */
const DETERMINERS = new Set(['the', 'a', 'an', 'my', 'your', 'his', 'her', 'its', 'our', 'their']);
/** Nouns of place that name no thing ("from an area of high concentration": the order's poles). */
const PLACE_WORDS = new Set(['area', 'region', 'place', 'side', 'part', 'point', 'end', 'one']);

type TRoles = { roles: Map<string, 'from' | 'to'>; content: Set<string> };

/**
 * The things a clause says something moves from or to ("from the air", "out of the blood", "into
 * the alveoli", "towards the normal", "to the surroundings"), each as the stems of up to two content
 * words after the preposition, with the clause's content stems. "to" counts only before a
 * determiner ("to the muscles", not "to deliver").
 */
function rolesOf(clause: string): TRoles {
  const words = clause.split(/\s+/).filter((w) => w.length > 0);
  const roles = new Map<string, 'from' | 'to'>();
  const content = new Set<string>();
  for (const t of analyseNormalised(clause)) if (t.isContent) content.add(t.stem);
  for (let i = 0; i < words.length; i++) {
    const two = `${words[i]} ${words[i + 1] ?? ''}`;
    let role: 'from' | 'to' | undefined;
    let at = i + 1;
    if (SOURCE_RE.test(two)) {
      role = 'from';
      at = i + 2;
    } else if (SOURCE_RE.test(words[i] ?? '')) role = 'from';
    else if (GOAL_RE.test(words[i] ?? '')) role = 'to';
    else if (words[i] === 'to' && DETERMINERS.has(words[i + 1] ?? '')) role = 'to';
    if (!role) continue;
    while (DETERMINERS.has(words[at] ?? '')) at++;
    if (PLACE_WORDS.has(words[at] ?? '')) continue;
    const noun: string[] = [];
    for (let k = at; k < words.length && noun.length < 2; k++) {
      const t = analyseNormalised(words[k] ?? '')[0];
      if (!t || !t.isContent || poleOf(t.word)) break;
      noun.push(t.stem);
    }
    if (noun.length > 0) roles.set(noun.join(' '), role);
  }
  return { roles, content };
}

const rolesCache = new WeakMap<TQuestionModel, TRoles[][]>();

/**
 * Key points whose direction the answer turns round: a clause that says most of a point's words
 * (three fifths of its content stems, the moved-to or moved-from thing left out) says the point
 * moves something from a thing the point moves it to, or to a thing the point moves it from ("the
 * leaf gives out carbon dioxide into the air" for "takes in carbon dioxide from the air"), and no
 * clause of the answer says it the point's way.
 */
function turnedPoints(model: TQuestionModel, normalised: string): Set<number> {
  let points = rolesCache.get(model);
  if (!points) {
    points = model.keyPoints.map((p) =>
      normaliseText(p.text)
        .split(/[.,;:!?\n]+/)
        .map(rolesOf)
        .filter((r) => r.roles.size > 0),
    );
    rolesCache.set(model, points);
  }
  const out = new Set<number>();
  if (points.every((p) => p.length === 0)) return out;
  const clauses = normalised.split(/[.,;:!?\n]+/).map(rolesOf);
  points.forEach((pointClauses, i) => {
    let turned = false;
    let kept = false;
    for (const r of pointClauses) {
      for (const [noun, role] of r.roles) {
        const nounStems = new Set(noun.split(' '));
        const others = [...r.content].filter((s) => !nounStems.has(s));
        for (const c of clauses) {
          const said = c.roles.get(noun);
          if (!said) continue;
          if (said === role) kept = true;
          else if (
            others.length > 0 &&
            others.filter((s) => c.content.has(s)).length >= 0.6 * others.length
          )
            turned = true;
        }
      }
    }
    if (turned && !kept) out.add(i);
  });
  return out;
}

/**
 * A clause of a text between punctuation: its words in order (content words by stem, articles left
 * out), which of them are content words, and whether it negates.
 */
type TSegment = { stems: string[]; content: Set<string>; negated: boolean; poles: Set<string> };

const ARTICLES = new Set(['a', 'an', 'the']);
/** Words that only join parts of a list: parts on either side of them alone are no statement. */
const LIST_JOINERS = new Set(['and', 'or', 'nor', 'plus']);

/**
 * The clauses of a text. A bracket is an aside inside its clause ("carbon dioxide (CO2) and gives
 * out oxygen" is one clause), not the end of one.
 */
function segmentsOf(normalised: string): TSegment[] {
  return normalised
    .split(/[.,;:!?\n]+/)
    .map((piece) => {
      const tokens = analyseNormalised(piece.replace(/[()]/g, ' ')).filter(
        (t) => !ARTICLES.has(t.word),
      );
      return {
        stems: tokens.map((t) => (t.isContent ? t.stem : t.word)),
        content: new Set(tokens.filter((t) => t.isContent).map((t) => t.stem)),
        negated: tokens.some((t) => t.isNegation),
        poles: new Set(tokens.flatMap((t) => poleOf(t.word) ?? [])),
      };
    })
    .filter((s) => s.content.size > 0);
}

/** True when `stems` holds `part` from position `at`. */
function holdsAt(stems: readonly string[], part: readonly string[], at: number): boolean {
  if (at < 0 || at + part.length > stems.length) return false;
  return part.every((s, k) => stems[at + k] === s);
}

/**
 * The ways a clause of the answer says a clause of the rubric with two of its parts exchanged
 * around the words between them: the rubric reads X R Y, the answer Y R X (R any words but list
 * joiners alone; X and Y each with a content word, not the same). Each way as its key ("X|R|Y").
 * Read from each word R can start with in both clauses, so the cost stays near their product.
 */
function swapsOf(p: TSegment, s: readonly string[]): Set<string> {
  const out = new Set<string>();
  const hasContent = (part: readonly string[]) => part.some((w) => p.content.has(w));
  const stems = p.stems;
  for (let j = 1; j < stems.length - 1; j++) {
    for (let t = 1; t < s.length - 1; t++) {
      for (let len = 1; j + len < stems.length && t + len < s.length; len++) {
        if (stems[j + len - 1] !== s[t + len - 1]) break;
        const r = stems.slice(j, j + len);
        if (r.every((w) => LIST_JOINERS.has(w))) continue;
        const k = j + len;
        // Y follows R in the rubric and comes before it in the answer; X the other way round.
        for (let yl = 1; yl <= Math.min(t, stems.length - k); yl++) {
          const y = stems.slice(k, k + yl);
          if (!holdsAt(s, y, t - yl) || !hasContent(y)) continue;
          for (let xl = 1; xl <= Math.min(j, s.length - t - len); xl++) {
            const x = stems.slice(j - xl, j);
            if (!holdsAt(s, x, t + len)) continue;
            if (!hasContent(x) || x.join(' ') === y.join(' ')) continue;
            out.add(`${x.join(' ')}|${r.join(' ')}|${y.join(' ')}`);
          }
        }
      }
    }
  }
  return out;
}

type TSource = TSegment & { points: { index: number; stems: Set<string> }[] };

const sourceCache = new WeakMap<TQuestionModel, TSource[]>();

/**
 * The clauses the key points come from: each point's own, and the teacher's high band's (a point
 * is often one half of its clause: "metal is a good thermal conductor" of "metal is a good thermal
 * conductor and wood is an insulator"), each with the points all of whose words it holds.
 */
function sourcesOf(model: TQuestionModel): TSource[] {
  const hit = sourceCache.get(model);
  if (hit) return hit;
  const points = model.keyPoints.map((p, index) => ({
    index,
    stems: new Set(
      segmentsOf(normaliseText(foldScriptDigits(p.text))).flatMap((g) => [...g.content]),
    ),
  }));
  const texts = [...model.keyPoints.map((p) => p.text), model.rubric.high];
  const out: TSource[] = [];
  for (const text of texts) {
    for (const segment of segmentsOf(normaliseText(foldScriptDigits(text)))) {
      const held = points.filter(
        (p) => p.stems.size > 0 && [...p.stems].every((s) => segment.content.has(s)),
      );
      if (held.length > 0) out.push({ ...segment, points: held });
    }
  }
  sourceCache.set(model, out);
  return out;
}

/**
 * Key points whose parts the answer exchanges around the rubric's own words: "Sound travels much
 * faster than light" for "light travels much faster than sound", "the same number of neutrons but
 * a different number of protons" for the reverse, "wood is a good thermal conductor and metal is an
 * insulator" for the reverse: the rubric's statement with its roles swapped, which its words alone
 * cannot tell from the statement. A clause that negates, or turns one of the rubric's words into
 * its opposite, is left alone ("sound does not travel faster than light", "sound travels slower in
 * air than in steel" say it right), and so are parts joined by "and" alone (no content word between: a
 * list), and a swap the answer also says the rubric's way. The points marked are those of the
 * rubric's clause that hold a word of a swapped part.
 */
function transposedPoints(model: TQuestionModel, normalised: string): Set<number> {
  const out = new Set<number>();
  const answer = segmentsOf(normalised);
  for (const p of sourcesOf(model)) {
    const swapped = new Set<string>();
    const kept = new Set<string>();
    const own = ` ${p.stems.join(' ')} `;
    let whole = false;
    for (const s of answer) {
      const said = ` ${s.stems.join(' ')} `;
      if (said.includes(own)) whole = true;
      // Two of the rubric clause's content words at least, or no swap of two parts.
      let shared = 0;
      for (const w of s.content) if (p.content.has(w)) shared++;
      if (shared < 2) continue;
      // A word turned into its opposite turns the swap back ("slower in air than in steel").
      const turned = [...s.poles].filter((q) => !p.poles.has(q) && p.poles.has(opposite(q)));
      if (s.negated !== p.negated || turned.length % 2 === 1) continue;
      for (const key of swapsOf(p, s.stems)) swapped.add(key);
    }
    if (whole) continue;
    // The same parts in the rubric's own order, in a clause of the answer.
    for (const key of swapped) {
      const [x, r, y] = key.split('|');
      if (answer.some((s) => ` ${s.stems.join(' ')} `.includes(` ${x} ${r} ${y} `))) kept.add(key);
    }
    for (const key of swapped) {
      if (kept.has(key)) continue;
      const [x = '', , y = ''] = key.split('|');
      const parts = new Set([...x.split(' '), ...y.split(' ')].filter((w) => p.content.has(w)));
      for (const point of p.points) {
        if ([...point.stems].some((st) => parts.has(st))) out.add(point.index);
      }
    }
  }
  return out;
}

/** A clause's content words in order (written form and stem), and whether it negates. */
type TWordClause = { words: string[]; stems: string[]; negated: boolean };

function wordClausesOf(normalised: string): TWordClause[] {
  return normalised
    .split(/[.,;:!?\n]+/)
    .map((piece) => {
      const tokens = analyseNormalised(piece.replace(/[()]/g, ' '));
      const content = tokens.filter((t) => t.isContent && /^[a-z]/.test(t.word));
      return {
        words: content.map((t) => t.word),
        stems: content.map((t) => t.stem),
        negated: tokens.some((t) => t.isNegation),
      };
    })
    .filter((c) => c.stems.length > 0);
}

/** Matched positions (rubric, answer) of a longest common subsequence of two stem lists. */
function commonRun(r: readonly string[], a: readonly string[]): [number, number][] {
  const table = r.map(() => new Array<number>(a.length + 1).fill(0));
  table.push(new Array<number>(a.length + 1).fill(0));
  for (let i = r.length - 1; i >= 0; i--) {
    const row = table[i] as number[];
    const below = table[i + 1] as number[];
    for (let j = a.length - 1; j >= 0; j--) {
      row[j] = r[i] === a[j] ? (below[j + 1] ?? 0) + 1 : Math.max(below[j] ?? 0, row[j + 1] ?? 0);
    }
  }
  const out: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < r.length && j < a.length) {
    if (r[i] === a[j]) {
      out.push([i, j]);
      i++;
      j++;
    } else if ((table[i + 1]?.[j] ?? 0) >= (table[i]?.[j + 1] ?? 0)) i++;
    else j++;
  }
  return out;
}

/** The share of the rubric clause's content words the answer's clause says in its order, at least. */
const SHARED = 0.5;

/** At most this many content words on either side of an exchange. */
const MAX_EXCHANGED = 2;

/** The written forms a gap's words may be named by: each word, and the gap as one ("carbon dioxide"). */
function namesOf(words: readonly string[]): string[] {
  return words.length > 1 ? [words.join(' '), ...words] : [...words];
}

/**
 * The rubric's words the answer exchanges for another thing of the same kind or its opposite, in a
 * clause that otherwise lines up with a clause of the rubric: "It produces calcium chloride, water
 * and hydrogen" for "... water and carbon dioxide" (two gases), "plastic is a conductor" for
 * "plastic is an insulator" (antonyms), "turns limewater clear" for "milky". The clauses share two
 * content words at least, in order; between two of them (or after the last, before the first), the
 * rubric has one or two words the answer does not, and the answer one or two the rubric's clause
 * does not; none of the answer's is a paraphrase of the rubric's (WordNet: the same synset, a direct
 * hypernym or hyponym, a derivation, a similar adjective), and one is an antonym or a sibling (a
 * noun or adjective under the same near hypernym; `word-relations.ts`). A clause that negates is
 * left to the negation rules, and so is a clause that says the rubric's words in another order.
 * Returns the key points of a rubric clause with a word so exchanged that no clause of the answer
 * says the rubric's way (the same contradicted points as a reversed order's).
 */
function substitutedPoints(
  model: TQuestionModel,
  normalised: string,
): { wrong: Set<number>; exchanged: Set<number> } {
  const out = new Set<number>();
  const exchangedOut = new Set<number>();
  const answer = wordClausesOf(normalised).filter((c) => !c.negated);
  if (answer.length === 0) return { wrong: out, exchanged: exchangedOut };
  const sources = substitutionSourcesOf(model);
  const linesUp = (run: readonly unknown[], source: TWordClause) =>
    run.length >= Math.max(2, SHARED * source.stems.length);
  const runs = answer.map((a) => sources.map((source) => commonRun(source.stems, a.stems)));
  // The positions of each answer clause that a rubric clause it lines up with says: a word said by
  // another clause of the rubric ("the light reaches us" of its own point) is exchanged for nothing.
  const placed = runs.map((row) => {
    const at = new Map<number, Set<number>>();
    row.forEach((run, i) => {
      const source = sources[i];
      if (!source || !linesUp(run, source)) return;
      for (const [, j] of run) at.set(j, (at.get(j) ?? new Set()).add(i));
    });
    return at;
  });
  for (const [i, source] of sources.entries()) {
    // Positions in the rubric's clause, not words: a clause that says "more" twice can have one
    // turned round and the other kept ("collide less often and more of the collisions react").
    const wrong = new Set<number>();
    const exchanged = new Set<number>();
    const right = new Set<number>();
    const own = new Set(source.stems);
    for (const [j, a] of answer.entries()) {
      const run = runs[j]?.[i] ?? [];
      // The clauses line up: two shared words at least, and half the rubric clause's.
      if (!linesUp(run, source)) continue;
      const elsewhere = (k: number) => [...(placed[j]?.get(k) ?? [])].some((o) => o !== i);
      for (const [r] of run) right.add(r);
      // The answer's words the rubric's clause does not say in order (a word the rubric says once
      // more in order is no reordering of it).
      const saidLeft = new Set(a.stems.filter((_, k) => !run.some(([, m]) => m === k)));
      const bounds: [number, number][] = [[-1, -1], ...run, [source.stems.length, a.stems.length]];
      const gaps = bounds.slice(1).map(([r1, a1], k) => {
        const [r0, a0] = bounds[k] as [number, number];
        return { r0, r1, a0, a1 };
      });
      // A clause that says the rubric's words in another order ("sound travels slower than
      // light"), or one of its alternatives, is no clause with a word exchanged.
      const reordered = gaps.some(
        ({ r0, r1, a0, a1 }) =>
          a.stems.slice(a0 + 1, a1).some((s) => own.has(s)) ||
          source.stems.slice(r0 + 1, r1).some((s) => saidLeft.has(s)),
      );
      if (reordered) continue;
      for (const { r0, r1, a0, a1 } of gaps) {
        const rs = source.stems.slice(r0 + 1, r1);
        if (rs.length === 0 || a1 - a0 - 1 === 0) continue;
        if (rs.length > MAX_EXCHANGED || a1 - a0 - 1 > MAX_EXCHANGED) continue;
        if (Array.from({ length: a1 - a0 - 1 }, (_, k) => a0 + 1 + k).some(elsewhere)) continue;
        const rubricNames = namesOf(source.words.slice(r0 + 1, r1));
        const answerNames = namesOf(a.words.slice(a0 + 1, a1));
        const relations = answerNames.flatMap((x) => rubricNames.map((y) => wordRelation(x, y)));
        if (relations.includes('same')) continue;
        const at = Array.from({ length: r1 - r0 - 1 }, (_, k) => r0 + 1 + k);
        if (relations.some((r) => r === 'opposite' || r === 'sibling')) {
          for (const r of at) wrong.add(r);
        } else if (rubricNames.length > 0 && answerNames.length > 0) {
          for (const r of at) exchanged.add(r);
        }
      }
    }
    const held = (positions: Set<number>, stems: Set<string>) =>
      [...positions].some((r) => !right.has(r) && stems.has(source.stems[r] ?? ''));
    for (const point of source.points) {
      if (held(wrong, point.stems)) out.add(point.index);
      else if (held(exchanged, point.stems)) exchangedOut.add(point.index);
    }
  }
  return { wrong: out, exchanged: exchangedOut };
}

/** The answer cut into statements: at punctuation and at the words that join two statements. */
const STATEMENT_CUT_RE = /[.,;:!?\n]+|\b(?:and|but|so|because|which|while|whilst|whereas|then)\b/;

/**
 * Negative key points of a teacher's rubric ("it does not conduct heat to your hand", "no current
 * flows") that the answer says without a negation ("it conducts heat to your hand"): a statement
 * of the answer holds every content word of the point (two at least) with no negation, and no
 * statement that holds them negates them.
 */
function affirmedNegativePoints(model: TQuestionModel, normalised: string): Set<number> {
  const out = new Set<number>();
  if (!model.rubric.isTeacherStyle) return out;
  const negative = model.keyPoints
    .map((point, index) => ({ point, index }))
    .filter(({ point }) => point.isNegative);
  if (negative.length === 0) return out;
  const statements = normalised.split(STATEMENT_CUT_RE).map((piece) => {
    const tokens = analyseNormalised(piece.replace(/[()]/g, ' '));
    return {
      stems: new Set(tokens.filter((t) => t.isContent).map((t) => t.stem)),
      denies: tokens.some((t) => t.isNegation),
    };
  });
  for (const { point, index } of negative) {
    const stems = new Set(point.terms.map((t) => t.stem));
    if (stems.size < 2) continue;
    const holding = statements.filter((st) => [...stems].every((x) => st.stems.has(x)));
    if (holding.length > 0 && holding.every((st) => !st.denies)) out.add(index);
  }
  return out;
}

type TSubstitutionSource = TWordClause & { points: { index: number; stems: Set<string> }[] };

const substitutionSourceCache = new WeakMap<TQuestionModel, TSubstitutionSource[]>();

/** The clauses of the key points and of the high band, each with the points all of whose words it holds. */
function substitutionSourcesOf(model: TQuestionModel): TSubstitutionSource[] {
  const hit = substitutionSourceCache.get(model);
  if (hit) return hit;
  const points = model.keyPoints.map((p, index) => ({
    index,
    stems: new Set(wordClausesOf(normaliseText(foldScriptDigits(p.text))).flatMap((c) => c.stems)),
  }));
  const out: TSubstitutionSource[] = [];
  for (const text of [...model.keyPoints.map((p) => p.text), model.rubric.high]) {
    for (const clause of wordClausesOf(normaliseText(foldScriptDigits(text)))) {
      if (clause.negated) continue;
      const held = points.filter(
        (p) => p.stems.size > 0 && [...p.stems].every((s) => clause.stems.includes(s)),
      );
      if (held.length > 0) out.push({ ...clause, points: held });
    }
  }
  substitutionSourceCache.set(model, out);
  return out;
}

/** Words that join two statements in one sentence. */
const CLAUSE_JOINERS = new Set(['and', 'but', 'whereas', 'while', 'whilst']);

type TPointSubject = { stem: string; predicate: TKeyPointModel['terms'] };

type TPointSubjects = { points: (TPointSubject | null)[]; openers: Set<string> };

const pointSubjectCache = new WeakMap<TQuestionModel, TPointSubjects>();

/**
 * What each key point speaks of, when it opens with it ("Mass is the amount of matter": mass), and
 * the rest of its terms less every point's subject and the question's words (its predicate:
 * amount, matter); and every subject a point opens with ("animal cells do not": animal).
 */
function pointSubjectsOf(model: TQuestionModel): TPointSubjects {
  const cached = pointSubjectCache.get(model);
  if (cached) return cached;
  const opening = model.keyPoints.map((point) => {
    // Only a statement about one thing: "Mass is ...", "the weight does ..." (not "leaving a lake").
    if (!SUBJECT_CLAUSE_RE.test(point.text.trim())) return null;
    const tokens = analyseNormalised(normaliseText(point.text));
    const first = tokens.findIndex((t) => t.isContent);
    return first >= 0 && first <= 1 ? (tokens[first]?.stem ?? null) : null;
  });
  const openers = new Set(opening.filter((s): s is string => s !== null));
  // The two things a question sets against each other ("between plant cells and animal cells").
  const pair =
    /\b(?:between|compare|contrast)\s+(?:the\s+)?([a-z]+)\b[^?.]*?\band\s+(?:the\s+)?([a-z]+)\b/i.exec(
      model.question,
    );
  if (pair && openers.size > 0) {
    for (const word of [pair[1], pair[2]]) if (word) openers.add(stemWord(word.toLowerCase()));
  }
  const points = model.keyPoints.map((point, i) => {
    const stem = opening[i];
    if (!stem || openers.size < 2) return null;
    // The question's words say what the points are about, not what each says of it.
    const predicate = point.terms.filter(
      (t) => !openers.has(t.stem) && !model.questionStems.has(t.stem),
    );
    return predicate.length > 0 ? { stem, predicate } : null;
  });
  const out = { points, openers };
  pointSubjectCache.set(model, out);
  return out;
}

/** Weighted share of `terms` found in `view`. */
function shareOf(terms: TKeyPointModel['terms'], view: TAnswerView): number {
  let got = 0;
  let total = 0;
  for (const term of terms) {
    let m = view.termScores.get(term.index) ?? 0;
    for (const a of term.alternatives ?? []) m = Math.max(m, view.termScores.get(a) ?? 0);
    got += term.weight * m;
    total += term.weight;
  }
  return total > 0 ? got / total : 0;
}

/**
 * Key points whose words the answer says of another subject of the rubric, never of the point's
 * own: a pupil who confuses mass and weight writes "Weight is the amount of matter" for the
 * rubric's "Mass is the amount of matter". Read sentence by sentence: a sentence that opens with
 * another point's subject, does not name this point's, and holds most of its predicate is a swap,
 * unless another sentence says it of the right subject.
 */
function swappedPoints(
  model: TQuestionModel,
  sentences: readonly TToken[][],
  garbage: ReadonlySet<string>,
): Map<number, string> {
  const out = new Map<number, string>();
  const { points: subjects, openers: rivals } = pointSubjectsOf(model);
  if (sentences.length === 0 || subjects.every((s) => s === null)) return out;
  // Clause by clause: "Animal cells have a cell wall and plant cells do not" is two statements.
  // A clause that opens without one of the rubric's subjects ("and it does not change") speaks of
  // the subject of the clause before it.
  const clauses = sentences.flatMap((tokens) => {
    const out: TToken[][] = [[]];
    for (const t of tokens) {
      if (CLAUSE_JOINERS.has(t.word) && (out.at(-1)?.length ?? 0) > 0) out.push([]);
      else out.at(-1)?.push(t);
    }
    let opener: TToken | undefined;
    return out
      .filter((c) => c.length > 0)
      .map((tokens) => {
        const first = tokens.find((t) => t.isContent);
        if (!opener || (first && rivals.has(first.stem))) opener = first;
        return { tokens, opener };
      });
  });
  const read = clauses.map(({ tokens, opener: first }) => {
    return {
      opener: first?.stem,
      openerWord: first?.word ?? '',
      stems: new Set(tokens.map((t) => t.stem)),
      view: viewOf(model, tokens, garbage),
    };
  });
  subjects.forEach((subject, i) => {
    if (!subject) return;
    let swappedWith: string | null = null;
    for (const s of read) {
      const share = shareOf(subject.predicate, s.view);
      if (s.stems.has(subject.stem) && share >= 0.5) return;
      if (
        swappedWith === null &&
        s.opener !== undefined &&
        s.opener !== subject.stem &&
        rivals.has(s.opener) &&
        !s.stems.has(subject.stem) &&
        share >= 0.5
      ) {
        swappedWith = s.openerWord;
      }
    }
    if (swappedWith !== null) out.set(i, swappedWith);
  });
  return out;
}

/** Words that open a clause of their own: a negation before them does not reach past them. */
const CLAUSE_OPENERS = new Set([
  'and',
  'but',
  'or',
  'so',
  'because',
  'which',
  'while',
  'whilst',
  'whereas',
  'although',
  'though',
  'however',
  'yet',
  'then',
  'since',
  'therefore',
]);

/**
 * Positions (in the answer's tokens, sentence after sentence) of the words a negation governs. On a
 * teacher's two-band rubric, the rest of its clause, up to a comma or a word that opens another
 * clause ("Plants do not take in carbon dioxide (CO2), they take in oxygen": take, carbon,
 * dioxide; not oxygen). On the public data's rubrics the three words after it: there a negated
 * clause often states the point ("they did not say how much vinegar to use"), and the whole clause
 * lost agreement (ASAP zero-shot QWK 0.608 -> 0.604, SAF 0.402 -> 0.394) and sent more answers to
 * review (ASAP 15.4 % -> 16.2 %, SAF 17.0 % -> 18.6 %).
 */
function negatedPositions(normalised: string, wholeClause: boolean): Set<number> {
  const out = new Set<number>();
  if (!wholeClause) {
    sentenceTextsOf(normalised)
      .flatMap((sentence) => analyseNormalised(sentence))
      .forEach((token, i) => {
        if (token.isNegation) for (let j = i + 1; j <= i + 3; j++) out.add(j);
      });
    return out;
  }
  let offset = 0;
  for (const sentence of sentenceTextsOf(normalised)) {
    const tokens = analyseNormalised(sentence);
    // Where the commas fall, when the sentence's pieces read as its own tokens.
    const ends = new Set<number>();
    let at = 0;
    for (const piece of sentence.split(/,(?=\s|$)/)) {
      at += analyseNormalised(piece).length;
      ends.add(at);
    }
    const commas = at === tokens.length ? ends : new Set<number>();
    let inScope = false;
    tokens.forEach((token, i) => {
      if (commas.has(i) || CLAUSE_OPENERS.has(token.word)) inScope = false;
      if (inScope) out.add(offset + i);
      if (token.isNegation) inScope = true;
    });
    offset += tokens.length;
  }
  return out;
}

function sentenceTextsOf(normalised: string): string[] {
  return normalised.split(/(?<=[.!?;:])\s+|\n+/);
}

/** The answer's tokens, sentence by sentence (sentence ends and line breaks). */
function sentencesOf(normalised: string): TToken[][] {
  return sentenceTextsOf(normalised)
    .map((s) => analyseNormalised(s))
    .filter((t) => t.length > 0);
}

/** Token windows of two consecutive sentences, so a key point is judged on words that sit together. */
function windowsOf(sentences: TToken[][]): TToken[][] {
  if (sentences.length <= 2) return [sentences.flat()];
  const out: TToken[][] = [];
  for (let i = 0; i + 1 < sentences.length && out.length < MAX_WINDOWS; i++) {
    out.push([...(sentences[i] ?? []), ...(sentences[i + 1] ?? [])]);
  }
  return out;
}

/** At most this many sentence windows are read (caps the work on a very long answer). */
const MAX_WINDOWS = 80;

const SUPPORT_RE =
  /\bbecause\b|\bfor example\b|\bfor instance\b|\bsuch as\b|\bsince\b|\bthis shows\b|\bwhich means\b|\bso that\b|\btherefore\b|\bstates?\b|\bsaid\b|\bsays\b|["“”]|\b\d+(?:\.\d+)?\b/g;

const PROPER_NOUN_RE = /(?<=[a-z,;] )[A-Z][a-z]+/g;
const QUOTE_RE = /["“”]|'[A-Z]/g;

/**
 * Names inside sentences (specific details from a text). In text that OCR has damaged, only
 * capitalised words that the question also names ("Rose", "Aunt Kolab"), or that are no English
 * word nor a near spelling of one ("Achenbach", "Florida"), count: OCR's stray capitals on ordinary
 * words ("Giving Facts From") and on misread ones ("Haen", "Yravels") are not names.
 */
function countProperNouns(
  text: string,
  garbage: ReadonlySet<string>,
  questionWords: ReadonlySet<string>,
  damaged: boolean,
): number {
  let n = 0;
  for (const m of text.matchAll(PROPER_NOUN_RE)) {
    const word = m[0].toLowerCase();
    if (garbage.has(word) || isStopword(word)) continue;
    // In clean text a capital is the writer's; in OCR-damaged text it is often the reader's.
    if (damaged && !questionWords.has(word) && spellingOf(word) !== 'unknown') continue;
    n++;
  }
  return n;
}

/** Below this legibility the text shows OCR damage, and its capitals are not trusted as names. */
const DAMAGED = 0.95;

const questionWordCache = new WeakMap<TQuestionModel, Set<string>>();

/** The question's words in lower case (names it gives count as names in an answer). */
function questionWordsOf(model: TQuestionModel): Set<string> {
  let words = questionWordCache.get(model);
  if (!words) {
    words = new Set(model.question.toLowerCase().match(/[a-z]+/g) ?? []);
    questionWordCache.set(model, words);
  }
  return words;
}

function countCitedNumbers(questionNumbers: Set<string>, answer: string): number {
  if (questionNumbers.size === 0) return 0;
  const cited = new Set<string>();
  for (const m of answer.matchAll(NUMBER_RE)) if (questionNumbers.has(m[0])) cited.add(m[0]);
  return cited.size;
}

const lawWordsCache = new WeakMap<TQuestionModel, Map<string, string>>();

/** The rubric's names of the quantities of each equation the answer writes in symbols (`lawWordsOf`). */
function lawWordsSaid(model: TQuestionModel, normalised: string): string[] {
  let laws = lawWordsCache.get(model);
  if (!laws) {
    laws = lawWordsOf([...model.keyPoints.map((p) => p.text), model.rubric.high].join('\n'));
    lawWordsCache.set(model, laws);
  }
  if (laws.size === 0) return [];
  const said = new Set(normalised.match(/\blaw_[a-z]+\b/g) ?? []);
  return [...said].flatMap((token) => laws.get(token) ?? []);
}

/** Reads the evidence in one answer against the question model. */
export function gatherEvidence(model: TQuestionModel, answer: string): TEvidence {
  // "H₂O" reads as "H2O" everywhere, legibility included (a subscript is no OCR damage).
  const capped = foldScriptDigits(
    answer.length > MAX_TEXT_CHARS ? answer.slice(0, MAX_TEXT_CHARS) : answer,
  );
  const normalised = normaliseText(capped, { quantities: model.rubric.isTeacherStyle });
  const sentences = sentencesOf(normalised);
  const tokens = sentences.flat();
  const legibility = legibilityOf(capped, vocabularyOf(model));
  const garbage = legibility.garbage;
  // What the points are read in: the answer, and for each equation it writes in symbols that the
  // rubric writes in words ("v = d / t" for "speed = distance / time"), the rubric's names of its
  // quantities, after the answer's own words (its counts and positions are the answer's alone).
  const lawWords = model.rubric.isTeacherStyle ? lawWordsSaid(model, normalised) : [];
  const read = lawWords.length > 0 ? sentencesOf(`${normalised} ${lawWords.join(' ')}`) : sentences;
  const whole = viewOf(model, read.flat(), garbage);
  const negatedAt = negatedPositions(normalised, model.rubric.isTeacherStyle);
  // A stem is negated only when the answer never states it plainly elsewhere.
  const negated = new Set<string>();
  const affirmedStems = new Set<string>();
  tokens.forEach((t, i) => {
    if (!t.isContent) return;
    if (negatedAt.has(i)) negated.add(t.stem);
    else affirmedStems.add(t.stem);
  });
  for (const s of affirmedStems) negated.delete(s);
  // On a teacher's two-band rubric, a negation that governs the word a point turns on (its
  // comparative or pole: "which is not more concentrated", "is not less") denies the point, however
  // few of its other words it governs (session 24; the public data's rubrics are left as they were).
  const turnsOn = model.rubric.isTeacherStyle ? POLE_STEMS : new Set<string>();
  const windows =
    model.keyPoints.length > 0 && read.length > 2
      ? windowsOf(read).map((w) => viewOf(model, w, garbage))
      : [whole];
  // Orders said the wrong way round and points said of the wrong subject (ASAP zero-shot per-set
  // 0.498 -> 0.500, set 6 0.686 -> 0.695; SAF unchanged).
  const reversed = reversedPoints(model, capped);
  for (const i of transposedPoints(model, normalised)) reversed.add(i);
  for (const i of turnedPoints(model, normalised)) reversed.add(i);
  const substituted = substitutedPoints(model, normalised);
  for (const i of substituted.wrong) reversed.add(i);
  // A negative point said without its negation is doubted, not denied: an honest answer can say
  // the point's words in a statement of its own ("sound needs air to travel" beside "cannot travel").
  const saidWithout = affirmedNegativePoints(model, normalised);
  const swaps = swappedPoints(model, sentences, garbage);
  const points: TPointCoverage[] = model.keyPoints.map((point, i) => {
    const all = coverage(point, whole, negated, turnsOn);
    let local = 0;
    for (const w of windows) local = Math.max(local, coverage(point, w, negated).value);
    const swappedWith = swaps.get(i) ?? null;
    return {
      point,
      coverage: all.value,
      local: Math.min(local, all.value),
      contradicted: all.negated || swappedWith !== null || reversed.has(i),
      swappedWith,
      reversed: reversed.has(i),
      exchanged: substituted.exchanged.has(i) || saidWithout.has(i),
    };
  });

  // Length and vocabulary are measured on what can be read; a text of garbage alone is no blank.
  const stems = new Set<string>();
  let contentWords = 0;
  let anyContent = false;
  for (const t of tokens) {
    if (!t.isContent) continue;
    anyContent = true;
    if (garbage.has(t.word)) continue;
    contentWords++;
    stems.add(t.stem);
  }
  let inQuestion = 0;
  let inTopic = 0;
  for (const s of stems) {
    if (model.questionStems.has(s)) inQuestion++;
    if (model.topicStems.has(s)) inTopic++;
  }
  // Rubric vocabulary used under a negation ("does not absorb") is no evidence of knowing it.
  const affirmed =
    negatedAt.size > 0
      ? viewOf(
          model,
          tokens.filter((_, i) => !negatedAt.has(i)),
          garbage,
        )
      : whole;
  let vocabHits = 0;
  for (const i of model.answerTermIndices) if ((affirmed.termScores.get(i) ?? 0) > 0) vocabHits++;
  const distinct = stems.size;
  return {
    answer: capped,
    isBlank: isNonAnswer(normalised) || !anyContent,
    words: tokens.length,
    contentWords,
    distinctContent: distinct,
    stems,
    legibility: legibility.share,
    points,
    questionOverlap: distinct > 0 ? inQuestion / distinct : 0,
    topicOverlap: distinct > 0 ? inTopic / distinct : 0,
    answerVocabRecall: model.answerStems.size > 0 ? vocabHits / model.answerStems.size : 0,
    answerVocabHits: vocabHits,
    supportMarkers: Math.min(10, (normalised.match(SUPPORT_RE) ?? []).length),
    properNouns: countProperNouns(
      capped,
      garbage,
      questionWordsOf(model),
      legibility.share < DAMAGED,
    ),
    quotes: (capped.match(QUOTE_RE) ?? []).length,
    citedNumbers: countCitedNumbers(model.questionNumbers, capped),
  };
}
