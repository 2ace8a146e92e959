import { matchesOf, type TKeyPointModel, type TQuestionModel } from './question-model';
import { analyseNormalised, contentStems, foldScriptDigits, normaliseText } from './text';
import { spellingOf } from './word-list';

/**
 * What the feedback may say an answer makes (issue 27). The mark weighs a key point by all of its
 * words, the question's and the other points' included, and its phrase in the feedback is often only
 * the first clause of the rubric's sentence: a point can count towards the mark on words that are
 * not the ones the feedback names ("slow" of "slow start" for "cwnd is incremented more slowly").
 * So the feedback credits a point only from the words the student reads in its sentence: at least
 * half of the phrase's own content words (not the question's, by their weight in the point), as the marker matches them (the
 * word, a synonym of the lexicon, a word the rubric gives as an alternative, a misspelling; a word of
 * its own that is one letter from the rubric's is another word: "asynchronous" does not say
 * "synchronous", nor "extension" "extend", nor "chlorophyll" "chloroplast"), said
 * plainly, not in a clause the answer negates ("not a partially permeable membrane"). A point the
 * phrase states as a negation ("the particles do not get bigger") is made only when the answer
 * negates one of its words too.
 */

export type TClaimReading = {
  /** Best match strength per question-model term, from words the answer states plainly. */
  affirmed: Map<number, number>;
  /** The same, from words in a clause after a negation. */
  negated: Map<number, number>;
  affirmedStems: Set<string>;
  negatedStems: Set<string>;
};

/**
 * Clause ends: sentence and list punctuation (not a decimal point or a thousands comma), line
 * breaks, and the conjunctions that start a clause of their own.
 */
const CLAUSE_END_RE =
  /[.!?;:,](?=\s|$)|\n+|\s(?=(?:but|and|or|so|because|which|while|whereas|although|though|however|yet|then|since|whereas)\s)/;

/** The answer's words by clause, each as stated or under a negation earlier in its clause. */
export function claimReadingOf(model: TQuestionModel, answer: string): TClaimReading {
  const reading: TClaimReading = {
    affirmed: new Map(),
    negated: new Map(),
    affirmedStems: new Set(),
    negatedStems: new Set(),
  };
  const normalised = normaliseText(foldScriptDigits(answer), {
    quantities: model.rubric.isTeacherStyle,
  });
  for (const clause of normalised.split(CLAUSE_END_RE)) {
    let negated = false;
    for (const t of analyseNormalised(clause)) {
      if (t.isNegation) negated = true;
      if (!t.isContent) continue;
      (negated ? reading.negatedStems : reading.affirmedStems).add(t.stem);
      const terms = negated ? reading.negated : reading.affirmed;
      const misspelt = spellingOf(t.word) !== 'word';
      for (const [index, strength] of matchesOf(model, t.stem)) {
        if (strength < 1 && !misspelt) continue;
        if (strength > (terms.get(index) ?? 0)) terms.set(index, strength);
      }
    }
  }
  return reading;
}

/** The phrase's words a claim rests on: its content words, less the question's when it has others. */
export function keyStemsOf(model: TQuestionModel, phrase: string): string[] {
  const stems = [...contentStems(phrase)];
  const own = stems.filter((s) => !model.questionStems.has(s));
  return own.length > 0 ? own : stems;
}

function said(
  model: TQuestionModel,
  stem: string,
  point: TKeyPointModel | undefined,
  terms: ReadonlyMap<number, number>,
  stems: ReadonlySet<string>,
): boolean {
  if (stems.has(stem)) return true;
  const term = point?.terms.find((t) => t.stem === stem);
  const indices = term
    ? [term.index, ...(term.alternatives ?? [])]
    : [model.termIndex.get(stem)].filter((i): i is number => i !== undefined);
  return indices.some((i) => (terms.get(i) ?? 0) > 0);
}

/**
 * True when the answer makes the point the feedback names by `phrase`: at least half of the
 * phrase's key words (`keyStemsOf`, less words it borrows from another point), each by its weight
 * in the point (a word other points share counts less: "gain" of "gain energy" is not the point),
 * both of two, said plainly (one
 * of them under a negation when the phrase is a negation), and one of the own words of the
 * statement's `subject`, when it has a subject the question does not name.
 */
export function makesPoint(
  model: TQuestionModel,
  reading: TClaimReading,
  point: TKeyPointModel | undefined,
  phrase: string,
  subject?: string,
): boolean {
  const all = keyStemsOf(model, phrase);
  // Words the phrase borrows from the clause it continues ("water moves" of "water moves across a
  // partially permeable membrane") are that point's, not this one's.
  const ownTerms = all.filter((s) => point?.terms.some((t) => t.stem === s) === true);
  const key = ownTerms.length > 0 ? ownTerms : all;
  if (key.length === 0) return false;
  const plainly = (s: string) => said(model, s, point, reading.affirmed, reading.affirmedStems);
  const negated = (s: string) => said(model, s, point, reading.negated, reading.negatedStems);
  // A statement is about its subject: "sound travels faster in water" does not say "light travels
  // faster than sound". A subject the question names may be left to it ("they collide").
  const about = subject
    ? [...contentStems(subject)].filter((s) => !model.questionStems.has(s))
    : [];
  if (about.length > 0 && !about.some((s) => plainly(s) || negated(s))) return false;
  // Each word by its weight in the point: a word the rubric's other points share tells less.
  const weight = (s: string) => point?.terms.find((t) => t.stem === s)?.weight ?? 1;
  const total = key.reduce((sum, s) => sum + weight(s), 0);
  // (Rounded: half of the weight is half, whatever the order of the sum.)
  const share = (hit: (s: string) => boolean) =>
    Math.round((1e6 * key.filter(hit).reduce((sum, s) => sum + weight(s), 0)) / total) / 1e6;
  // Of two words, one is half a name, not the point ("moves" of "moves by osmosis"): both.
  const enough = (hit: (s: string) => boolean) =>
    key.length <= 2 ? key.every(hit) : share(hit) >= 0.5;
  // A negation's subject is said plainly ("copper" of "copper does not rust"), its verb negated.
  if (analyseNormalised(normaliseText(phrase)).some((t) => t.isNegation)) {
    return key.some(negated) && enough((s) => plainly(s) || negated(s));
  }
  return key.some(plainly) && enough(plainly);
}

/** True when the answer says every key word of `phrase` plainly (a low band's named statement). */
export function saysAll(model: TQuestionModel, reading: TClaimReading, phrase: string): boolean {
  const key = keyStemsOf(model, phrase);
  return (
    key.length > 0 &&
    key.every((s) => said(model, s, undefined, reading.affirmed, reading.affirmedStems))
  );
}

/**
 * True when the answer says some of the point's own words (not the question's) plainly and none of
 * them under a negation: a start on it, not the point made.
 */
export function touchesPoint(
  model: TQuestionModel,
  reading: TClaimReading,
  point: TKeyPointModel,
): boolean {
  const own = point.terms.filter((t) => !model.questionStems.has(t.stem));
  const said = (t: (typeof own)[number], terms: ReadonlyMap<number, number>) =>
    [t.index, ...(t.alternatives ?? [])].some((i) => (terms.get(i) ?? 0) > 0);
  // A point with a negation in it ("… without releasing the channel") is touched by its words.
  if (point.isNegative) {
    return own.some((t) => said(t, reading.affirmed) || said(t, reading.negated));
  }
  return own.some((t) => said(t, reading.affirmed)) && !own.some((t) => said(t, reading.negated));
}
