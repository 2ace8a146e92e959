import { analyseQuestion, type TQuestionAnalysis } from '../language/question-analysis';
import { writeOfflineRubric } from '../language/offline-rubric';
import type { TTask } from '../language/question-tasks';
import type { TEvidence } from './evidence';
import type { TKeyPointModel, TQuestionModel } from './question-model';
import { lowBandTop, placeOnBands, type TBandRanges } from './teacher';
import { analyse, contentStems, normaliseText } from './text';
import { wordKind } from './word-senses';

/**
 * Marking against a rubric that names no subject content: the rubric the offline writer produces
 * (`modules/rubrics/offline-rubric.ts`), or a teacher's that only says how a good answer is built
 * ("explains with reasons", "uses the key terms correctly", "in enough detail"). Key-term matching
 * on such text would look for the words "reasons" and "mechanism"; instead the answer is judged on
 * what those rubrics ask for, read from the question itself:
 * - the question's key terms, used in the answer;
 * - content of the answer's own (words the question does not already give);
 * - what each task demands: reasons linked to effects for "explain", the number of items for
 *   "name two", comparison for "compare", working and a unit for "calculate", steps or detail for
 *   "describe".
 * Facts cannot be checked without content in the rubric; the feedback says what the mark rests on.
 */

/** The vocabulary of rubric wording about how an answer is built, not what it says. */
const META_TEXT = `answer answers answered range question asks asked correct correctly precisely distinct
  item items vague repeated wrong count counts accurate accurately enough detail details logical order
  term terms main point points briefly reason reasons reasoning mechanism cause causes effect effects
  linked link statement statements fact facts difference differences differs feature features
  similarity similarities side sides set separately work works working step steps given value values
  method final unit units show shows written follow followed lead leads required result results
  define defines definition own word words key apart state states purpose solve solves problem
  direction size change changes happen happens clear clearly justify justified justifies justification
  depend depends back backs weigh weighs strength strengths weakness weaknesses advantage advantages
  disadvantage disadvantages conclusion conclusions support supports specific specifics evidence data
  say says suggestion suggestions realistic improve improves prediction draw draws valid cite cites
  choice choose identify identifies important label labels scale scales group groups complete
  completely explanation explanations explain explains use uses every part parts mostly mark marks full
  lower end nothing incorrect add added comparison comparisons explicit alike describe describes
  describing described general request requested length keep keeps relevant knowledge little
  shortcoming shortcomings typical restate restates copy copies irrelevant contradict contradicts
  topic pad pads material instead well short between proportion example examples accord according
  minor omission imprecision slip arithmetic misuse misuses leave leaves instead high low middle
  full marks mark range ranges good thorough good understanding demonstrate demonstrates show
  whereas unlike both`;

/**
 * Questions of every kind the offline rubric writer knows; the words its rubrics for them use, less
 * each question's own, are its wording (whatever a later version of the writer says).
 */
const SAMPLE_QUESTIONS = [
  'Explain why ice floats on water.',
  'Explain how a vaccine protects the body.',
  'Describe the water cycle.',
  'Outline the stages of mitosis.',
  'Compare plant and animal cells.',
  'What are the differences between mitosis and meiosis?',
  'Calculate the density of a block of mass 20 g and volume 4 cm3.',
  'How many moles are in 18 g of water?',
  'Name two renewable energy resources and give one advantage of each.',
  'List three properties of metals.',
  'Define osmosis.',
  'Evaluate the use of nuclear power.',
  'Use evidence from the article to support your answer.',
  'Justify your choice with evidence from the experiment.',
  'Suggest one improvement to the method.',
  'Predict what will happen to the rate if the temperature rises.',
  'What conclusion can you draw from the results?',
  'Choose the best material and explain your choice.',
  'Put the planets in order of size.',
  'What is the effect of temperature on enzyme activity?',
  'What is the purpose of the control group?',
  'Is the reaction exothermic?',
  'How does the heart pump blood?',
  'Analyse the data in the table.',
  'Show your working.',
  'Draw a circuit diagram.',
  'Classify the animals into vertebrates and invertebrates.',
  'Why is the sky blue? Answer in 2-3 sentences.',
];

let meta: Set<string> | undefined;

