import nlp from 'compromise/two';
import { spellingOf } from './word-list';

/**
 * What kind of phrase a rubric label is, so feedback can build a grammatical sentence around it:
 * "It does not mention that + CLAUSE" needs a full clause (a subject and a finite verb); a name
 * ("the white lid", "how long each sample was rinsed") is mentioned as it is; an instruction or a
 * purpose ("measure the mass", "to reduce routing tables") becomes "the need to …"; and a fragment cut
 * out of a longer sentence ("into the more concentrated cell sap", "since we have a buffer size of 10")
 * is none of these and gets a template that reads for fragments, or is completed from its sentence.
 *
 * Simple word-list checks (and a part-of-speech tagger only for instructions the lists lack): they
 * are tuned to be safe (a doubtful label is a name or a fragment, never "that + fragment"), not to
 * parse English.
 */

export type TPhraseKind = 'clause' | 'name' | 'need' | 'fragment';

export type TPhrase = {
  kind: TPhraseKind;
  /** The label as it stands in a sentence (for 'need': the verb phrase after "the need to"). */
  text: string;
};

const AUX = new Set([
  'is',
  'are',
  'was',
  'were',
  'has',
  'have',
  'had',
  'will',
  'can',
  'cannot',
  'could',
  'would',
  'should',
  'must',
  'may',
  'might',
  'shall',
  'does',
  'do',
  'did',
  "isn't",
  "aren't",
  "doesn't",
  "don't",
  "can't",
  "won't",
  "wasn't",
  "weren't",
]);

const MODALS = new Set([
  'will',
  'can',
  'cannot',
  'could',
  'would',
  'should',
  'must',
  'may',
  'might',
]);

/** Base forms of verbs common in science and humanities rubrics; -s and -ed forms are derived. */
const VERB_BASES = `
absorb accelerate acknowledge act add affect allow appear apply arrive attach attract avoid
become begin bind boil break build burn carry cause change check collide come compare concentrate
condense conclude consist contain contract contribute control convert cool create damage decide
decline decrease deliver depend describe destroy determine develop differ diffuse dissolve divide
double drop emit enable end ensure enter escape evaporate exist exit expand explain fall feel fill
find flood flow form forward freeze fulfil fulfill gain get give go grow happen heat help hold
improve include increase indicate keep know lead learn leave let limit look lose make mark mean
melt merge move need occur pass point prevent produce protect provide pull purge push reach react
read receive recognise recognize reduce reflect regulate release remain remove repeat repel replace
represent require result rise run say see seem send serve show shrink slow split start stay stop
store stretch support take tell test think transmit transport travel turn update use vary want
waste work write collect trap close open lower raise save shade cover conduct insulate hold bond
share replicate copy code translate transcribe fold digest pump filter breathe respire survive adapt
live die eat feed hunt compete mate reproduce inherit mutate evolve spread infect kill fight block
bounce spin orbit rotate revolve sink float weigh balance equal exceed cross climb lift connect
route retransmit buffer queue encrypt authenticate assign broadcast discard detect correct guarantee
establish request reply respond ask answer believe realise realize choose notice remember forget
teach hope wish love like hate miss worry
`
  .trim()
  .split(/\s+/);

const IRREGULAR_FINITE = new Set([
  'made',
  'went',
  'came',
  'took',
  'gave',
  'got',
  'became',
  'grew',
  'fell',
  'kept',
  'held',
  'lost',
  'knew',
  'said',
  'told',
  'thought',
  'brought',
  'built',
  'sent',
  'ran',
  'began',
  'broke',
  'led',
  'meant',
  'stood',
  'goes',
  'does',
]);

function sForm(base: string): string {
  if (/(?:s|sh|ch|x|z|o)$/.test(base)) return `${base}es`;
  if (/[^aeiou]y$/.test(base)) return `${base.slice(0, -1)}ies`;
  return `${base}s`;
}

