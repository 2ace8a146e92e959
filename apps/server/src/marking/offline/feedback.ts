import { claimReadingOf, makesPoint, saysAll, touchesPoint } from './claims';
import { criteriaAssessment, criteriaModelOf, type TCriteriaModel } from './criteria';
import { isNonAnswer, type TEvidence, type TPointCoverage } from './evidence';
import { cleanPhrase, joinAnd, joinOr, quoteFromAnswer, stemsOf } from './feedback-text';
import { ILLEGIBLE, LEGIBLE } from './legibility';
import {
  endsDangling,
  firstPluralNoun,
  headOf,
  nounText,
  objectText,
  participleClause,
  phraseOf,
  subjectOfClause,
  type TPhrase,
} from './phrase-grammar';
import type { TKeyPointModel, TQuestionModel } from './question-model';
import {
  isOffTopic,
  isRestatement,
  lowBandNamed,
  lowBandSaid,
  missingUnits,
  resultsReached,
  finalReached,
  finalResults,
  pointCreditOf,
} from './teacher';
import {
  assignmentsOf,
  chemicalEquationsOf,
  contentStems,
  lawWordsOf,
  quantitiesOf,
  resultsOf,
} from './text';
import { pointCredit } from './zero-shot';
import { verdictOf, verdictSentence, type TVerdict } from '../verdict';

/**
 * The comment and suggestion a student reads, written from this answer: a verdict that agrees with
 * the score, what the answer gets right (the rubric point it matched, in plain words, and the
 * student's own words when they read as a phrase), the one or two most important points it misses or
 * gets wrong, and one next step. When a teacher has commented on a similar answer with the same
 * verdict, the teacher's reasons are reused in its place.
 */

export type TFeedbackText = { aiComment: string; suggestion: string };

/** Where the answer's text came from, as the extraction step knows it. */
export type TAnswerOrigin = {
  /** 'ocr' when the text was read from a photo or upload; typed text is never "unreadable". */
  source?: 'typed' | 'ocr' | undefined;
  /** The OCR engine's mean confidence, 0..100, when it gave one. */
  ocrConfidence?: number | undefined;
};

export type TFeedbackContext = TAnswerOrigin & {
  /**
   * The answer has no wording of its own to praise: a list of the rubric's words, or its scoring
   * text copied (the gaming reading's doubts, issue 27). The feedback then quotes none of it as
   * well put.
   */
  noOwnWording?: boolean;
  /**
   * The answer is a list of words, not sentences (the gaming reading's `readsAsList`). A list
   * states nothing, so the feedback never tells it that it "points out" a statement; it names the
   * statements the list's words belong to as not yet said, and asks for sentences. A question that
   * asks for names ("Name three …") is answered by a list, and is read as before.
   */
  listsWords?: boolean;
  /**
   * The answer's words are the rubric's in an order that is not a sentence of its own (the gaming
   * reading's 'unsure: no sentence'), though not a list: the feedback names no statement as made
   * by them. It may be an honest sentence the reading doubts, so it is not told it lists words.
   */
  saysNoStatement?: boolean;
};

/** The sentences that quote the answer's words as well put or a start ("You put it well in …"). */
const PRAISED_WORDING_RE = /\s*You (?:put it well|make a start) in "[^"]*"\./g;

/** The advice to an answer that lists words: its sentences first. */
const IN_SENTENCES = 'Next time, write in sentences of your own, not a list of words';

/** Below this OCR confidence the engine itself doubts what it read. */
export const LOW_OCR_CONFIDENCE = 75;

/** Below this legibility most of the answer is unreadable ("much"), above it only parts are. */
const MOSTLY_UNREADABLE = 0.75;

const CHECK_THE_TEXT =
  'Check that the text of your answer says what you wrote, and upload a clearer photo if it does not.';

/**
 * True when the answer may be told it could not be read: its text came from OCR, the OCR engine's
 * confidence is low (or unknown), and the words themselves do not read.
 */
export function isUnreadableOcr(evidence: TEvidence, origin: TAnswerOrigin): boolean {
  if (origin.source !== 'ocr' || evidence.isBlank || evidence.legibility >= LEGIBLE) return false;
  return origin.ocrConfidence === undefined || origin.ocrConfidence < LOW_OCR_CONFIDENCE;
}

/** Comment and suggestion for an answer marked `score` out of `marks`. */
export function writeFeedback(
  model: TQuestionModel,
  evidence: TEvidence,
  score: number,
  marks: number,
  context: TFeedbackContext = {},
): TFeedbackText {
  const verdict = verdictOf(score, marks);
  if (!isUnreadableOcr(evidence, context)) {
    const text = readFeedback(model, evidence, score, marks, verdict, context, true);
    return context.noOwnWording
      ? { ...text, aiComment: text.aiComment.replace(PRAISED_WORDING_RE, '') }
      : text;
  }
  if (evidence.legibility <= ILLEGIBLE) {
    return {
      aiComment:
        score > 0
          ? `${verdictSentence(verdict)} Most of your answer could not be read from the photo, so it was marked on the few words that could be.`
          : 'Your answer could not be read from the photo: most of its words are not recognisable, so no marks could be awarded.',
      suggestion: CHECK_THE_TEXT,
    };
  }
  // Too little could be read to call the answer off-topic: it is marked on its readable words.
  const read = readFeedback(model, evidence, score, marks, verdict, context, false);
  const how = evidence.legibility < MOSTLY_UNREADABLE ? 'Much' : 'Part';
  return {
    aiComment: `${read.aiComment} ${how} of your answer could not be read from the photo, so it was marked on the words that could be.`,
    suggestion: `${CHECK_THE_TEXT} ${read.suggestion}`,
  };
}