function metaStems(): Set<string> {
  if (meta) return meta;
  meta = contentStems(META_TEXT);
  const ranges = { low: { start: 0, end: 1 }, high: { start: 3, end: 5 } };
  const seen = new Map<string, number>();
  for (const question of SAMPLE_QUESTIONS) {
    const own = contentStems(question);
    const rubric = writeOfflineRubric({ question, marks: 5, ...ranges });
    for (const s of contentStems(`${rubric.low}\n${rubric.high}`)) {
      if (!own.has(s)) seen.set(s, (seen.get(s) ?? 0) + 1);
    }
  }
  // Wording recurs across questions; a word one rubric borrowed from its own example does not.
  for (const [s, n] of seen) if (n >= 3) meta.add(s);
  return meta;
}

/**
 * A key point is about form when it speaks rubric wording ("explains ... giving reasons", "uses the
 * key terms correctly") and names nothing beyond the question. A point made of the question's own
 * words but no rubric wording ("how much vinegar was used") is content.
 */
export function isFormPoint(
  point: TKeyPointModel,
  questionStems: ReadonlySet<string>,
  writerLines: ReadonlySet<string> = new Set(),
): boolean {
  if (writerLines.has(lineKey(point.text))) return true;
  const stems = point.terms.map((t) => t.stem);
  if (stems.length === 0) return true;
  const wording = stems.filter((s) => metaStems().has(s)).length;
  const own = stems.filter((s) => !questionStems.has(s) && !metaStems().has(s)).length;
  if (own <= Math.floor(stems.length * 0.1) && wording >= 2 && wording >= stems.length * 0.2) {
    return true;
  }
  return namesOnlyThought(point.text);
}

/**
 * A line that names nothing an answer could show: its nouns are of thought and language ("the idea",
 * "a thorough understanding", "the key scientific vocabulary", "correct terms") and its other words
 * only describe ("thorough", "logical") or are rubric wording ("explains", "shows"). A word for a
 * thing, a process or an action, the question's own included, makes it content.
 */
function namesOnlyThought(text: string): boolean {
  if (/\d/.test(text)) return false;
  let thought = false;
  for (const token of analyse(text)) {
    if (!token.isContent) continue;
    const kind = wordKind(token.word);
    if (kind === 'thought') thought = true;
    else if (kind !== 'describer' && !handWording().has(token.stem)) return false;
  }
  return thought;
}

let wording: Set<string> | undefined;

/** The written list of rubric wording (the writer's words, `metaStems`, include "contain"). */
function handWording(): Set<string> {
  wording ??= contentStems(META_TEXT);
  return wording;
}

function lineKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * The requirement lines the offline writer puts in the high band of its rubric for this question
 * (they do not depend on the marks): a rubric line among them is the writer's, about form.
 */
export function writerLinesOf(question: string): Set<string> {
  if (question.trim() === '') return new Set();
  const { high } = writeOfflineRubric({
    question,
    marks: 5,
    low: { start: 0, end: 1 },
    high: { start: 3, end: 5 },
  });
  const out = new Set<string>();
  for (const line of high.split('\n')) {
    const m = /^\s*-\s+(.+)$/.exec(line);
    if (m?.[1]) out.add(lineKey(m[1]));
  }
  return out;
}

export type TCriteriaModel = {
  analysis: TQuestionAnalysis;
  tasks: TTask[];
  /** Content stems of each key term of the question, as roots. */
  keyTerms: { term: string; roots: string[] }[];
  questionRoots: Set<string>;
};

const models = new WeakMap<TQuestionModel, TCriteriaModel | null>();

/**
 * The criteria view of a question whose rubric names no subject content, or `undefined` when the
 * rubric carries content (listed points, a reference answer, a teacher's facts).
 */
export function criteriaModelOf(model: TQuestionModel): TCriteriaModel | undefined {
  const hit = models.get(model);
  if (hit !== undefined) return hit ?? undefined;
  let out: TCriteriaModel | null = null;
  const points = model.keyPoints;
  const hasReference = points.some((p) => p.source === 'reference');
  if (
    points.length > 0 &&
    !hasReference &&
    model.question.trim() !== '' &&
    points.every((p) => isFormPoint(p, model.questionStems, model.writerLines))
  ) {
    const analysis = analyseQuestion(model.question);
    out = {
      analysis,
      tasks: analysis.tasks,
      keyTerms: analysis.keyTerms.map((term) => ({
        term,
        roots: [...contentStems(term)].map(rootOf),
      })),
      questionRoots: new Set([...model.questionStems].map(rootOf)),
    };
  }
  models.set(model, out);
  return out ?? undefined;
}

