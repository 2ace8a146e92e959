import nlp from 'compromise/two';
import { stemmer } from 'stemmer';
import {
  COMMANDS,
  GENERIC_NOUNS,
  NUMBER_WORDS,
  QUESTION_WORDS,
  STOP_WORDS,
  UNIT_PATTERN,
  VERBS,
} from './question-words';

const MAX_KEY_TERMS = 6;
/** Stems of words that say how to set out an answer ("each step", "your method"). */
const PROCEDURAL_STEMS = new Set(['step', 'stage', 'method', 'work']);
/** Units as questions write them after a number ("0.5 kg", "20 m", "12 V"). */
const UNIT_WORD =
  /^(?:mm|cm|dm|km|m|kg|mg|g|ml|mL|L|l|ms|s|min|mins|h|hr|hrs|N|J|kJ|MJ|W|kW|MW|V|mV|A|mA|Hz|kHz|MHz|mol|K|Pa|kPa|kWh|eV)$/;
const MAX_CONTEXT_TERMS = 4;
const MAX_TERM_WORDS = 4;
/** Adjectives that add nothing to a term ("major steps" → "steps"). */
const WEAK_LEADING = new Set(
  (
    'different various following certain main major key specific particular possible ' +
    'increasing decreasing additional important general basic exact actual real best'
  ).split(' '),
);

type TToken = {
  text: string;
  key: string;
  content: boolean;
  start: number;
  capital: boolean;
  acronym: boolean;
};
type TCandidate = { text: string; keys: string[]; score: number; position: number };

/**
 * The key terms of a question: quoted phrases, acronyms and names, and runs of content words
 * ("Data Link Layer", "service classes", "cell membrane"), ranked by how specific they are and how
 * often the task uses them; returned in reading order, at most six.
 */
export function extractKeyTerms(
  taskText: string,
  fullText: string,
  asked: string[] = [],
): { terms: string[]; ranked: string[] } {
  const candidates = [
    ...quotedTerms(taskText),
    ...parenthesisedTerms(taskText),
    ...runTerms(taskText),
  ];
  // What each task asks about comes first ("density" in "Calculate its density", not the "block of
  // wood" the question describes): the first term of each task's object.
  const focus = asked.flatMap((object) =>
    runTerms(object)
      .slice(0, 1)
      .map((c) => c.keys),
  );
  for (const candidate of candidates) {
    if (focus.some((keys) => keys.length > 0 && keys.every((k) => candidate.keys.includes(k)))) {
      candidate.score += 2;
    }
  }
  const inTask = stemFrequency(taskText);
  const inAll = stemFrequency(fullText);
  for (const candidate of candidates) {
    const uses = Math.max(
      ...candidate.keys.map(
        (k) => (inTask.get(k) ?? 1) + 0.25 * ((inAll.get(k) ?? 0) - (inTask.get(k) ?? 0)),
      ),
    );
    candidate.score += Math.min(2, Math.max(0, uses - 1) * 0.5);
  }
  const selected = select(candidates, MAX_KEY_TERMS, (c) => !isGeneric(c));
  // Too few specific terms ("What are the objectives of IPv6?"): top up with generic ones.
  if (selected.length < 3) {
    // Never the words of how to answer ("showing each step"): they name no topic.
    const generic = select(
      candidates,
      3 - selected.length,
      (c) => isGeneric(c) && !c.keys.every((k) => PROCEDURAL_STEMS.has(k)),
      selected,
    );
    selected.push(...generic);
  }
  return {
    ranked: selected.map((c) => c.text),
    terms: [...selected].sort((a, b) => a.position - b.position).map((c) => c.text),
  };
}