function edForm(base: string): string {
  if (base.endsWith('e')) return `${base}d`;
  if (/[^aeiou]y$/.test(base)) return `${base.slice(0, -1)}ied`;
  if (/^(?:stop|drop|split|ship|plan|slip|grab)$/.test(base))
    return `${base}${base.at(-1) ?? ''}ed`;
  return `${base}ed`;
}

/** Third-person and past forms: words that are a finite verb after a subject. */
const FINITE_FORMS = new Set<string>([
  ...IRREGULAR_FINITE,
  ...VERB_BASES.map(sForm),
  ...VERB_BASES.map(edForm),
]);

/** Words after which an -ed form is an adjective or participle, not the verb of a clause. */
const BEFORE_PARTICIPLE = new Set([
  'the',
  'a',
  'an',
  'more',
  'most',
  'less',
  'least',
  'very',
  'highly',
  'well',
  'partially',
  'fully',
  'being',
  'been',
  'be',
  'of',
  'in',
  'on',
  'by',
  'with',
  'to',
  'for',
  'from',
  'and',
  'or',
  'not',
  'no',
  'its',
  'their',
  'his',
  'her',
  'this',
  'these',
  'those',
  'that',
]);

/** Words after which an -s form is a plural noun ("the uses", "these changes"). */
const BEFORE_NOUN = new Set([
  'the',
  'a',
  'an',
  'these',
  'those',
  'its',
  'their',
  'his',
  'her',
  'your',
  'my',
  'our',
  'more',
  'most',
  'no',
  'many',
  'all',
  'both',
  'some',
  'any',
  'and',
  'or',
  'to',
]);

const PREPOSITIONS = new Set([
  'about',
  'above',
  'across',
  'after',
  'against',
  'along',
  'among',
  'around',
  'at',
  'before',
  'behind',
  'below',
  'beneath',
  'beside',
  'between',
  'beyond',
  'by',
  'despite',
  'down',
  'due',
  'during',
  'except',
  'for',
  'from',
  'in',
  'inside',
  'into',
  'like',
  'near',
  'of',
  'off',
  'on',
  'onto',
  'out',
  'outside',
  'over',
  'per',
  'since',
  'through',
  'throughout',
  'toward',
  'towards',
  'under',
  'until',
  'up',
  'upon',
  'via',
  'with',
  'within',
  'without',
]);

const DETERMINERS = new Set([
  'the',
  'a',
  'an',
  'this',
  'that',
  'these',
  'those',
  'its',
  'their',
  'his',
  'her',
  'our',
  'your',
  'my',
  'each',
  'every',
  'all',
  'both',
  'some',
  'any',
  'no',
  'one',
  'two',
  'three',
  'four',
  'five',
  'many',
  'more',
  'most',
]);

/** Words that open a subordinate clause: the label is not a main clause of its own. */
const SUBORDINATORS = new Set([
  'because',
  'since',
  'as',
  'although',
  'though',
  'whereas',
  'while',
  'whilst',
  'unless',
  'if',
  'when',
  'whenever',
  'once',
  'so',
  'otherwise',
  'thus',
  'hence',
  'therefore',
]);

const PRONOUNS = new Set(['i', 'we', 'you', 'they', 'it', 'he', 'she']);

const WH = new Set(['how', 'why', 'what', 'when', 'where', 'which', 'who', 'whom', 'whether']);

/** Words a phrase never ends on: it was cut off ("uses of DHCP are", "a result of the"). */
const DANGLING_END = new Set([
  'is',
  'are',
  'was',
  'were',
  'has',
  'have',
  'had',
  ...PREPOSITIONS,
  ...DETERMINERS,
  'and',
  'or',
  'but',
  'nor',
  'to',
  'be',
  'being',
  'been',
  'than',
  'then',
  'because',
  'if',
  'when',
  'while',
  'whereas',
  'which',
  'who',
  'whose',
  'e.g',
  'i.e',
  'etc',
]);

/** An instruction ("give a formula …", "measure the mass …"). */
export const IMPERATIVE_RE =
  /^(?:provide|indicate|add|use|measure|include|record|repeat|state|give|name|identify|describe|explain|list|compare|calculate|determine|show|make|keep|control|test|perform|conduct|label|check|mention|tell|find|ensure)\b/i;