/** Feedback on what the answer's readable words show. */
function readFeedback(
  model: TQuestionModel,
  evidence: TEvidence,
  score: number,
  marks: number,
  verdict: TVerdict,
  context: TFeedbackContext,
  canBeOffTopic: boolean,
): TFeedbackText {
  if (evidence.isBlank) return blankFeedback(model, evidence);
  // A teacher's comment is theirs for the student it was written to (issue 27): it informs the mark
  // (the examples' scores) but its words are never shown to another student, so the feedback is
  // always written here from the rubric and this answer.
  const criteria = criteriaModelOf(model);
  if (criteria) return criteriaFeedback(criteria, evidence, score, marks, verdict, canBeOffTopic);
  if (!model.hasContentPoints) return holisticFeedback(evidence, score, marks, verdict);
  return pointFeedback(
    model,
    evidence,
    score,
    marks,
    verdict,
    canBeOffTopic,
    context.listsWords === true && verbOf(model.question) !== 'names',
    context.saysNoStatement === true,
  );
}

function blankFeedback(model: TQuestionModel, evidence: TEvidence): TFeedbackText {
  const first = startingPoints(model);
  const start =
    first.length > 0 && model.hasContentPoints
      ? `starting with ${joinAnd(first)}`
      : 'with details that support it';
  // Words with nothing in them ("Do it again."): an answer, though not one that can earn a mark.
  if (!isNonAnswer(evidence.answer)) {
    return {
      aiComment: 'Your response is incorrect. It does not say anything the question asks about.',
      suggestion: `Next time, answer the question in your own words, ${start}.`,
    };
  }
  return {
    aiComment: 'No answer was given, so no marks could be awarded.',
    suggestion: `Write an answer to the question in your own words, ${start}.`,
  };
}

/** "It correctly states" / "explains" / "names": the question's own demand. */
function verbOf(question: string): string {
  const q = question.toLowerCase();
  if (/\b(?:explain|why|how)\b/.test(q)) return 'explains';
  if (/\b(?:describe)\b/.test(q)) return 'describes';
  if (/\b(?:name|list|identify|give)\b/.test(q)) return 'names';
  if (/\b(?:calculate|compute|determine)\b/.test(q)) return 'works out';
  return 'states';
}

const LEAD_RE =
  /^(?:you need to know|you would need to know|students? (?:should|must|need to|could)|the (?:response|answer|student) (?:should |must )?(?:describes?|explains?|states?|includes?|identif(?:y|ies)|mentions?|gives?|names?)?|it is (?:also )?(?:valid|sufficient|correct) to|alternatively,?|additionally,?|therefore,?|further,?|in other words,?|this means(?: that)?|you can (?:also )?say that|(?:in|during|by|through) which|whereby)\s*/i;