/** Terms the given material repeats (a procedure's "samples", "mass", "containers"). */
export function extractContextTerms(contextText: string, keyTerms: string[]): string[] {
  if (contextText.trim() === '') return [];
  const frequency = stemFrequency(contextText);
  const taken = new Set(keyTerms.flatMap((t) => keysOf(t)));
  const candidates = runTerms(contextText)
    .filter((c) => !isGeneric(c) && c.keys.every((k) => !taken.has(k)))
    .map((c) => ({
      ...c,
      score: Math.min(...c.keys.map((k) => frequency.get(k) ?? 0)) * (1 + 0.2 * c.keys.length),
    }))
    .filter((c) => c.score >= 2);
  return select(candidates, MAX_CONTEXT_TERMS, () => true, [])
    .sort((a, b) => a.position - b.position)
    .map((c) => c.text);
}

/** Numbers with units as the question gives them ("9.8 g", "24 °C", "10 Mb/s"), at most 6. */
export function extractGivenValues(text: string): string[] {
  const values: string[] = [];
  for (const m of text.matchAll(UNIT_PATTERN)) {
    const unit = (m[2] ?? '').replace(/\s+/g, '');
    const value = `${m[1] ?? ''} ${unit}`;
    if (!values.includes(value)) values.push(value);
    if (values.length === 6) break;
  }
  return values;
}

function quotedTerms(text: string): TCandidate[] {
  return [...text.matchAll(/"([^"\n]{2,60})"/g)].map((m) => ({
    text: (m[1] ?? '').trim(),
    keys: keysOf(m[1] ?? ''),
    score: 6 + Math.min(3, (m[1] ?? '').split(' ').length) * 0.5,
    position: m.index,
  }));
}

function parenthesisedTerms(text: string): TCandidate[] {
  return [...text.matchAll(/\(([A-Za-z][\w./-]{1,15})\)/g)]
    .filter((m) => {
      const inner = (m[1] ?? '').toLowerCase();
      return !STOP_WORDS.has(inner) && !/^(?:i\.e|e\.g|eg|ie)\.?$/.test(inner);
    })
    .map((m) => ({ text: m[1] ?? '', keys: keysOf(m[1] ?? ''), score: 4, position: m.index }));
}

