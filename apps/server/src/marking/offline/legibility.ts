import { isNearAnyWord, isSayable, spellingOf } from './word-list';

/**
 * How much of an answer can be read. OCR of poor handwriting gives tokens such as "crgplasn",
 * "rirec\ondrin" or "Yravels" that no reader could mark with confidence; a student's own
 * misspellings ("becuase", "photosinthesis", "expirement") stay close to a real word and read.
 *
 * Each token is a word of the list (`word-list.ts`) or of the question's own vocabulary, a near
 * spelling of a word or words run together ("alot", "cellsthe"), a name (a capitalised word that is
 * no misreading of a word: "Achenbach", but not "Franslation"), a number, unit, formula, sum or
 * abbreviation ("DNA", "mRNA", "IPv4", "CO2", "P(X=3)"), an unknown but sayable word (a term or a
 * name the list lacks), or garbage. Legibility is the weighted share of tokens that read.
 * Deterministic and offline.
 */

const NUMBER_RE = /^[+-]?[£$€]?\d+(?:[.,]\d+)*(?:st|nd|rd|th|s|%)?$/i;
/** A number with a unit run on: 10cm, 2.5kg, 30min, 100ms, 24h. */
const NUMBER_UNIT_RE = /^\d+(?:[.,]\d+)?[a-zµ°]{1,4}$/i;
/**
 * H2O, CO2, NaCl, C6H12O6, Fe2O3: element symbols with counts (at least one digit or two symbols),
 * perhaps after the coefficient of a balanced equation (2H2O, 2H2).
 */
const FORMULA_RE = /^\d{0,2}(?:(?:[A-Z][a-z]?\d*){2,8}|[A-Z][a-z]?\d+)$/;
/** DNA, ATP, mRNA, tRNA, IPv4, MP3, pH: capitals with at most one lower-case letter. */
const ABBREVIATION_RE =
  /^(?:[a-z]?[A-Z]{2,6}s?|[A-Z]{1,4}[a-z]?\d{1,3}|[A-Z][a-z][A-Z]{1,4}|p[HK])$/;
