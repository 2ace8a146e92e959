import { normaliseText, stemWord, tokenise } from '../offline/text';

/**
 * Hashed n-gram features of an answer for the learned marker: word stems (the offline lexicon's
 * stems, so inflections and listed synonyms meet), word-stem pairs, and character 3- to 5-grams
 * inside words (misspellings and OCR slips still share most of them). Each block is normalised to
 * unit length and weighted, so a long answer does not outweigh a short one by its length alone.
 */

/** Features are hashed into 2^HASH_BITS buckets (collisions are rare at this size and harmless). */
export const HASH_BITS = 18;
const HASH_MASK = (1 << HASH_BITS) - 1;

/** Weight of each block in the dot product (its squared share of the vector's length). */
export const BLOCK_WEIGHTS = { stems: 1, pairs: 0.5, chars: 1 } as const;

/** A sparse vector: sorted distinct bucket indices and their values. */
export type TSparse = { index: Int32Array; value: Float64Array };

/** Cosine similarity of two sparse vectors (indices sorted); 0 when either is empty. */
export function cosineOf(a: TSparse, b: TSparse): number {
  let i = 0;
  let j = 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const v of a.value) na += v * v;
  for (const v of b.value) nb += v * v;
  while (i < a.index.length && j < b.index.length) {
    const x = a.index[i] ?? 0;
    const y = b.index[j] ?? 0;
    if (x === y) dot += (a.value[i++] ?? 0) * (b.value[j++] ?? 0);
    else if (x < y) i++;
    else j++;
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}

function hash(s: string, salt: number): number {
  let h = 2166136261 ^ salt;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return (h >>> 0) & HASH_MASK;
}

function addBlock(out: Map<number, number>, counts: Map<number, number>, weight: number): void {
  let norm = 0;
  const logged = new Map<number, number>();
  for (const [k, c] of counts) {
    const v = 1 + Math.log(c);
    logged.set(k, v);
    norm += v * v;
  }
  if (norm === 0) return;
  const scale = Math.sqrt(weight / norm);
  for (const [k, v] of logged) out.set(k, (out.get(k) ?? 0) + v * scale);
}

function count(map: Map<number, number>, key: number): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/** The hashed feature vector of one answer (empty for a blank answer). */
export function textFeatures(text: string): TSparse {
  const words = tokenise(normaliseText(text));
  const stems = words.map((w) => stemWord(w));
  const stemCounts = new Map<number, number>();
  const pairCounts = new Map<number, number>();
  const charCounts = new Map<number, number>();
  stems.forEach((s, i) => {
    count(stemCounts, hash(s, 1));
    if (i > 0) count(pairCounts, hash(`${stems[i - 1] ?? ''} ${s}`, 2));
  });
  for (const w of words) {
    const padded = ` ${w} `;
    for (let n = 3; n <= 5; n++) {
      for (let i = 0; i + n <= padded.length; i++)
        count(charCounts, hash(padded.slice(i, i + n), 3));
    }
  }
  const all = new Map<number, number>();
  addBlock(all, stemCounts, BLOCK_WEIGHTS.stems);
  addBlock(all, pairCounts, BLOCK_WEIGHTS.pairs);
  addBlock(all, charCounts, BLOCK_WEIGHTS.chars);
  const index = Int32Array.from([...all.keys()].sort((a, b) => a - b));
  const value = Float64Array.from(index, (k) => all.get(k) ?? 0);
  return { index, value };
}

/** Dot product of a sparse vector with one scattered into a dense buffer. */
export function dotScattered(a: TSparse, dense: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.index.length; i++) s += (a.value[i] ?? 0) * (dense[a.index[i] ?? 0] ?? 0);
  return s;
}

/** Writes `a` into `dense` (or clears it again with `value` 0). */
export function scatter(a: TSparse, dense: Float64Array, clear = false): void {
  for (let i = 0; i < a.index.length; i++) dense[a.index[i] ?? 0] = clear ? 0 : (a.value[i] ?? 0);
}