const TOKEN =
  /(?:Mr|Mrs|Ms|Dr|Prof)\.\s+[A-Z][a-z]+|[A-Z]{2,}\s*\/\s*[A-Z]{2,}|[A-Za-z][A-Za-z0-9_-]*(?:['’]s\b)?|\d+(?:\.\d+)?|[^\sA-Za-z0-9]/g;

function tokenise(text: string): TToken[] {
  const tokens: TToken[] = [];
  const matches = [...text.matchAll(TOKEN)];
  matches.forEach((m, i) => {
    // "broad-" in "broad- and multicasting" is half a word: never a term on its own.
    const split = m[0].endsWith('-');
    let raw = m[0].replace(/-$/, '').replace(/\s*\/\s*/, '/');
    const bare = raw.replace(/['’]s$/, '');
    const lower = bare.toLowerCase();
    const isAllCaps = /^[A-Z][A-Z0-9/]+$/.test(bare);
    // Capitals used for emphasis ("NAME and DESCRIBE", "WHICH PROPERTY") are ordinary words;
    // short or vowel-less ones (DHCP, TCP, HHHTTT) are acronyms and codes.
    const emphasis =
      isAllCaps &&
      !bare.includes('/') &&
      (STOP_WORDS.has(lower) ||
        lower in COMMANDS ||
        lower in NUMBER_WORDS ||
        QUESTION_WORDS.has(lower) ||
        (bare.length >= 6 && /[AEIOU]/.test(bare)));
    if (emphasis) raw = raw.toLowerCase();
    const acronym = (isAllCaps && !emphasis) || /[a-z][A-Z]|[A-Za-z]\d|_/.test(bare);
    const isWord = /^[A-Za-z]/.test(raw);
    const previous = matches[i - 1];
    // "20m", and a unit after its number ("0.5 kg", "20 m"): part of a value, never a term.
    const afterDigit =
      previous !== undefined &&
      /\d$/.test(previous[0]) &&
      (previous.index + previous[0].length === m.index ||
        (UNIT_WORD.test(m[0]) &&
          /^\s+$/.test(text.slice(previous.index + previous[0].length, m.index))));
    const capital = /^[A-Z]/.test(raw);
    tokens.push({
      text: raw,
      key: isWord ? stemmer(lower) : raw,
      content:
        isWord && !afterDigit && !split && (acronym || isContentWord(lower, capital, raw.length)),
      start: m.index,
      capital,
      acronym,
    });
  });
  // A capitalised command word inside a name ("Link State Routing") is part of the name.
  tokens.forEach((token, i) => {
    const lower = token.text.toLowerCase();
    const neighbourCapital = [tokens[i - 1], tokens[i + 1]].some((t) => t?.capital && t.content);
    const inside = i > 0 && !isSentenceStart(text, token.start);
    if (!token.content && token.capital && lower in COMMANDS && neighbourCapital && inside) {
      token.content = true;
    }
  });
  // "A kettle transfers 180 J", "how convection currents form": the sentence's own verbs end a
  // term. A part-of-speech tagger reads them in context; participles and gerunds stay ("melting
  // point", "alternating current"), and so do capitalised words inside a name ("Link State Routing").
  const verbs = verbOffsets(text);
  for (const token of tokens) {
    const named = token.capital && !isSentenceStart(text, token.start);
    if (token.content && verbs.has(token.start) && !named && !token.acronym) token.content = false;
  }
  // "To model the arrivals": the word after a sentence-opening "to" is a verb.
  tokens.forEach((token, i) => {
    const previous = tokens[i - 1];
    if (previous?.text.toLowerCase() === 'to' && isSentenceStart(text, previous.start)) {
      token.content = false;
    }
  });
  return tokens;
}

/** Where each finite or base-form verb of the text starts, as the tagger reads it. */
function verbOffsets(text: string): Set<number> {
  const offsets = new Set<number>();
  for (const sentence of nlp(text).json({ offset: true }) as TTaggedSentence[]) {
    for (const term of sentence.terms) {
      const tags = new Set(term.tags);
      if (
        tags.has('Verb') &&
        !['Gerund', 'Participle', 'PastTense', 'Noun'].some((t) => tags.has(t))
      ) {
        offsets.add(term.offset.start);
      }
    }
  }
  return offsets;
}

type TTaggedSentence = { terms: { tags: string[]; offset: { start: number } }[] };

function isContentWord(lower: string, capital: boolean, length: number): boolean {
  if (length < 2 || STOP_WORDS.has(lower) || VERBS.has(lower)) return false;
  // Command words are never terms on their own; inside a name ("Link State Routing") see below.
  return !(lower in COMMANDS);
}

function isSentenceStart(text: string, index: number): boolean {
  return /(?:^|[.?!:]\s*|\n\s*)$/.test(text.slice(0, index));
}

/**
 * Runs of content words (joined by at most one "of"), trimmed of weak adjectives and verbs. A run
 * headed by a generic noun ("objectives of IPv6", "phases of congestion control") gives only what
 * follows "of": that is what the question is about.
 */
function runTerms(text: string): TCandidate[] {
  const tokens = tokenise(text);
  const candidates: TCandidate[] = [];
  let run: TToken[] = [];
  const flush = () => {
    let words = trimRun(run, text);
    run = [];
    const ofAt = words.findIndex((t) => t.text === 'of');
    if (ofAt > 0 && words.slice(0, ofAt).every((t) => GENERIC_NOUNS.has(t.text.toLowerCase()))) {
      words = words.slice(ofAt + 1);
    }
    words = words.slice(-MAX_TERM_WORDS);
    while (words[0]?.text === 'of') words = words.slice(1);
    const first = words[0];
    if (!first) return;
    const content = words.filter((t) => t.text !== 'of');
    const properRun = content.length >= 2 && content.every((t) => t.capital);
    let score = content.length;
    if (words.some((t) => t.acronym)) score += 2;
    if (properRun) score += 1.5;
    candidates.push({
      text: words.map((t) => t.text).join(' '),
      keys: content.map((t) => t.key),
      score,
      position: first.start,
    });
  };
  tokens.forEach((token, i) => {
    const next = tokens[i + 1];
    // A term never runs across a line break ("three H's\nInclude justification").
    const previous = tokens[i - 1];
    if (previous && text.slice(previous.start, token.start).includes('\n')) flush();
    if (token.content) {
      run.push(token);
    } else if (
      token.text.toLowerCase() === 'of' &&
      run.length > 0 &&
      next?.content &&
      !run.some((t) => t.text === 'of') &&
      // "a ball of mass 0.5 kg": the ball, and the mass it is given; not a "ball of mass".
      !/^\d/.test(tokens[i + 2]?.text ?? '')
    ) {
      run.push({ ...token, text: 'of' });
    } else {
      flush();
    }
  });
  flush();
  return candidates;
}

function trimRun(run: TToken[], text: string): TToken[] {
  let words = [...run];
  const weak = (t: TToken | undefined) => t !== undefined && WEAK_LEADING.has(t.text.toLowerCase());
  while (words.length > 1 && (weak(words[0]) || words[0]?.text === 'of')) words = words.slice(1);
  // Trailing participles and adverbs are verbs of the sentence ("mRNA leaving", "samples placed").
  const verbLike = (t: TToken | undefined) =>
    t !== undefined && !t.capital && (isParticiple(t.text) || /(?:ly|ing)$/.test(t.text));
  while (words.length > 1 && (verbLike(words.at(-1)) || words.at(-1)?.text === 'of')) {
    words = words.slice(0, -1);
  }
  const only = words[0];
  if (words.length === 1 && only) {
    if (weak(only)) return [];
    // "Starting with mRNA...": a capitalised participle opening a sentence is not a term.
    const participle = isParticiple(only.text) || /ing$/.test(only.text);
    if (participle && isSentenceStart(text, only.start) && !only.acronym) return [];
    if (!only.capital && (isParticiple(only.text) || /ly$/.test(only.text))) return [];
  }
  return words;
}

/** "placed", "involved" — but not "speed", "seed", "hundred". */
function isParticiple(word: string): boolean {
  return /[^e]ed$/i.test(word) && word.length > 4 && !/(?:hundred|sacred|kindred)$/i.test(word);
}

function isGeneric(candidate: TCandidate): boolean {
  const words = candidate.text
    .toLowerCase()
    .split(' ')
    .filter((w) => w !== 'of');
  return words.every((w) => GENERIC_NOUNS.has(w));
}

/** Best first; a candidate whose words are all inside a better one (or the reverse) is skipped. */
function select(
  candidates: TCandidate[],
  max: number,
  allowed: (c: TCandidate) => boolean,
  already: TCandidate[] = [],
): TCandidate[] {
  const sorted = candidates
    .filter(allowed)
    .sort((a, b) => b.score - a.score || a.position - b.position);
  const chosen: TCandidate[] = [];
  for (const candidate of sorted) {
    if (chosen.length === max) break;
    if (candidate.keys.length === 0) continue;
    const overlaps = [...already, ...chosen].some(
      (c) =>
        candidate.keys.every((k) => c.keys.includes(k)) ||
        c.keys.every((k) => candidate.keys.includes(k)),
    );
    if (!overlaps) chosen.push(candidate);
  }
  return chosen;
}

function keysOf(text: string): string[] {
  return tokenise(text)
    .filter((t) => t.content)
    .map((t) => t.key);
}

function stemFrequency(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const token of tokenise(text)) {
    if (token.content) counts.set(token.key, (counts.get(token.key) ?? 0) + 1);
  }
  return counts;
}