const imperatives = new Map<string, boolean>();

/** Whether the tagger reads the label's first word as an instruction ("Bubble the gas ..."). */
function opensWithImperative(text: string): boolean {
  const hit = imperatives.get(text);
  if (hit !== undefined) return hit;
  const first = (nlp(text).json() as { terms: { tags: string[] }[] }[])[0]?.terms[0];
  const result = first?.tags.includes('Imperative') === true && !first.tags.includes('Noun');
  if (imperatives.size > 5_000) imperatives.clear();
  imperatives.set(text, result);
  return result;
}

function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[.,;:!?()]/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 0);
}

/** Index of the finite verb of a clause (after a subject), or -1. */
function finiteVerbAt(words: readonly string[]): number {
  for (let i = 1; i < words.length; i++) {
    const w = words[i] ?? '';
    const prev = words[i - 1] ?? '';
    // A wh-word or relative before the verb: the verb belongs to an embedded clause
    // ("consideration of how, why or for whom the text was written").
    if (WH.has(prev) || (prev === 'that' && i > 1)) return -1;
    if (WH.has(w) || SUBORDINATORS.has(w)) return -1;
    if (AUX.has(w) || IRREGULAR_FINITE.has(w)) return i;
    // A plural subject or a pronoun takes the base form: "plants need water", "they join".
    if (
      VERB_BASES.includes(w) &&
      (PRONOUNS.has(prev) ||
        (/[^s]s$/.test(prev) &&
          !PREPOSITIONS.has(prev) &&
          !DETERMINERS.has(prev) &&
          !AUX.has(prev)))
    ) {
      return i;
    }
    if (FINITE_FORMS.has(w) && !PREPOSITIONS.has(prev)) {
      // "the more concentrated sap": an -ed adjective; "the uses", "these changes": -s nouns.
      if (w.endsWith('ed') ? BEFORE_PARTICIPLE.has(prev) : BEFORE_NOUN.has(prev)) continue;
      return i;
    }
  }
  return -1;
}

/** True when a phrase ends on a word that leaves it unfinished ("… of the", "… are"). */
export function endsDangling(text: string): boolean {
  const words = wordsOf(text);
  const last = words.at(-1);
  return last === undefined || DANGLING_END.has(last);
}

/**
 * True when `text` is a full clause: it opens with a subject (not a preposition, subordinator,
 * wh-word, "to", a gerund or a bare verb) and has a finite verb after it.
 */
export function isClause(text: string): boolean {
  const words = wordsOf(text);
  const first = words[0];
  if (first === undefined || words.length < 2) return false;
  if (PREPOSITIONS.has(first) || SUBORDINATORS.has(first) || WH.has(first)) return false;
  if (first === 'to' || first === 'that' || first === 'and' || first === 'or') return false;
  if (AUX.has(first)) return false;
  // "allows for …", "may provide …", "test the mass …": a verb phrase without a subject, unless a
  // verb follows ("heat rises", "changes in temperature affect the rate").
  if ((FINITE_FORMS.has(first) || VERB_BASES.includes(first)) && finiteVerbAt(words) < 0) {
    return false;
  }
  if (/ing$/.test(first) && !DETERMINERS.has(first)) {
    // A gerund subject needs a verb of its own ("using less water saves money").
    return finiteVerbAt(words) > 1;
  }
  return finiteVerbAt(words) > 0 && !endsDangling(text);
}

/**
 * True when `text` can follow "that": a clause, or an opening phrase and a clause ("in the slow start
 * phase, cwnd is incremented by one").
 */
export function readsAsClause(text: string): boolean {
  if (isClause(text)) return true;
  const first = wordsOf(text)[0] ?? '';
  const comma = text.indexOf(', ');
  return PREPOSITIONS.has(first) && comma > 0 && isClause(text.slice(comma + 2));
}