/** A stem without comparative and adjective endings: "colder" and "cold", "wooden" and "wood". */
function rootOf(stem: string): string {
  const m = /^(.{3,}?)(?:er|est|en|li|ly)$/.exec(stem);
  return m?.[1] ?? stem;
}

const REASON_RE =
  /\b(?:because|so|therefore|thus|hence|since|as a result|which means|this means|that means|meaning|due to|caus(?:e|es|ed|ing)|lead(?:s|ing)? to|led to|result(?:s|ed|ing)? in|so that|in order to|make(?:s)?|made|allow(?:s|ed)?|stop(?:s|ped)?|prevent(?:s|ed)?|increas(?:e|es|ed)|decreas(?:e|es|ed)|when|if)\b/g;
const COMPARE_RE =
  /\b(?:whereas|while|but|however|unlike|than|both|similar(?:ly)?|same|different|differ(?:s)?|more|less|instead|on the other hand)\b/g;
const SEQUENCE_RE = /\b(?:first(?:ly)?|then|next|after(?:wards)?|finally|before|until|later)\b/g;
const EVALUATE_RE =
  /\b(?:however|but|although|advantage|disadvantage|benefit|drawback|on the other hand|overall|therefore)\b/g;

const EACH_RE = /\b(?:of|for|to) each\b/i;

const REFERS_BACK_RE = /^(?:it|its|they|their|them|this|these|those|that|he|she|his|her)\b/;

function countMatches(text: string, re: RegExp): number {
  return (text.match(re) ?? []).length;
}

/** The answer split into items: lines, sentences, and list separators. */
function itemsOf(text: string): string[][] {
  return text
    .split(/\n+|(?<=[.!?;])\s+|,\s*|\s+(?:and|or|then|also)\s+|^\s*[-*•]\s*/)
    .map((part) => [...contentStems(part)])
    .filter((stems) => stems.length > 0);
}

type TTaskCheck = { satisfied: number; present?: string; missing?: string };

/** A task judged by how many of its marker words the answer uses (`ratio` 1 = enough). */
function byMarkers(
  ratio: number,
  present: string,
  missing: string,
  /** What is still missing when part of it is there. */
  more: string = missing,
): TTaskCheck {
  const satisfied = Math.min(1, ratio);
  if (satisfied >= 0.99) return { satisfied, present };
  return { satisfied, missing: satisfied > 0 ? more : missing };
}

