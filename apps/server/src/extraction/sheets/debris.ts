import { legibilityOf } from '../../marking/offline/legibility';

/**
 * Whether text read from an answer region is OCR debris rather than writing: what tesseract makes of
 * paper grain, a smudge or a box's border ("ae | ee | oe ee | : - Bio cs Oo"). Judged on two signals
 * the reader already has: the share of its tokens that read as real words, numbers, units or formulas
 * (the offline marker's legibility measure over the SCOWL word lists) and the engine's own mean
 * confidence. Debris is never stored as a student's answer without the teacher's look.
 */
export function isOcrDebris(text: string, confidence: number | undefined): boolean {
  if (text.trim() === '') return false;
  const { tokens, share } = legibilityOf(text);
  // Nothing but stray marks (single letters, signs): not writing anyone can mark.
  if (tokens === 0) return true;
  if (share < DEBRIS_LEGIBILITY) return true;
  // A low-confidence read that is also only half legible: more likely noise than handwriting.
  return confidence !== undefined && confidence < DEBRIS_CONFIDENCE && share < UNSURE_LEGIBILITY;
}

/** Under this share of legible tokens the text is debris whatever the engine's confidence. */
export const DEBRIS_LEGIBILITY = 0.5;
/** Under this engine confidence (0..100) text that is not clearly legible is debris. */
export const DEBRIS_CONFIDENCE = 40;
/** Clearly legible: at and above this share, a low confidence alone does not make debris. */
export const UNSURE_LEGIBILITY = 0.75;