const NEGATION_RE = /\b(?:not|no|never|cannot|n['’]t)\b|n['’]t\b/i;

/** The quote says "not" of a word of a point the answer contradicts: no words to praise. */
function negatesAPoint(evidence: TEvidence, quoted: string): boolean {
  if (!NEGATION_RE.test(quoted)) return false;
  const stems = contentStems(quoted);
  return evidence.points.some(
    (p) => p.contradicted && p.point.terms.some((t) => stems.has(t.stem)),
  );
}

/**
 * A short, readable name for a key point ("how much vinegar was used in each container"), or
 * undefined when the rubric's wording cannot be turned into a plain phrase (formulas, table debris).
 */
export function labelOf(point: TKeyPointModel): string | undefined {
  let text = point.text;
  // A table row of the rubric ("black | The doghouse will be warmer. | ..."): its longest cell.
  if (text.includes('|')) {
    const cells = text
      .split('|')
      .map((c) => c.trim())
      .filter((c) => c.split(/\s+/).length >= 3)
      .sort((a, b) => b.length - a.length);
    text = cells[0] ?? '';
  }
  text = text.replace(/\s*\([^)]*\)/g, '').trim();
  // The first sentence names the point; the rest explains it.
  text = text.split(/(?<=[a-z]{2}[.!?])\s+(?=[A-Z])/)[0] ?? text;
  // "Adaptation: the network has to ..." or "unconfirmed connectionless - no ACK, ..." -> the name.
  // "Spanning tree with link state routing: each system knows ..." -> the statement after the colon.
  const titled = /^([^:]{2,60}):\s*(\S.+)$/.exec(text);
  if (titled?.[1] && titled[2] && titled[1].split(/\s+/).length > 4) text = titled[2];
  const named = /^([^:]{2,40}?)(?::|\s[-–—]\s)\s*(.+)$/.exec(text);
  const head = named?.[1];
  if (head && head.split(/\s+/).length <= 4 && !/^(?:p\(|=)/i.test(head)) {
    // "Property: there is a single path ..." -> the statement; "Adaptation of ..." -> the name.
    text = head.split(/\s+/).length === 1 && named[2] ? named[2] : head;
  }
  // "such as the volume of acid": the example, named as itself.
  text = text.replace(/^(?:such as|for example|for instance|e\.g\.?|including)\s+/i, '');
  for (let i = 0; i < 3; i++) {
    const next = text.replace(LEAD_RE, '');
    if (next === text) break;
    text = next;
  }
  return cleanPhrase(text);
}

/** A rubric point written as a whole sentence ("A thick waxy cuticle stops water evaporating."). */
function isSentencePoint(point: TKeyPointModel): boolean {
  const text = point.text.trim();
  return (
    /^[A-Z][a-z]/.test(text) &&
    /[.!]$/.test(text) &&
    text.split(/\s+/).length >= 4 &&
    !/^[^:]{2,40}(?::|\s[-–—]\s)/.test(text)
  );
}

/**
 * The phrase a key point is named by in a sentence, or undefined when its wording cannot be said
 * plainly. A fragment of a rubric sentence ("into the more concentrated cell sap") is completed with
 * the subject and verb of the clause it continues ("water moves into the more concentrated cell
 * sap"); one that cannot be stays a fragment, which sentences name only in a form made for it.
 */
export function phraseFor(model: TQuestionModel, point: TKeyPointModel): TPhrase | undefined {
  const phrase = withNames(model, participleOf(model, point, phraseOfPoint(model, point)));
  // "…needed to overcome them" said on its own: "them" is the previous point's plural noun.
  if (phrase && phrase.kind !== 'fragment' && /\bthem$/i.test(phrase.text)) {
    const at = model.keyPoints.indexOf(point);
    const before = model.keyPoints[at - 1];
    const noun =
      before && before.source === point.source && sameSentence(model, before.text, point.text)
        ? firstPluralNoun(before.text)
        : undefined;
    if (noun) return { ...phrase, text: phrase.text.replace(/\bthem$/i, `the ${noun}`) };
  }
  return phrase;
}

function phraseOfPoint(model: TQuestionModel, point: TKeyPointModel): TPhrase | undefined {
  const label = labelOf(point);
  if (!label) return undefined;
  const phrase = phraseOf(label, isSentencePoint(point));
  // A label cut after a verb or preposition ("uses of DHCP are") is not said at all.
  if (phrase.kind === 'fragment' && endsDangling(label)) return undefined;
  if (
    phrase.kind !== 'fragment' ||
    !/^(?:into|across|from|through|to|onto|out of|via|towards?|by)\s/i.test(label)
  ) {
    return phrase;
  }
  const at = model.keyPoints.indexOf(point);
  for (let i = at - 1; i >= Math.max(0, at - 3); i--) {
    const before = model.keyPoints[i];
    if (!before || before.source !== point.source || before.group !== point.group) break;
    const beforeLabel = labelOf(before);
    const beforePhrase = beforeLabel ? phraseOf(beforeLabel, isSentencePoint(before)) : undefined;
    if (beforePhrase?.kind === 'fragment') continue;
    if (beforePhrase?.kind !== 'clause' || !sameSentence(model, before.text, point.text)) break;
    const head = headOf(beforePhrase.text);
    if (!head) break;
    return { kind: 'clause', text: `${head} ${label}` };
  }
  return phrase;
}

/**
 * A participle point said as a clause of the main clause before it in the rubric's sentence:
 * "gravity acts downwards on the ball, decelerating it until its velocity is zero at the top, then
 * accelerating it downwards" names "gravity accelerates it downwards", not "accelerating it
 * downwards" (a clause after "until", "while" or "when" is no main clause).
 */
function participleOf(
  model: TQuestionModel,
  point: TKeyPointModel,
  phrase: TPhrase | undefined,
): TPhrase | undefined {
  if (!phrase || phrase.kind !== 'name' || !/^[a-z]+ing\b/.test(phrase.text)) return phrase;
  const at = model.keyPoints.indexOf(point);
  for (let i = at - 1; i >= Math.max(0, at - 4); i--) {
    const before = model.keyPoints[i];
    if (!before || before.source !== point.source || before.group !== point.group) break;
    if (!sameSentence(model, before.text, point.text)) break;
    if (isSubordinate(model, before.text)) continue;
    const label = labelOf(before);
    const beforePhrase = label ? phraseOf(label, isSentencePoint(before)) : undefined;
    if (beforePhrase?.kind !== 'clause') continue;
    const subject = subjectOfClause(beforePhrase.text);
    const clause = subject ? participleClause(phrase.text, subject) : undefined;
    return clause ? { kind: 'clause', text: clause } : phrase;
  }
  return phrase;
}

/** True when the rubric's high band introduces `text` with "until", "while", "when" and the like. */
function isSubordinate(model: TQuestionModel, text: string): boolean {
  const high = model.rubric.high.toLowerCase();
  const at = high.indexOf(text.toLowerCase());
  return (
    at > 0 &&
    /\b(?:until|while|when|whereas|because|as|if|so that|which)\s*$/.test(high.slice(0, at))
  );
}

/** Names as the question and rubric write them ("Tom", "the Moon"), not lower-cased. */
function withNames(model: TQuestionModel, phrase: TPhrase | undefined): TPhrase | undefined {
  if (!phrase) return phrase;
  const text = namedText(model, phrase.text);
  return text === phrase.text ? phrase : { ...phrase, text };
}

/** `text` with the question's and rubric's names capitalised again (a quote's "tom is nervous"). */
function namedText(model: TQuestionModel, text: string): string {
  const names = namesOf(model);
  return names.size === 0 ? text : text.replace(/\b[a-z][a-z]+\b/g, (w) => names.get(w) ?? w);
}

const namesCache = new WeakMap<TQuestionModel, Map<string, string>>();

/** Capitalised words the question or rubric writes inside a sentence, by their lower case. */
function namesOf(model: TQuestionModel): Map<string, string> {
  let names = namesCache.get(model);
  if (!names) {
    names = new Map();
    const text = `${model.question}\n${model.rubric.high}\n${model.rubric.low}`;
    const lower = new Set(text.match(/\b[a-z][a-z]+\b/g) ?? []);
    for (const m of text.matchAll(/(?<=[a-z,;] )[A-Z][a-z]+\b/g)) {
      const word = m[0];
      // A word the texts also write in lower case is no name ("Explains ... Water").
      if (!lower.has(word.toLowerCase())) names.set(word.toLowerCase(), word);
    }
    namesCache.set(model, names);
  }
  return names;
}

/** True unless the rubric's high band shows the two texts in different sentences. */
function sameSentence(model: TQuestionModel, a: string, b: string): boolean {
  const sentences = model.rubric.high.toLowerCase().split(/(?<=[.!?])\s+|\n+/);
  const inA = sentences.findIndex((x) => x.includes(a.toLowerCase()));
  const inB = sentences.findIndex((x) => x.includes(b.toLowerCase()));
  return inA < 0 || inB < 0 || inA === inB;
}

/** The first one or two points of the question as noun phrases ("starting with …"). */
function startingPoints(model: TQuestionModel): string[] {
  const out: string[] = [];
  for (const p of model.keyPoints.slice(0, 4)) {
    const phrase = phraseFor(model, p);
    const text = phrase ? nounText(phrase) : undefined;
    if (text && !out.includes(text)) out.push(text);
  }
  return out.slice(0, 2);
}

/** Feedback against a rubric or reference answer with subject content, point by point. */
function pointFeedback(
  model: TQuestionModel,
  evidence: TEvidence,
  score: number,
  marks: number,
  verdict: TVerdict,
  canBeOffTopic: boolean,
  listsWords: boolean,
  saysNoStatement: boolean,
): TFeedbackText {
  const teacherStyle = model.rubric.isTeacherStyle;
  // A short answer in other words than the rubric's ("Put a lit splint in and it goes pop") is a
  // wrong attempt at this question, not an answer to another one: it is told what it lacks.
  const offTopic =
    canBeOffTopic &&
    score < marks &&
    evidence.contentWords > SHORT_WRONG_ATTEMPT &&
    (teacherStyle
      ? isOffTopic(model, evidence)
      : evidence.topicOverlap < 0.1 && evidence.answerVocabHits === 0);
  if (offTopic) {
    const first = startingPoints(model);
    return {
      aiComment: [
        score > 0
          ? 'Your response earns little credit because it does not address the question asked.'
          : 'Your response is incorrect because it does not address the question asked.',
        saidInstead(evidence),
      ]
        .filter((p) => p !== '')
        .join(' '),
      suggestion:
        first.length > 0
          ? `Read the question again and answer it directly, starting with ${joinAnd(first)}.`
          : 'Read the question again and answer exactly what it asks, in your own words.',
    };
  }
  const ranked = evidence.points
    .map((p) => ({
      p,
      credit: teacherStyle ? pointCreditOf(p) : pointCredit(p.coverage, p.local, p.contradicted),
      phrase: phraseFor(model, p.point),
    }))
    .sort((a, b) => b.credit - a.credit || b.p.point.totalWeight - a.p.point.totalWeight);
  const present = ranked.filter((r) => r.credit >= 0.5);
  // A point is touched on only by words of its own, not by the question's words it repeats
  // ("plant cells" of "plant cells have chloroplasts", for "differences between plant cells and ...").
  const ownWordsOf = (point: TKeyPointModel) =>
    point.terms.some((t) => !model.questionStems.has(t.stem) && evidence.stems.has(t.stem));
  const partial = ranked.filter((r) => r.credit > 0.15 && r.credit < 0.5 && ownWordsOf(r.p.point));
  const contradicted = ranked.filter(
    (r) => r.p.contradicted && r.p.swappedWith === null && !r.p.reversed && r.p.coverage > 0.3,
  );
  // What the feedback credits is what the student reads it credit: a point counts towards the mark on
  // all of its words, but is named as made only when the answer says its phrase's own words plainly
  // (issue 27; `claims.ts`). A point the mark counts that the answer does not say so is not named at
  // all; one it only touches on is named as missing.
  const reading = claimReadingOf(model, evidence.answer);
  const makes = (r: { p: TPointCoverage; phrase: TPhrase | undefined }): boolean =>
    r.phrase !== undefined &&
    r.p.swappedWith === null &&
    !r.p.reversed &&
    makesPoint(model, reading, r.p.point, r.phrase.text, subjectIn(r.phrase));
  const made = present.filter(makes);
  const touchedRows = partial.filter((r) => !r.p.contradicted && makes(r));
  const unmade = partial.filter((r) => !r.p.contradicted && !makes(r));
  // A direction or comparison the wrong way round ("from low concentration to high").
  const backwards = evidence.points.find((p) => p.reversed);
  // A point said of the wrong subject ("Weight is the amount of matter"): the rubric's own words put
  // it right ("It mixes up weight and mass: mass is the amount of matter.").
  const swapped = evidence.points.flatMap((p) => {
    const statement = p.point.text.replace(/[.;:,\s]+$/, '').trim();
    const subject = statement.match(/^(?:the |a |an )?([A-Za-z]+)/i)?.[1]?.toLowerCase();
    return p.swappedWith && subject && subject !== p.swappedWith
      ? [{ with: p.swappedWith, subject, statement: lowerFirst(statement) }]
      : [];
  });
  // A point with a word exchanged for one that is no paraphrase ("transports sugar and mineral
  // ions"): the answer's words are never quoted as well put.
  const exchanged = evidence.points.some((p) => p.exchanged);
  // Rows of a rubric table are alternatives (one colour, one case): an answer that gives one row is
  // not asked for the others.
  const isRow = (point: TKeyPointModel) => point.text.includes('|');
  const hasRow = [...present, ...partial].some((r) => isRow(r.p.point));
  // What is missing, nearest to what the answer says first: the point it came closest to.
  const missing = ranked
    .filter(
      (r) =>
        (r.credit <= 0.15 || (r.credit < 0.5 && !ownWordsOf(r.p.point))) &&
        // A point said the other way is told as wrong when the answer says enough of it, and as
        // missing when it only negates a word of it ("plants do not need light").
        !contradicted.includes(r) &&
        r.p.swappedWith === null &&
        !r.p.reversed &&
        !(hasRow && isRow(r.p.point)),
    )
    // Nearness counts only by the point's own words: "bounces" of the question brings "bounces to a
    // lower height" no nearer than the energy transfer the answer half describes.
    .sort(
      (a, b) =>
        (ownWordsOf(b.p.point) ? b.p.coverage : 0) - (ownWordsOf(a.p.point) ? a.p.coverage : 0) ||
        b.p.coverage - a.p.coverage ||
        b.p.point.totalWeight - a.p.point.totalWeight,
    );
  // Each point once, by its phrase; fragments apart (they have no object form).
  const phrased = <T extends { phrase: TPhrase | undefined }>(rows: T[]): TPhrase[] => {
    const out: TPhrase[] = [];
    for (const r of rows) {
      if (r.phrase && !out.some((o) => o.text === r.phrase?.text)) out.push(r.phrase);
    }
    return out;
  };
  const objects = (phrases: TPhrase[]): string[] =>
    phrases.flatMap((p) => {
      const text = objectText(p);
      return text ? [text] : [];
    });
  const fragments = (phrases: TPhrase[]): string[] =>
    phrases.filter((p) => p.kind === 'fragment').map((p) => p.text);

  // Results the answer works out but writes without the unit the teacher's rubric gives them. One
  // the answer does write with that unit ("= 4 kg m/s" at the end of a chain of working, where the
  // reading of the working can lose it) is never told it lacks it.
  const unitRead = teacherStyle ? missingUnits(model, evidence) : [];
  const answerQuantities = unitRead.length > 0 ? quantitiesOf(evidence.answer) : [];
  const sameWritten = (a: string, b: string) => a.replace(/\s+/g, '') === b.replace(/\s+/g, '');
  const unitless = unitRead.filter(
    (q) => !answerQuantities.some((a) => a.value === q.value && sameWritten(a.written, q.written)),
  );
  // Of those, the ones written with another unit ("15 m" for 15 m/s): a wrong unit, not a missing one.
  const wrongUnits = unitless.flatMap((q) => {
    const given = answerQuantities.find(
      (a) => a.value === q.value && a.written.replace(/\s+/g, '') !== q.written.replace(/\s+/g, ''),
    );
    return given ? [{ given: given.written, written: q.written }] : [];
  });

  const comment: string[] = [verdictSentence(verdict)];
  const verb = verbOf(model.question);
  const named =
    teacherStyle && present.length === 0
      ? lowBandNamed(model, evidence).filter((w) => saysAll(model, reading, w))
      : [];
  // The equation a calculation starts from, when a teacher's rubric names one.
  const equation = teacherStyle ? equationOf(model) : undefined;
  // The equation written in the answer ("I = V / R" in any arrangement, "speed = distance / time").
  const equationStems = equation ? [...stemsOf(equation)] : [];
  const writesEquation =
    (equationStems.length > 0 && equationStems.every((s) => evidence.stems.has(s))) ||
    // ... or in symbols ("v = d / t" for "speed = distance / time").
    [...lawWordsOf(equation ?? '').keys()].some((token) => evidence.stems.has(token));
  const finalWithUnit = teacherStyle
    ? finalReached(model, evidence, 'with unit').map((q) => q.written)
    : [];
  // The rubric's chemical equation, written by the answer (balanced, or it would not meet it).
  const equations = teacherStyle
    ? chemicalEquationsOf(model.rubric.high)
        .filter((e) => evidence.stems.has(e.token))
        .map((e) => e.written)
    : [];
  // A result with its unit and nothing else of the working ("0.5 A" where the working is asked for).
  const reached =
    teacherStyle &&
    verdict === 'partially correct' &&
    present.every((r) => resultsOf(r.p.point.text).length > 0)
      ? finalReached(model, evidence, 'with unit')
          .filter((q, i, all) => all.findIndex((o) => o.value === q.value) === i)
          .map((q) => q.written)
      : [];
  // Working stopped short: a result on the way ("270p") and not the final one ("£2.30").
  const finals = teacherStyle ? finalResults(model) : [];
  const onTheWay =
    verdict === 'partially correct' &&
    finals.length > 0 &&
    finalReached(model, evidence, 'value').length === 0
      ? resultsReached(model, evidence, 'value')
          .filter(
            (q, i, all) =>
              !finals.some((f) => f.value === q.value) &&
              all.findIndex((o) => o.value === q.value) === i,
          )
          .map((q) => q.written)
      : [];
  // Solving for an unknown ("Solve 3x + 5 = 20"): the answer's own value for it, when not the one.
  const unknownsSolved = new Set(
    finals.filter((f) => f.token.startsWith('eq_')).map((f) => unknownOf(f.written)),
  );
  const solving = unknownsSolved.size > 0;
  // A question answered by a worked-out result (a value, a unit, an unknown).
  const calculating = teacherStyle && finals.length > 0;
  const wrongSolutions =
    solving && verdict !== 'correct' && finalReached(model, evidence, 'with unit').length === 0
      ? assignmentsOf(evidence.answer)
          .filter((a) => unknownsSolved.has(unknownOf(a.written)))
          .map((a) => a.written)
          .filter((w, i, all) => all.indexOf(w) === i)
      : [];
  // A list of words credited for statements (issue 27): the statements are named as not yet said.
  // A list credited for names ("more addresses; better security") is an answer in its own right.
  const listed = listsWords
    ? objects(phrased(made).filter((p) => p.kind === 'clause')).slice(0, 2)
    : [];
  const listsStatements = listed.length > 0;
  // Words the gaming reading doubts as no sentence are credited with no statement.
  const claimsNone = saysNoStatement && !listsStatements;
  const claimable = (phrases: TPhrase[]): TPhrase[] =>
    claimsNone ? phrases.filter((p) => p.kind === 'name') : phrases;
  const listSentence = `It lists words that belong in a full answer, but does not say in a sentence ${joinOr(listed)}.`;
  if (verdict !== 'incorrect') {
    const rightPhrases = claimable(phrased(made))
      .filter((p) => p.kind !== 'fragment')
      .slice(0, verdict === 'correct' ? 3 : 2);
    const right = objects(rightPhrases);
    if (reached.length > 0) {
      comment.push(
        `It reaches the right answer, ${joinAnd(reached)}, but does not show the working.`,
      );
    } else if (listsStatements) {
      comment.push(listSentence);
    } else if (verdict === 'correct' && right.length === 0) {
      comment.push('It covers what the question asks for.');
    } else if (right.length > 0) {
      const how = rightPhrases.every((p) => p.kind === 'name') ? verb : 'points out';
      comment.push(`It correctly ${how} ${joinAnd(right)}.`);
    } else if (equations.length > 0) {
      comment.push(`It writes the equation correctly: ${equations[0] ?? ''}.`);
    } else if (named.length > 0) {
      // What the low band credits, named and no more ("Names limewater without the result"), or
      // said ("Says the bonds are strong without …").
      const lowSaid = lowBandSaid(model, evidence);
      const said = lowSaid && saysAll(model, reading, lowSaid) ? lowSaid : undefined;
      comment.push(
        said
          ? `It correctly says that ${lowerFirst(said)}, which earns part of the marks.`
          : `It correctly names ${joinAnd(named)}, which earns part of the marks.`,
      );
    } else if (equation && finalWithUnit.length > 0 && !writesEquation) {
      comment.push(
        `It works out ${finalWithUnit[0] ?? ''} correctly, but does not write the equation it uses, ${equation}.`,
      );
    } else if (onTheWay.length > 0) {
      comment.push(
        `It works out ${joinAnd(onTheWay.slice(0, 2))} correctly, but does not carry the working through to the final answer.`,
      );
    } else if (partial.length > 0 || present.length > 0) {
      comment.push('It is on the right track.');
    }
    // The student's words for the point the answer comes closest to: praised when they make it (or
    // the answer has full marks); otherwise "a start" when they say some of its own words plainly
    // and negate none. Words that negate it are never quoted back as good.
    const shown = made[0] ?? touchedRows[0] ?? present[0] ?? partial[0];
    const quoted = shown
      ? quoteFromAnswer(evidence.answer, shown.p.point, evidence.legibility)
      : undefined;
    const quoteReading = quoted ? claimReadingOf(model, quoted) : undefined;
    const quoteMakes =
      shown?.phrase !== undefined &&
      quoteReading !== undefined &&
      makesPoint(model, quoteReading, shown.p.point, shown.phrase.text, subjectIn(shown.phrase));
    // Words that mostly repeat the question are not praised, nor a bare name the low band credits.
    if (
      quoted &&
      shown &&
      quoteReading &&
      (quoteMakes || touchesPoint(model, quoteReading, shown.p.point)) &&
      // Nor words that deny another point of the rubric ("the cell sap is not concentrated").
      ![...quoteReading.negated.keys()].some(
        (i) => !stemsOf(shown.phrase?.text ?? '').has(model.terms[i] ?? ''),
      ) &&
      swapped.length === 0 &&
      !exchanged &&
      !negatesAPoint(evidence, quoted) &&
      !repeatsQuestion(model, quoted) &&
      (right.length > 0 || named.length === 0)
    ) {
      comment.push(
        quoteMakes || verdict === 'correct'
          ? `You put it well in "${namedText(model, quoted)}".`
          : `You make a start in "${namedText(model, quoted)}".`,
      );
    } else if (verdict === 'correct' && swapped.length === 0 && right.length === 0 && !exchanged) {
      // Full marks on words the feedback cannot name a point by: the answer's own plainest
      // sentence, when it negates nothing and is not the question's words.
      const own = quoteFromAnswer(evidence.answer, undefined, evidence.legibility);
      if (own && !NEGATION_RE.test(own) && !repeatsQuestion(model, own)) {
        comment.push(`You put it well in "${namedText(model, own)}".`);
      }
    }
  }
  if (verdict !== 'correct') {
    const wrongPhrases = phrased(contradicted).slice(0, 1);
    const wrong = wrongPhrases.flatMap((p) => {
      const text = nounText(p);
      return text ? [text] : [];
    });
    const touchedPhrases = phrased(touchedRows);
    const touched = objects(touchedPhrases).slice(0, 2);
    const absentPhrases = phrased(missing);
    const swap = swapped[0];
    if (swap) {
      comment.push(`It mixes up ${swap.with} and ${swap.subject}: ${swap.statement}.`);
    } else if (backwards) {
      comment.push(
        `It gets one point the wrong way round: ${lowerFirst(backwards.point.text.replace(/\s*\([^)]*\)/g, '').replace(/[.;:,\s]+$/, ''))}.`,
      );
    } else if (wrong.length > 0) {
      comment.push(`It gets one point wrong: it says the opposite of ${wrong[0] ?? ''}.`);
    }
    // A point the answer makes that is too little for a mark is named, never called "not one of
    // the points".
    const madeButTooLittle =
      verdict === 'incorrect'
        ? objects(claimable(phrased(made)).filter((p) => p.kind !== 'fragment')).slice(0, 2)
        : [];
    if (madeButTooLittle.length > 0 && listsStatements) {
      comment.push(listSentence);
    } else if (madeButTooLittle.length > 0) {
      comment.push(
        `It points out ${joinAnd(madeButTooLittle)}, but that alone does not earn a mark.`,
      );
    } else if (verdict === 'incorrect' && !backwards && !swap && !(claimsNone && made.length > 0)) {
      // What the answer does say, in its own words, and that it is not what earns the marks.
      const said = quoteFromAnswer(evidence.answer, undefined, evidence.legibility);
      if (said) {
        comment.push(
          `You wrote "${namedText(model, said)}", but that is not one of the points this question asks for.`,
        );
      }
    }
    const wrongTexts = new Set(wrongPhrases.map((p) => p.text));
    const notYet = [
      ...absentPhrases,
      ...phrased(unmade),
      ...(verdict === 'incorrect' ? touchedPhrases : []),
    ].filter(
      (p, i, all) => !wrongTexts.has(p.text) && all.findIndex((q) => q.text === p.text) === i,
    );
    const notYetObjects = objects(notYet).slice(0, 2);
    const notYetFragment = fragments(notYet)[0];
    const lastWrong = wrongSolutions.at(-1);
    if (lastWrong) {
      comment.push(`It works out ${lastWrong}, which is not the right value.`);
    } else if (
      verdict === 'incorrect' &&
      touched.length === 0 &&
      notYetObjects.length === 0 &&
      notYetFragment === undefined &&
      wrong.length === 0 &&
      !backwards &&
      !swap
    ) {
      comment.push(
        equation
          ? `It does not use ${equation} to work out the answer.`
          : calculating
            ? 'It does not reach the right result.'
            : "It does not show the points this question's answer needs.",
      );
    } else if (touched.length > 0 && verdict !== 'incorrect') {
      comment.push(
        `It mentions ${joinAnd(touched)}, but does not explain ${touched.length > 1 ? 'them' : 'it'} fully enough for the marks.`,
      );
    }
    if (wrongUnits.length > 0 && wrongUnits.length === unitless.length) {
      comment.push(
        `It gives ${joinAnd(wrongUnits.map((q) => q.given))}, with the wrong ${wrongUnits.length > 1 ? 'units' : 'unit'}: a full answer writes ${joinAnd(wrongUnits.map((q) => q.written))}.`,
      );
    } else if (unitless.length > 0) {
      comment.push(
        `It gives ${joinAnd(unitless.map((q) => q.value))} without ${unitless.length > 1 ? 'the units' : 'the unit'}: a full answer writes ${joinAnd(unitless.map((q) => q.written))}.`,
      );
    }
    if (notYetObjects.length > 0) {
      comment.push(
        `It does not ${verdict === 'incorrect' ? 'show' : 'mention'} ${joinOr(notYetObjects)}, which a full answer needs.`,
      );
    } else if (notYetFragment !== undefined) {
      // A part of a rubric sentence that cannot be said as a clause or a name of its own.
      comment.push(`It leaves out one part of a full answer: ${notYetFragment}.`);
    }
    // A teacher's question is read by its own rule (a worked result, right or wrong, is no
    // restatement); elsewhere by how much of the answer is the question's words.
    // (Not said of an answer already told what it got wrong.)
    if (
      !backwards &&
      swapped.length === 0 &&
      contradicted.length === 0 &&
      (teacherStyle
        ? isRestatement(model, evidence)
        : evidence.questionOverlap > 0.7 && evidence.distinctContent >= 3)
    ) {
      comment.push('Much of it repeats the question rather than answering it.');
    }
  }

  let suggestion: string;
  if (verdict === 'correct' && listsStatements && !calculating) {
    suggestion = `${IN_SENTENCES}, and say how each idea leads to the next.`;
  } else if (verdict === 'correct') {
    suggestion = calculating
      ? /[=×÷*/]/.test(evidence.answer)
        ? 'Keep setting out each step of your working like this.'
        : 'Keep answering this way, and show your working where a question asks for it.'
      : 'Keep answering this way: state each point plainly and say why it holds.';
  } else {
    const need = Math.max(1, model.required);
    const next = [...phrased(contradicted), ...phrased(partial), ...phrased(missing)].filter(
      (p, i, all) => p.kind !== 'fragment' && all.findIndex((q) => q.text === p.text) === i,
    );
    const first = next[0];
    const object = first ? objectText(first) : undefined;
    if (model.rubric.isAlternatives && present.length < need && object) {
      suggestion = `Next time, give ${need} points, as the question asks; your answer shows ${present.length}. One you could use is ${object}.`;
    } else if (swapped[0]) {
      suggestion = `Next time, check whether each sentence is about ${swapped[0].subject} or ${swapped[0].with} before you write it.`;
    } else if (backwards) {
      suggestion = 'Next time, check which way round each direction or comparison goes.';
    } else if (first && object && phrased(contradicted).some((p) => p.text === first.text)) {
      suggestion = `Next time, check your point about ${first.kind === 'name' ? first.text : 'this'} against your notes before you write it.`;
    } else if (wrongUnits[0] && wrongUnits.length === unitless.length) {
      suggestion = `Next time, check which unit each value you work out is measured in, as in ${wrongUnits[0].written}.`;
    } else if (unitless[0]) {
      suggestion = `Next time, write the unit with every value you work out, as in ${unitless[0].written}.`;
    } else if (
      wrongSolutions.length > 0 ||
      (solving && reached.length === 0 && !(first && object))
    ) {
      suggestion =
        'Next time, do the same to both sides at each step, then check your answer by putting it back into the equation.';
    } else if (reached.length > 0 && !equation && !(first && object)) {
      suggestion = 'Next time, show each step of your working, not only the answer.';
    } else if (onTheWay.length > 0 && !(first && object)) {
      suggestion =
        'Next time, carry the working through to the final answer the question asks for, and give it with its unit.';
    } else if (first && object && listsStatements) {
      suggestion = `${IN_SENTENCES}, and ${first.kind === 'clause' ? 'say' : 'cover'} ${object}.`;
    } else if (first && object) {
      suggestion =
        first.kind === 'name'
          ? `Next time, also cover ${object}, in a sentence of your own.`
          : first.kind === 'clause'
            ? `Next time, say in a sentence of your own ${object}.`
            : `Next time, also cover ${object}.`;
    } else if (
      equation &&
      finalWithUnit.length > 0 &&
      !writesEquation &&
      [...evidence.stems].some((t) => t.startsWith('expr_'))
    ) {
      // The values put in and the result, without the equation they come from.
      suggestion = `Next time, write the equation first, ${equation}, then put in the values.`;
    } else if (equation && writesEquation && score > 0 && finalWithUnit.length === 0) {
      // The right equation (any arrangement of its letters has one token: the mark tells a wrong
      // one), a result that is not the rubric's: a slip on the way.
      suggestion = `Next time, check each step of your working after ${equation}.`;
    } else if (equation) {
      // A calculation: the next step is the working, not "explain each point more fully".
      suggestion = `Next time, start from ${equation}, put in the values from the question and give the answer${quantitiesOf(model.rubric.high).length > 0 ? ' with its unit' : ''}.`;
    } else if (calculating) {
      suggestion = 'Next time, set out each step of the calculation, then check the result.';
    } else {
      // A point the mark counts that the answer does not say in so many words: said plainly, it
      // is safe.
      const unsaid = objects(
        phrased(present.filter((r) => !made.includes(r))).filter((p) => p.kind === 'clause'),
      )[0];
      suggestion = listsStatements
        ? `${IN_SENTENCES}, and say ${unsaid ?? listed[0] ?? ''}.`
        : unsaid
          ? `Next time, say plainly in a sentence of your own ${unsaid}.`
          : 'Next time, explain each point more fully, with an example or a reason for each.';
    }
    if (score > 0 && score < marks) suggestion = suggestion.replace(/^Next time/, 'To improve');
  }
  return { aiComment: comment.join(' '), suggestion };
}

/** The subject of a point said as a clause ("light" of "light travels faster than sound"). */
function subjectIn(phrase: TPhrase): string | undefined {
  return phrase.kind === 'clause' ? subjectOfClause(phrase.text) : undefined;
}

/** "3x" of "3x = 15". */
function unknownOf(written: string): string {
  return written.split(' = ')[0] ?? written;
}

/** True when most of a phrase's content words are the question's own. */
function repeatsQuestion(model: TQuestionModel, phrase: string): boolean {
  const stems = stemsOf(phrase);
  if (stems.size === 0) return true;
  let own = 0;
  for (const s of stems) if (model.questionStems.has(s)) own++;
  return own / stems.size >= 0.7;
}

/** "You wrote about …": what an off-topic answer says instead, in its own words, when readable. */
const EQUATION_RE = /\b([A-Za-z]\w*) ?= ?([A-Za-z]\w*(?: ?[×x*/·+-] ?[A-Za-z]\w*)+)(?![\w=])/g;

/**
 * The equation a teacher's rubric asks the working to start from ("speed = distance / time"; of
 * "V = I × R rearranged to I = V / R", the form the answer is worked from), if it names one.
 */
function equationOf(model: TQuestionModel): string | undefined {
  for (const point of model.keyPoints) {
    const found = [...point.text.matchAll(EQUATION_RE)].map((m) => `${m[1]} = ${m[2]}`);
    if (found.length > 0) return found.at(-1);
  }
  return undefined;
}

/** Content words up to which an answer with nothing of the rubric's is a wrong attempt. */
const SHORT_WRONG_ATTEMPT = 6;

function saidInstead(evidence: TEvidence): string {
  const said = quoteFromAnswer(evidence.answer, undefined, evidence.legibility);
  return said ? `You wrote "${said}", which is not what the question asks about.` : '';
}

/** "a, b and c" */
function sentenceList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Feedback against a rubric that names no subject content: what the answer does of what the question
 * asks (key terms, content of its own, reasons, items, comparison, working) and what it still needs.
 */
function criteriaFeedback(
  criteria: TCriteriaModel,
  evidence: TEvidence,
  score: number,
  marks: number,
  verdict: TVerdict,
  canBeOffTopic: boolean,
): TFeedbackText {
  const a = criteriaAssessment(criteria, evidence, marks);
  const terms = criteria.keyTerms.slice(0, 3).map((k) => k.term);
  const firstMissing = a.missing[0];
  if (a.offTopic && canBeOffTopic && score < marks) {
    return {
      aiComment:
        terms.length > 0
          ? `Your answer does not address the question: it does not mention ${joinAnd(terms.map((t) => `"${t}"`))}. ${saidInstead(evidence)}`.trim()
          : `Your answer does not address the question. ${saidInstead(evidence)}`.trim(),
      suggestion: `Read the question again and answer it directly${firstMissing ? `; ${firstMissing}` : ''}.`,
    };
  }
  if (a.copies && score < marks) {
    return {
      aiComment: 'Your answer repeats the question without adding anything of its own.',
      suggestion: `Answer it in your own words${firstMissing ? `, and ${firstMissing}` : ''}.`,
    };
  }
  const comment: string[] = [verdictSentence(verdict)];
  if (a.present.length > 0 && verdict !== 'incorrect') {
    comment.push(`You ${sentenceList(a.present.slice(0, 3))}.`);
  }
  const quoted =
    verdict !== 'incorrect'
      ? quoteFromAnswer(evidence.answer, undefined, evidence.legibility)
      : undefined;
  if (quoted) comment.push(`You put it well in "${quoted}".`);
  if (verdict !== 'correct') {
    const gaps = a.missing.slice(0, 2);
    if (gaps.length > 0) comment.push(`To earn the marks it still needs to ${joinAnd(gaps)}.`);
    if (a.restatement) comment.push('Most of it repeats the question rather than answering it.');
  }
  const suggestion =
    verdict === 'correct' || !firstMissing
      ? 'Keep answering every part of the question this fully, with reasons for each point.'
      : `${score > 0 ? 'To improve' : 'Next time'}, ${firstMissing}.`;
  return { aiComment: comment.join(' '), suggestion: capitalise(suggestion) };
}

/** Rubrics whose bands carry no subject content: length, development and support only. */
function holisticFeedback(
  evidence: TEvidence,
  score: number,
  marks: number,
  verdict: TVerdict,
): TFeedbackText {
  const share = marks > 0 ? score / marks : 0;
  const comment: string[] = [verdictSentence(verdict)];
  if (share >= 1) comment.push('It answers the question fully and supports it with detail.');
  else if (share >= 0.5)
    comment.push('It answers the question, but parts of it need more development or support.');
  else if (score > 0)
    comment.push('It does not yet answer the question clearly or support its points.');
  else if (evidence.contentWords < 12) comment.push('It is too short to answer the question.');
  else comment.push('It does not answer the question clearly or support its points.');
  const quoted = quoteFromAnswer(evidence.answer, undefined, evidence.legibility);
  if (quoted) {
    comment.push(
      verdict === 'incorrect'
        ? `You wrote "${quoted}", but it needs to be developed into an answer to the question.`
        : `You make a clear point in "${quoted}".`,
    );
  }
  if (verdict !== 'correct' && evidence.questionOverlap > 0.7 && evidence.distinctContent >= 3) {
    comment.push('Much of it repeats the question rather than answering it.');
  }
  const suggestion =
    share >= 1
      ? 'Keep supporting each idea with a specific detail from the text and say how it answers the question.'
      : evidence.supportMarkers === 0
        ? 'Next time, back each point with a specific detail or example and say how it answers the question.'
        : 'Next time, explain how each detail you give answers the question, in a sentence of your own.';
  return { aiComment: comment.join(' '), suggestion };
}

/** "Mass is the amount of matter" as "mass is the amount of matter" (an acronym keeps its capitals). */
function lowerFirst(text: string): string {
  return /^[A-Z][A-Z0-9]/.test(text) ? text : text.charAt(0).toLowerCase() + text.slice(1);
}
