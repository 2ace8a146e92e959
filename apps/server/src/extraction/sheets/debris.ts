import { legibilityOf, legibilityTokens, tokenKind } from '../../marking/offline/legibility';

/**
 * What the debris check sees in a read: how many letters and digits, the offline marker's
 * legibility (share of tokens that read as words, numbers, units or formulas over the SCOWL word
 * lists), how many tokens are real words of four letters or more, and how many are capitals of the
 * shapes tesseract makes of a crossing-out or a scribble ("WW", "VU", "WUT").
 */
export type TDebrisSignals = {
  /** Letters and digits in the text. */
  characters: number;
  /** Tokens counted by the legibility measure. */
  tokens: number;
  /** Legibility, with zig-zag capitals counted as garbage. */
  share: number;
  /**
   * Tokens that are words of the list or near spellings of one ("becuase"), four letters or longer
   * (zig-zag capitals aside).
   */
  words: number;
  /** Near spellings of a word of the list ("becuase", "enzime"), four letters or longer. */
  nearWords: number;
  /** Tokens of two letters or more, some lower case, and nothing else ("abeg", "Nite", "oe"). */
  letterTokens: number;
};

/** Capitals only, of the letters a zig-zag line reads as. */
const ZIGZAG_RE = /^[VWUYNMXLI]{2,}$/;
/** Four letters or more: "the" is too short to tell writing from noise. */
const WORD_SHAPE_RE = /^[A-Za-z]{4,}$/;

export function debrisSignals(text: string): TDebrisSignals {
  const characters = (text.match(/[\p{L}\p{N}]/gu) ?? []).length;
  const { tokens, legible } = legibilityOf(text);
  let words = 0;
  let zigzag = 0;
  let letterTokens = 0;
  let nearWords = 0;
  for (const token of legibilityTokens(text)) {
    if (/^[A-Za-z]{2,}$/.test(token.text) && /[a-z]/.test(token.text)) letterTokens++;
    if (ZIGZAG_RE.test(token.text)) zigzag++;
    else if (WORD_SHAPE_RE.test(token.text)) {
      const kind = tokenKind(token);
      if (kind === 'word') words++;
      else if (kind === 'near') nearWords++;
    }
  }
  const adjusted = Math.max(0, legible - zigzag);
  return {
    characters,
    tokens,
    share: tokens > 0 ? adjusted / tokens : 1,
    words,
    nearWords,
    letterTokens,
  };
}

/**
 * Whether text read from an answer region is OCR debris rather than writing: what tesseract makes of
 * paper grain, a smudge, a box's border, a scribble or a crossing-out ("ae | ee | oe ee | : - Bio cs
 * Oo", "oo", "WW"). Debris is never stored as a student's answer without the teacher's look; writing,
 * however poorly read, is marked (its legibility limits its marks). Judged on the read's signals
 * (debrisSignals) and the engine's own mean confidence; thresholds chosen on the tuning part of the
 * labelled set in bench/debris.ts, its held-out part pinned in test/sheets/debris-set.test.ts.
 */
export function isOcrDebris(text: string, confidence: number | undefined): boolean {
  if (text.trim() === '') return false;
  const { characters, tokens, share, words, nearWords, letterTokens } = debrisSignals(text);
  // Nothing but stray marks (single letters, signs): not writing anyone can mark.
  if (tokens === 0) return true;
  // One or two marks read as a letter or a digit ("8", "a"): writing only when read with confidence.
  if (characters <= LONE_MARK_CHARACTERS) {
    return (
      share < DEBRIS_LEGIBILITY || (confidence !== undefined && confidence < LONE_MARK_CONFIDENCE)
    );
  }
  if (letterTokens >= LONG_TEXT_TOKENS) {
    // Enough letter groups to judge by its words: writing, however poorly read, keeps real words
    // (and near spellings of them) among its groups; grain, ruled lines and printing read upside
    // down give hardly any.
    const wordy =
      words >= WRITING_WORD_RATE * tokens &&
      words + nearWords >= WRITING_SPELLING_RATE * letterTokens;
    // Handwriting the engine struggled with: fewer words among its misreadings, but read with some
    // confidence (grain and ruled lines read as pages of two-letter groups under about 16).
    const struggled =
      words >= POOR_READ_WORDS &&
      words >= POOR_WORD_RATE * tokens &&
      confidence !== undefined &&
      confidence >= POOR_READ_CONFIDENCE;
    return !wordy && !struggled;
  }
  if (share < DEBRIS_LEGIBILITY) return true;
  // A low-confidence read that is also only half legible: more likely noise than handwriting.
  return confidence !== undefined && confidence < DEBRIS_CONFIDENCE && share < UNSURE_LEGIBILITY;
}

/** At most this many letters and digits: a mark or two, not an answer unless read with confidence. */
export const LONE_MARK_CHARACTERS = 2;
/** A mark or two read under this engine confidence (0..100) is debris. */
export const LONE_MARK_CONFIDENCE = 60;
/** From this many letter groups on, a read is judged by its words. */
export const LONG_TEXT_TOKENS = 6;
/** A long read with words of the list (four letters or more) under this share of its tokens is debris. */
export const WRITING_WORD_RATE = 0.09;
/** ...or with words and near spellings under this share of its letter groups... */
export const WRITING_SPELLING_RATE = 0.29;
/** A long read that is not wordy is writing with at least this many words of four letters or more... */
export const POOR_READ_WORDS = 3;
/** ...at least this share of its tokens, read with at least... */
export const POOR_WORD_RATE = 0.05;
/** ...this engine confidence: writing the engine struggled with. */
export const POOR_READ_CONFIDENCE = 18;
/** Under this share of legible tokens the text is debris whatever the engine's confidence. */
export const DEBRIS_LEGIBILITY = 0.5;
/** Under this engine confidence (0..100) text that is not clearly legible is debris. */
export const DEBRIS_CONFIDENCE = 40;
/** Clearly legible: at and above this share, a low confidence alone does not make debris. */
export const UNSURE_LEGIBILITY = 0.75;