/** The subject and verb group that open a clause ("water moves", "an amino acid is added"). */
export function headOf(clause: string): string | undefined {
  if (!isClause(clause)) return undefined;
  const raw = clause.split(/\s+/);
  const words = wordsOf(clause);
  if (raw.length !== words.length) return undefined;
  const at = finiteVerbAt(words);
  if (at <= 0) return undefined;
  let end = at;
  const verb = words[at] ?? '';
  if (AUX.has(verb)) {
    // "is added", "can be read", "may also decline": the verb group up to its main verb.
    while (end + 1 < words.length) {
      const next = words[end + 1] ?? '';
      if (
        next === 'not' ||
        next === 'be' ||
        next === 'been' ||
        /ly$/.test(next) ||
        next === 'also'
      ) {
        end++;
        continue;
      }
      if (/(?:ed|en)$/.test(next) || VERB_BASES.includes(next) || IRREGULAR_FINITE.has(next)) {
        end++;
        break;
      }
      return undefined;
    }
    if (end === at) return undefined;
  }
  return raw.slice(0, end + 1).join(' ');
}

/**
 * What kind of phrase a label is ("that" + clause, a name, "the need to" + verb, or a fragment),
 * with the text to use. `isSentence`: the rubric wrote it as a whole sentence of its own.
 */
/** The first plural noun of a text ("strong electrostatic forces of attraction …" -> "forces"). */
export function firstPluralNoun(text: string): string | undefined {
  const sentences = nlp(text).json() as { terms: { text: string; tags: string[] }[] }[];
  for (const sentence of sentences) {
    for (const term of sentence.terms) {
      if (term.tags.includes('Plural') && term.tags.includes('Noun'))
        return term.text.toLowerCase();
    }
  }
  return undefined;
}

export function phraseOf(label: string, isSentence = false): TPhrase {
  const text = label.trim();
  const words = wordsOf(text);
  const first = words[0] ?? '';
  const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
  if (words.length === 0 || endsDangling(text)) return { kind: 'fragment', text };
  if (IMPERATIVE_RE.test(text)) return { kind: 'need', text: lower(text) };
  // "to reduce routing tables": a purpose; "to the blocking probability": a preposition.
  if (first === 'to') {
    const next = words[1] ?? '';
    return VERB_BASES.includes(next) ||
      (!DETERMINERS.has(next) &&
        !/(?:ion|ment|ence|ance|ity|ness|ism)$/.test(next) &&
        !/^\d/.test(next))
      ? { kind: 'need', text: text.replace(/^to\s+/i, '') }
      : { kind: 'fragment', text };
  }
  if (first === 'be') return { kind: 'need', text: lower(text) };
  // "because/since it is not possible …": the reason is a clause of its own.
  if (first === 'because' || first === 'since') {
    const rest = text.replace(/^\S+\s+/, '');
    return isClause(rest) ? { kind: 'clause', text: rest } : { kind: 'fragment', text };
  }
  if (WH.has(first)) {
    // "when a bridge receives a frame": what happens then, a name; "how much vinegar …" as it is;
    // "when molten the ions are free to move": a condition and its clause, a clause.
    if (first === 'when' || first === 'if') {
      return conditionHasClause(text)
        ? { kind: 'clause', text: lower(text) }
        : { kind: 'name', text: `what happens ${lower(text)}` };
    }
    return { kind: 'name', text };
  }
  if (PREPOSITIONS.has(first) || SUBORDINATORS.has(first) || first === 'and' || first === 'or') {
    // "in the slow start phase, cwnd is incremented …": an opening phrase, then the clause; "if
    // it melts, the ions move": a condition, then the clause.
    return readsAsClause(text) || ((first === 'if' || first === 'once') && conditionHasClause(text))
      ? { kind: 'clause', text }
      : { kind: 'fragment', text };
  }
  const clause = isClause(text);
  // A verb phrase without a subject: "allows for manual … assignment", "may provide …" (a fragment),
  // "test each sample" (an instruction).
  if (!clause && (MODALS.has(first) || FINITE_FORMS.has(first))) return { kind: 'fragment', text };
  if (!clause) {
    const next = words[1] ?? '';
    const takesObject = DETERMINERS.has(next) || PRONOUNS.has(next) || PREPOSITIONS.has(next);
    // "test each sample", and any instruction the word list lacks ("Bubble the gas through
    // limewater"), read by the part-of-speech tagger.
    if (takesObject && (VERB_BASES.includes(first) || opensWithImperative(text))) {
      return { kind: 'need', text: lower(text) };
    }
  }
  if (/ing$/.test(first) && !clause) return { kind: 'name', text };
  // A rubric point written as a sentence of its own, that passed the checks above, is a clause.
  if (clause || (isSentence && finiteVerbAt(words) > 0 && !AUX.has(first))) {
    return { kind: 'clause', text };
  }
  return { kind: 'name', text };
}

