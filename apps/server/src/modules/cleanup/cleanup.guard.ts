/**
 * Whether `candidate` differs from `original` only the way OCR repair may: the same words, letter
 * for letter and in the same order, except that lone letters may be dropped (noise) and pieces
 * split by a line-break hyphen or by noise inside a word ("photo-\nsynthesis", "mem|brane") may be
 * joined; digits and the operators = + × ÷ < > % must read exactly as before. A model that fixes a
 * spelling ("recieve"), a word ("there" → "their"), a capital, a number or adds a word fails it.
 */
export function isOcrRepairOnly(original: string, candidate: string): boolean {
  if (operators(original) !== operators(candidate)) return false;
  const source = wordsWithGaps(original);
  const target = [...candidate.matchAll(WORD)].map((m) => m[0]);
  let i = 0;
  let dropped = 0;
  for (const word of target) {
    let matched = false;
    while (i < source.length && !matched) {
      const here = source[i];
      if (!here) break;
      if (here.word === word) {
        i++;
        matched = true;
        break;
      }
      const joined = joinAt(source, i, word);
      if (joined > 0) {
        i += joined;
        matched = true;
        break;
      }
      // Only a lone letter may disappear (a speck read as "l"); a word or a digit may not.
      if (here.word.length === 1 && /\p{L}/u.test(here.word)) {
        dropped++;
        i++;
        continue;
      }
      return false;
    }
    if (!matched) return false;
  }
  const rest = source.slice(i);
  if (rest.some((s) => s.word.length > 1 || !/\p{L}/u.test(s.word))) return false;
  dropped += rest.length;
  return dropped <= Math.max(3, Math.ceil(source.length * 0.1));
}

const WORD = /[\p{L}\p{N}]+/gu;

type TSourceWord = { word: string; gapAfter: string };

function wordsWithGaps(text: string): TSourceWord[] {
  const matches = [...text.matchAll(WORD)];
  return matches.map((m, k) => {
    const next = matches[k + 1];
    const end = m.index + m[0].length;
    return { word: m[0], gapAfter: next ? text.slice(end, next.index) : '' };
  });
}

/** How many source words (2 or 3) joined across a hyphen-newline or in-word noise make `word`. */
function joinAt(source: TSourceWord[], i: number, word: string): number {
  let joined = source[i]?.word ?? '';
  for (let k = i; k < Math.min(source.length - 1, i + 2); k++) {
    const gap = source[k]?.gapAfter ?? '';
    const joinable = /^[-\u00AD¬]\s*\n\s*$/.test(gap) || /^[|¦~_•·]+$/.test(gap);
    if (!joinable) return 0;
    joined += source[k + 1]?.word ?? '';
    if (joined === word) return k + 2 - i;
    if (!word.startsWith(joined)) return 0;
  }
  return 0;
}

function operators(text: string): string {
  return (text.match(/[=+×÷<>%]/g) ?? []).join('');
}
