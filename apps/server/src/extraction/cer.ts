import { distance } from 'fastest-levenshtein';

/** Every run of whitespace becomes one space; both ends trimmed (no case or punctuation change). */
export const normaliseWhitespace = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Character error rate of one image, as defined in shared/data/handwriting/README.md: Levenshtein
 * distance between the whitespace-normalised texts divided by the reference length, capped at 1.
 */
export function characterErrorRate(hypothesis: string, reference: string) {
  const hyp = normaliseWhitespace(hypothesis);
  const ref = normaliseWhitespace(reference);
  const edits = distance(hyp, ref);
  const rate = ref.length === 0 ? (hyp.length === 0 ? 0 : 1) : Math.min(1, edits / ref.length);
  return { rate, edits, referenceLength: ref.length };
}

/** Mean CER over images (the headline figure) and pooled CER (sum of edits / sum of lengths). */
export function summariseCer(
  rows: ReadonlyArray<{ rate: number; edits: number; referenceLength: number }>,
) {
  const images = rows.length;
  const mean = images === 0 ? 0 : rows.reduce((sum, r) => sum + r.rate, 0) / images;
  const length = rows.reduce((sum, r) => sum + r.referenceLength, 0);
  const pooled = length === 0 ? 0 : rows.reduce((sum, r) => sum + r.edits, 0) / length;
  return { images, mean, pooled };
}