function checkTask(
  task: TTask,
  text: string,
  marks: number,
  ownWords: number,
  items: string[][],
  previous: TTask | undefined,
): TTaskCheck {
  const wanted = marks >= 3 ? 2 : 1;
  switch (task.demand) {
    case 'list':
    case 'suggest':
    case 'choose': {
      // "Name two ... and give one advantage of each": one advantage for each of the two.
      const each = EACH_RE.test(task.object) ? (previous?.count?.n ?? 1) : 1;
      const n = (task.count?.n ?? 1) * each;
      // An attribute of each item ("an advantage of each") is a statement, not a name.
      const found = each > 1 ? items.filter((stems) => stems.length >= 3).length : items.length;
      const satisfied = Math.min(1, found / n);
      const what = task.count
        ? `${task.count.written.toLowerCase()} ${task.count.items}${each > 1 && !/\beach\b/i.test(task.count.items) ? ' for each' : ''}`
        : 'a clear answer';
      return satisfied >= 0.99
        ? { satisfied, present: `gave ${what}` }
        : { satisfied, missing: `give ${what}, each stated clearly` };
    }
    case 'compare':
      return byMarkers(
        countMatches(text, COMPARE_RE) / wanted,
        'compared the two directly',
        'compare them directly, on the same feature ("whereas", "both", "unlike")',
      );
    case 'calculate':
    case 'show': {
      const numbers = countMatches(text, /\d+(?:\.\d+)?/g);
      const working = /[=×x*/+÷-]\s*\d|\d\s*[=×*/+÷]/.test(text) ? 1 : 0;
      const unit = /\d\s*(?:[a-z%°µ]{1,4}\b|degrees)/.test(text) ? 1 : 0;
      const satisfied = Math.min(1, 0.4 * Math.min(1, numbers / 2) + 0.3 * working + 0.3 * unit);
      return satisfied >= 0.99
        ? { satisfied, present: 'showed the working and the unit' }
        : { satisfied, missing: 'show each step of the working and give the unit' };
    }
    case 'describe':
    case 'outline':
    case 'process':
    case 'define':
    case 'purpose':
    case 'analyse':
    case 'order':
    case 'draw':
    case 'classify':
    case 'answer': {
      const steps = items.filter((stems) => stems.length >= 2).length;
      const sequence = countMatches(text, SEQUENCE_RE);
      const needed = Math.max(2, Math.ceil(marks * 0.75));
      const satisfied = Math.min(1, (steps + sequence / 2) / needed, (ownWords + 1) / 4);
      return satisfied >= 0.99
        ? { satisfied, present: 'described it in detail' }
        : { satisfied, missing: 'describe it in more detail, step by step' };
    }
    case 'evaluate':
      return byMarkers(
        countMatches(text, EVALUATE_RE) / 2,
        'weighed both sides',
        'weigh both sides and say which matters more, and why',
      );
    default:
      // explain, justify, effect, predict, conclude, yesno
      return byMarkers(
        countMatches(text, REASON_RE) / wanted,
        'gave reasons, linking cause and effect',
        'explain why: link each cause to its effect with "because" or "so"',
        'give a further reason, linking its cause to its effect',
      );
  }
}

export type TCriteriaAssessment = {
  /** Share of the marks (0..1) before it is placed on the bands. */
  share: number;
  offTopic: boolean;
  restatement: boolean;
  /** Nothing of the answer's own: no word (or working) the question does not already give. */
  copies: boolean;
  present: string[];
  missing: string[];
};

/** Weights of the three signals: key terms, content of the answer's own, what the tasks demand. */
const WEIGHTS = { terms: 0.3, own: 0.3, demand: 0.4 } as const;