/**
 * True when a "when"/"if" phrase goes on to a clause of its own: "when molten the ions are free to
 * move", "if it melts, the ions move" (not "when a bridge receives a frame").
 */
function conditionHasClause(text: string): boolean {
  const comma = text.indexOf(', ');
  if (comma > 0) return isClause(text.slice(comma + 2));
  const raw = text.split(/\s+/);
  for (let i = 2; i < Math.min(raw.length - 1, 6); i++) {
    const word = (raw[i] ?? '').toLowerCase();
    if ((DETERMINERS.has(word) || PRONOUNS.has(word)) && isClause(raw.slice(i).join(' '))) {
      return true;
    }
  }
  return false;
}

/**
 * The subject of a clause: the words before its finite verb, less a leading or trailing adverb
 * ("deposition then seals off ...": "deposition"), or undefined.
 */
export function subjectOfClause(text: string): string | undefined {
  const clause = text.replace(/\s+then\s+/i, ' ');
  if (!isClause(clause)) return undefined;
  const raw = clause.split(/\s+/);
  const words = wordsOf(clause);
  if (raw.length !== words.length) return undefined;
  const at = finiteVerbAt(words);
  if (at <= 0 || at > 4) return undefined;
  const subject = raw.slice(0, at).filter((w) => !/^(?:then|also|now|still|thus)$/i.test(w));
  return subject.length > 0 ? subject.join(' ') : undefined;
}

/**
 * A participle phrase said of a subject: "gaining kinetic energy" of "the water" is "the water
 * gains kinetic energy"; undefined when the first word is no "-ing" form of a verb the word list
 * knows.
 */
export function participleClause(phrase: string, subject: string): string | undefined {
  const m = /^([a-z]+)ing\b(.*)$/i.exec(phrase.trim());
  if (!m?.[1] || m[1].length < 2) return undefined;
  const stem = m[1].toLowerCase();
  if (stem === 'be' || stem === 'th') return undefined;
  // "running": run; "singing": sing (not singe); "leaving", "accelerating": leave, accelerate.
  const doubled = /([b-df-hj-np-tv-z])\1$/.test(stem) && !/(?:ll|ss|ff|zz)$/.test(stem);
  const order = doubled
    ? [stem.slice(0, -1), stem]
    : /[^aeiou]{2}$/.test(stem)
      ? [stem, `${stem}e`]
      : [`${stem}e`, stem];
  const base = order.find((b) => b.length > 1 && spellingOf(b) === 'word');
  if (!base) return undefined;
  const head = subject.split(/\s+/).at(-1)?.toLowerCase() ?? '';
  const plural =
    ['they', 'we', 'you', 'i'].includes(head) || (/[^s]s$/.test(head) && head !== 'this');
  return `${subject} ${plural ? base : sForm(base)}${m[2] ?? ''}`;
}

/**
 * The phrase as the object of "mention", "show", "points out": "that X", X, or "the need to X";
 * undefined for a fragment (it has no object form).
 */
export function objectText(phrase: TPhrase): string | undefined {
  switch (phrase.kind) {
    case 'clause':
      return `that ${phrase.text}`;
    case 'name':
      return phrase.text;
    case 'need':
      return `the need to ${phrase.text}`;
    case 'fragment':
      return undefined;
  }
}

/**
 * The phrase as a noun phrase after a preposition ("starting with …", "the opposite of …"):
 * "the point that X", X, or "the need to X"; undefined for a fragment.
 */