/** Sums and probabilities: P(X=3), 0.6^3, 9/10, x>=3. */
const MATH_RE = /^[\w.,^*=<>+\-/()[\]%!']+$/;
const MATH_SIGN_RE = /[=^<>]|\d[*/+]|[*/+]\d/;

/** Characters that a reader's eye takes as noise when they sit inside or make up a token. */
const NOISE_RE = /[|\\~¦§¬{}[\]@$™©®]/;

export type TTokenKind = 'word' | 'near' | 'name' | 'symbolic' | 'unknown' | 'garbage';

/** How much a token of each kind reads: an unknown but sayable word may be a term or a name. */
const KIND_WEIGHT: Record<TTokenKind, number> = {
  word: 1,
  near: 0.7,
  name: 1,
  symbolic: 1,
  unknown: 0.5,
  garbage: 0,
};

/** Lower-case words that count as words whatever the list says (the question's own vocabulary). */
export type TVocabulary = { has(word: string): boolean };

/** One token of an answer as written, with whether a sentence is under way where it stands. */
export type TLegibilityToken = { text: string; midSentence: boolean };

/**
 * The kind of one token as written (case kept, outer punctuation removed). `vocabulary` holds
 * lower-case words of the question and rubric, which count as words whatever the list says.
 */
export function tokenKind(token: TLegibilityToken, vocabulary?: TVocabulary): TTokenKind {
  const text = token.text;
  if (NUMBER_RE.test(text) || NUMBER_UNIT_RE.test(text)) return 'symbolic';
  const lower = text.toLowerCase();
  if (vocabulary?.has(lower)) return 'word';
  if (/^[a-z]+(?:['’][a-z]{1,2})?$/i.test(text)) {
    // "isn't" reads as "isnt", "cell's" as "cell".
    const joined = lower.replace(/['’]/g, '');
    const bare = spellingOf(joined) === 'word' ? joined : lower.replace(/['’][a-z]{1,2}$/, '');
    const letters = text.replace(/['’][a-z]{1,2}$/i, '');
    const isCapitalised = /^[A-Z][a-z]+$/.test(letters);
    const isUpper = /^[A-Z]+$/.test(letters);
    const spelling = spellingOf(bare);
    if (spelling === 'word') return 'word';
    if (ABBREVIATION_RE.test(letters)) return 'symbolic';
    if (!isUpper && !isCapitalised && FORMULA_RE.test(letters)) return 'symbolic';
    if (!isUpper && /[a-z][A-Z]/.test(letters)) {
      // "DiffusionActive" is two words run together, "MacInnes" a name; "paRagragp" is OCR.
      const parts = letters.split(/(?<=[a-z])(?=[A-Z])/);
      if (parts.every((p) => spellingOf(p.toLowerCase()) === 'word')) return 'near';
      return /^(?:Mc|Mac|O|D|De|Di|Da|Du|La|Le|Van|Von)[A-Z][a-z]+$/.test(letters)
        ? 'name'
        : 'garbage';
    }
    if (spelling === 'near') return 'near';
    if (bare.length < 3 || !isSayable(bare)) return 'garbage';
    // Short words are all in the list: "tne", "fhe" are misreadings (or typos) of one.
    if (!isCapitalised) return bare.length > 3 ? 'unknown' : 'garbage';
    // "Yravels", "Franslation": a word with its first letter misread, which OCR does and students
    // seldom do. A short capitalised word ("Paul") is more likely a name.
    if (bare.length >= 5 && isNearAnyWord(bare)) return 'garbage';
    // A name ("Achenbach", "Madagascar").
    return 'name';
  }
  if (FORMULA_RE.test(text) || ABBREVIATION_RE.test(text)) return 'symbolic';
  if (MATH_RE.test(text) && MATH_SIGN_RE.test(text)) return 'symbolic';
  return 'garbage';
}

const OPEN_RE = /^[("'“‘*.,;:!?…\-–—•#]+/;
const CLOSE_RE = /[)"'”’.,;:!?…\-–—]+$/;
/** Where a chunk splits into words: slashes, dashes, punctuation between letters ("proteins.Then"),
 * a list number run on ("mitosis2.", "1.To"), an identifier's underscore ("d_max"). */
const SPLIT_RE =
  /[/–—_()]|(?<=[A-Za-z0-9])-+(?=[A-Za-z])|(?<=[A-Za-z])[-.,;:!?]+(?=[A-Za-z0-9])|(?<=[a-z]{2})(?=\d)|(?<=\d\.?)(?=[A-Za-z]{3})|(?<=\d\.)(?=[A-Za-z])/;

const PLAIN_WORD_RE = /^([A-Za-z]+)([.,;:!?])?$/;

/**
 * Splits an answer into the tokens legibility is measured on: whitespace-separated chunks with outer
 * punctuation removed, split into words where `SPLIT_RE` says. Chunks of plain punctuation or signs
 * ("->", "=") are left out; chunks with noise symbols stay whole (they are garbage). Transcription
 * markers (`^p`, `(DEG)`) are read as the line break and word they stand for.
 */
export function legibilityTokens(text: string): TLegibilityToken[] {
  const out: TLegibilityToken[] = [];
  const plain = text.replace(/\^p/gi, '\n').replace(/\(deg\)|°/gi, ' degrees ');
  for (const line of plain.split(/\n/)) {
    let midSentence = false;
    for (const chunk of line.split(/\s+/)) {
      if (chunk.length === 0) continue;
      // Most chunks are a plain word, perhaps with a comma or full stop.
      const plainWord = PLAIN_WORD_RE.exec(chunk);
      if (plainWord) {
        out.push({ text: plainWord[1] ?? chunk, midSentence });
        midSentence = plainWord[2] === undefined || plainWord[2] === ',';
        continue;
      }
      const trimmed = chunk.replace(OPEN_RE, '').replace(CLOSE_RE, '');
      const endsSentence = /[.!?:;]["')”’]*$/.test(chunk) || /^\d+[.)]$/.test(chunk);
      if (trimmed.length === 0 || !/[a-z0-9]/i.test(trimmed)) {
        if (NOISE_RE.test(chunk)) out.push({ text: chunk, midSentence });
        midSentence = midSentence && !endsSentence;
        continue;
      }
      const isWhole =
        NOISE_RE.test(trimmed) ||
        (MATH_RE.test(trimmed) && MATH_SIGN_RE.test(trimmed)) ||
        FORMULA_RE.test(trimmed) ||
        ABBREVIATION_RE.test(trimmed);
      const parts = isWhole ? [trimmed] : trimmed.split(SPLIT_RE);
      let first = true;
      for (const part of parts) {
        const clean = part.replace(OPEN_RE, '').replace(CLOSE_RE, '');
        if (clean.length === 0) continue;
        out.push({ text: clean, midSentence: midSentence || !first });
        first = false;
      }
      midSentence = !endsSentence;
    }
  }
  return out;
}

export type TLegibility = {
  /** Tokens counted (single letters other than "a" and "I" are not counted: list labels, stray marks). */
  tokens: number;
  /** Tokens that read (weighted: an unknown but sayable word counts half). */
  legible: number;
  /** legible / tokens; 1 for an answer with no tokens. */
  share: number;
  /** Lower-case letters-only tokens that do not read (fuzzy key-term matches skip these). */
  garbage: Set<string>;
};

function isWeak(kind: TTokenKind | undefined): boolean {
  return kind === 'garbage' || kind === 'unknown';
}

/** A word broken by a space ("tem perature", "c oolest"): the two pieces make a word of the list. */
function isBrokenWord(a: string, b: string): boolean {
  if (!/^[a-z]+$/i.test(a) || !/^[a-z]+$/i.test(b)) return false;
  return spellingOf(`${a}${b}`.toLowerCase()) === 'word';
}

/**
 * The legibility of an answer: the share of its tokens that look like real English words (or
 * names, numbers, units, formulas, abbreviations). `vocabulary` holds lower-case words of the
 * question and rubric, which count as words whatever the list says ("anticodon", "ipv6").
 */
export function legibilityOf(text: string, vocabulary?: TVocabulary): TLegibility {
  const all = legibilityTokens(text);
  const kinds = all.map((t) => tokenKind(t, vocabulary));
  // The pieces of a word broken by a space read as that word.
  for (let i = 0; i + 1 < all.length; i++) {
    const a = all[i] as TLegibilityToken;
    const b = all[i + 1] as TLegibilityToken;
    const isPiece = a.text.length === 1 && !/^[aI]$/.test(a.text);
    if ((isWeak(kinds[i]) || isWeak(kinds[i + 1]) || isPiece) && isBrokenWord(a.text, b.text)) {
      kinds[i] = 'near';
      kinds[i + 1] = 'near';
    }
  }
  let tokens = 0;
  let legible = 0;
  const garbage = new Set<string>();
  const read = new Set<string>();
  for (let i = 0; i < all.length; i++) {
    const text = (all[i] as TLegibilityToken).text;
    if (text.length === 1 && /^[b-hj-z]$/i.test(text)) continue;
    const kind = kinds[i] ?? 'garbage';
    const lower = text.toLowerCase();
    tokens++;
    legible += KIND_WEIGHT[kind];
    if (kind !== 'garbage') read.add(lower);
    else if (/^[a-z]+$/.test(lower)) garbage.add(lower);
  }
  // A word that reads somewhere in the answer ("travels") is no garbage where OCR capitalised it.
  for (const w of read) garbage.delete(w);
  return { tokens, legible, share: tokens > 0 ? legible / tokens : 1, garbage };
}

/** At and above this legibility an answer is marked in full (ordinary misspellings stay above it). */
export const LEGIBLE = 0.85;
/** At and below this legibility nothing of the answer can be marked with confidence. */
export const ILLEGIBLE = 0.35;

/**
 * The share of its marks an answer of this legibility can keep: 1 from `LEGIBLE` up, falling
 * linearly to 0 at `ILLEGIBLE`, so a few key words recognised in a mostly unreadable text do not earn
 * high marks.
 */
export function legibilityFactor(legibility: number): number {
  return Math.min(1, Math.max(0, (legibility - ILLEGIBLE) / (LEGIBLE - ILLEGIBLE)));
}