/** Judges one answer against the form criteria of its question. */
export function assessCriteria(
  criteria: TCriteriaModel,
  evidence: TEvidence,
  answer: string,
  marks: number,
): TCriteriaAssessment {
  const text = normaliseText(answer);
  const roots = new Set([...evidence.stems].map(rootOf));
  const present: string[] = [];
  const missing: string[] = [];
  const later: string[] = [];

  let overlap = 0;
  for (const r of criteria.questionRoots) if (roots.has(r)) overlap++;
  const own = [...roots].filter((r) => !criteria.questionRoots.has(r) && r.length > 1).length;

  const termScores = criteria.keyTerms.map((k) => {
    if (k.roots.length === 0) return 0;
    return k.roots.filter((r) => roots.has(r)).length / k.roots.length;
  });
  // "They carry oxygen." names the question's subject by pointing back at it.
  const refersBack = REFERS_BACK_RE.test(text.trim());
  const named =
    termScores.length > 0
      ? termScores.reduce((s, x) => s + x, 0) / termScores.length
      : Math.min(1, overlap / 3);
  const terms = refersBack ? Math.max(named, 1 / Math.max(1, termScores.length)) : named;
  const unusedTerms = criteria.keyTerms.filter((_, i) => (termScores[i] ?? 0) < 0.5);
  // Named as used only when the answer has the whole term ("Metal …" does not use "metal spoon").
  const wholeTerms = criteria.keyTerms.filter((_, i) => (termScores[i] ?? 0) >= 0.99);
  if (wholeTerms.length > 0 && wholeTerms.length === criteria.keyTerms.length)
    present.push('used the key terms');
  else if (wholeTerms.length > 0)
    present.push(`used ${wholeTerms.map((k) => `"${k.term}"`).join(', ')}`);
  if (unusedTerms.length > 0 && terms < 0.75) {
    const named = unusedTerms.map((k) => `"${k.term}"`);
    const list =
      named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named.at(-1) ?? ''}` : named[0];
    later.push(`use the key term${named.length > 1 ? 's' : ''} ${list ?? ''}`);
  }

  // A list asks for its items, not for elaboration ("carbon dioxide, methane and water vapour").
  const listOnly = criteria.tasks.every(
    (t) => t.demand === 'list' && t.count !== undefined && !EACH_RE.test(t.object),
  );
  const listed = criteria.tasks.reduce((n, t) => n + (t.count?.n ?? 0), 0);
  const ownTarget = listOnly ? Math.max(2, listed) : Math.min(12, Math.max(5, 3 + 2 * marks));
  const ownShare = Math.min(1, own / ownTarget);
  if (ownShare >= 0.99) present.push('added knowledge of your own');
  else later.unshift('add facts, examples or steps of your own that the question does not give');

  const items = itemsOf(text);
  const checks = criteria.tasks.map((task, i) =>
    checkTask(task, text, marks, own, items, criteria.tasks[i - 1]),
  );
  const demand =
    checks.length > 0 ? checks.reduce((s, c) => s + c.satisfied, 0) / checks.length : ownShare;
  for (const c of checks) {
    if (c.present && !present.includes(c.present)) present.push(c.present);
    if (c.missing && !missing.includes(c.missing)) missing.push(c.missing);
  }
  // What the tasks still need comes first; then content of its own, then the key terms.
  missing.push(...later);

  // Items named in a list may share no word with the question ("wind and solar").
  const listsItems = criteria.tasks.some(
    (t) => (t.demand === 'list' && t.count !== undefined) || t.demand === 'suggest',
  );
  // An answer pointing back at the question's subject is about it; a calculation's answer is a
  // number.
  const calculates = criteria.tasks.some((t) => t.demand === 'calculate') && /\d/.test(text);
  // Items may share no word with the question ("wind and solar", "carbon dioxide, methane"), but
  // then they read as a list of short names, or as statements with reasons ("…, because …"); a
  // sentence about something else ("Shakespeare wrote plays in London.") is neither.
  const listShaped = items.length > 0 && items.every((stems) => stems.length <= 2);
  const developed = countMatches(text, REASON_RE) > 0;
  const readsAsItems = listsItems && (listShaped || developed);
  const offTopic = overlap === 0 && !readsAsItems && !refersBack && !calculates;
  // Working from the given values ("speed = 150 / 10") is the answer's own, in numbers.
  const worked = calculates && /\d\s*[=×x*/+÷-]\s*\d/.test(text);
  // Only the question's own words ("the metal spoon feels colder"), or one more.
  const restatement = !offTopic && own <= 1 && !worked;
  const useTerms = !(listsItems && overlap === 0);
  const share = useTerms
    ? WEIGHTS.terms * terms + WEIGHTS.own * ownShare + WEIGHTS.demand * demand
    : (WEIGHTS.own * ownShare + WEIGHTS.demand * demand) / (WEIGHTS.own + WEIGHTS.demand);
  const copies = own === 0 && !worked;
  return { share: offTopic ? 0 : share, offTopic, restatement, copies, present, missing };
}

const assessments = new WeakMap<TEvidence, TCriteriaAssessment>();

/** `assessCriteria` once per answer (the score and the feedback both read it). */
export function criteriaAssessment(
  criteria: TCriteriaModel,
  evidence: TEvidence,
  marks: number,
): TCriteriaAssessment {
  const hit = assessments.get(evidence);
  if (hit) return hit;
  const out = assessCriteria(criteria, evidence, evidence.answer, marks);
  assessments.set(evidence, out);
  return out;
}

/**
 * The score (0..marks, unrounded) on the rubric's own bands: an off-topic answer or a copy of the
 * question gets the bottom of the low band, an answer adding one word of its own stays in it.
 */
export function criteriaScore(
  criteria: TCriteriaModel,
  evidence: TEvidence,
  marks: number,
  ranges: TBandRanges,
): number {
  const a = criteriaAssessment(criteria, evidence, marks);
  if (a.offTopic || a.copies) return placeOnBands(0, marks, ranges);
  const score = placeOnBands(a.share, marks, ranges);
  return a.restatement ? Math.min(score, lowBandTop(marks, ranges)) : score;
}