export function nounText(phrase: TPhrase): string | undefined {
  return phrase.kind === 'clause' ? `the point that ${phrase.text}` : objectText(phrase);
}

const THAT_OBJECT_RE =
  /\b(?:mention|mentions|show|shows|points out|states|explains|names|describes|works out|say|of your own|point|is|or|and)\s+that\s+([^.;:"]+)/gi;

/**
 * "that" + something that is not a clause in a feedback text ("It does not mention that into the
 * more concentrated cell sap"), outside quotes: the constructions the marker writes. Returns the
 * offending phrases (empty when every such "that" is followed by a clause).
 */
export function thatNonClauses(feedback: string): string[] {
  const own = feedback.replace(/"[^"]*"/g, '""');
  const out: string[] = [];
  for (const m of own.matchAll(THAT_OBJECT_RE)) {
    // The clause runs to the next list item or comment: "that A or that B, which …".
    // "that of TCP", "that is": the pronoun, not the conjunction.
    if (/^(?:of|is|was|'s)\b/i.test(m[1] ?? '')) continue;
    // The object runs to the comment after it ("…, which a full answer needs"); a list of clauses
    // is "that A, that B or that C".
    const object = (m[1] ?? '').split(/,\s+(?:which|but|as|so)\s+/i)[0] ?? '';
    for (const clause of object.split(/\s+(?:or|and)\s+that\s+|,\s+that\s+/i)) {
      if (!readsAsClause(clause.trim())) out.push(`that ${clause.trim()}`);
    }
  }
  return out;
}

/** Words a sentence never ends on (particles such as "up" or pronouns such as "each" may). */
const HANGING_END = new Set([
  'the',
  'a',
  'an',
  'and',
  'or',
  'but',
  'nor',
  'of',
  'to',
  'than',
  'that',
  'which',
  'whose',
  'because',
  'if',
  'when',
  'while',
  'whereas',
  'into',
  'across',
  'from',
  'between',
  'via',
  'with',
  'by',
  'at',
  'for',
  'its',
  'their',
  'his',
  'her',
  'your',
  'my',
  'our',
  'is',
  'are',
  'was',
  'were',
  'be',
  'been',
]);

/**
 * True when a sentence ends on a word that leaves it unfinished; a preposition after its verb ("what
 * the question asks for", "what it depends on") ends a sentence well.
 */
function hangs(sentence: string): boolean {
  const words = wordsOf(sentence);
  const last = words.at(-1) ?? '';
  if (!HANGING_END.has(last)) return false;
  const before = words.at(-2) ?? '';
  const verb =
    FINITE_FORMS.has(before) ||
    VERB_BASES.includes(before) ||
    /^(?:asks?|asked|looks?|looked|cares?|refers?|talks?|thinks?|waits?|deals?|writes?|wrote)$/.test(
      before,
    );
  // "… why that is.", "… as it was.": a be-form after its subject ends a sentence well.
  const subject = /^(?:that|it|this|they|there|he|she|we|you|i|what|who)$/.test(before);
  return !((PREPOSITIONS.has(last) && verb) || (/^(?:is|are|was|were)$/.test(last) && subject));
}

/**
 * Sentences of a feedback text (quotes left out) that do not read as finished: no capital (or quote)
 * first, no full stop last, or ending on a word that leaves them hanging ("… across the membrane
 * to."). Returns the faulty sentences.
 */
export function unfinishedSentences(feedback: string): string[] {
  const own = feedback
    .replace(/"[^"]*"/g, '"quoted"')
    .replace(/\s+/g, ' ')
    .trim();
  if (own === '') return [];
  const out: string[] = [];
  for (const sentence of own.split(/(?<=[.!?])\s+(?=["“A-Z0-9_])/)) {
    const s = sentence.replace(/^_|_$/g, '').trim();
    const body = s.replace(/[.!?]+$/, '');
    if (!/^["“A-Z0-9]/.test(s) || !/[.!?]$/.test(s) || (hangs(body) && !/"$/.test(body))) {
      out.push(s);
    }
  }
  return out;
}
