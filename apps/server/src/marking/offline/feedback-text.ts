import type { TKeyPointModel } from './question-model';
import { contentStems, splitSentences } from './text';

/**
 * Plain-sentence helpers for feedback: rubric points turned into short phrases (or refused when they
 * cannot be), the student's own words quoted only when they read as a phrase, lists joined in prose,
 * and a teacher's comment addressed to the student.
 */

const MAX_LABEL_WORDS = 16;
/** Characters that belong to formulas, tables or markup, never to a phrase a student reads. */
const SYMBOL_RE = /[|=*^<>{}[\]_#~\\/@$%+]|…|\.\.\./;

function words(text: string): string[] {
  return text.split(/\s+/).filter((w) => w.length > 0);
}

/** Share of the non-space characters that are letters (or an apostrophe, hyphen or comma). */
function letterShare(text: string): number {
  const chars = text.replace(/\s+/g, '');
  if (chars.length === 0) return 0;
  const letters = chars.match(/[\p{L}'’,-]/gu)?.length ?? 0;
  return letters / chars.length;
}

function balanced(text: string): boolean {
  return (text.match(/\(/g)?.length ?? 0) === (text.match(/\)/g)?.length ?? 0);
}

/**
 * A rubric or model-answer fragment as a plain phrase for a sentence ("the jar with the black lid
 * was warmest"), or undefined when it is not one: formulas, table debris, headers, or too long to
 * name without cutting it.
 */
export function cleanPhrase(raw: string): string | undefined {
  let text = raw
    .replace(/["“”]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    // A list number ("2. ", "3)") is not part of the point; a decimal ("0.5 A") is.
    .replace(/^(?:\d+[.)](?!\d)|[-*•])\s*/, '')
    .replace(/[\s.;,:!?]+$/, '');
  if (words(text).length > MAX_LABEL_WORDS) {
    // The first clause names the point; never a cut mid-clause.
    const clause = text.split(/\s*[;,]\s*|\s+[-–—]\s+/)[0] ?? '';
    text = clause.replace(/[\s.;,:]+$/, '');
  }
  const count = words(text).length;
  if (count < 2 || count > MAX_LABEL_WORDS) return undefined;
  if (SYMBOL_RE.test(text) || /:/.test(text) || !balanced(text)) return undefined;
  if (/\b(?:score|marks?)\s*\d|\bmark range\b|\bkey elements?\b|\bresponses?\s*:/i.test(text)) {
    return undefined;
  }
  if (letterShare(text) < 0.85) return undefined;
  if (/^(?:and|or|but|so|because|which|that|then)\b/i.test(text)) return undefined;
  // Lower-case the first letter unless it starts an acronym or a name ("IPv6", "DHCP", "mRNA").
  if (text.length > 1 && !/^[A-Z]{2}|^[a-z][A-Z]|^[A-Z][a-z]*[A-Z0-9]/.test(text)) {
    text = text.charAt(0).toLowerCase() + text.slice(1);
  }
  return text;
}

/** "a", "a and b", "a, b and c" */
export function joinAnd(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
}

/** "a", "a or b" */
export function joinOr(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} or ${items.at(-1) ?? ''}`;
}

const MIN_QUOTE_WORDS = 4;
const MAX_QUOTE_WORDS = 16;

/** True when the student's words read as a phrase worth quoting back (not symbols or debris). */
export function isReadablePhrase(text: string, maxWords = MAX_QUOTE_WORDS): boolean {
  const list = words(text);
  if (list.length < MIN_QUOTE_WORDS || list.length > maxWords) return false;
  if (SYMBOL_RE.test(text) || /["“”]/.test(text) || !balanced(text)) return false;
  if (/\^p|\(deg\)|@\w/i.test(text)) return false;
  // A sentence split at an abbreviation ("…, i.e") is cut short.
  if (/\b(?:i\.e|e\.g|etc|vs|cf|approx)\.?$/i.test(text)) return false;
  if (letterShare(text) < 0.9) return false;
  // Real words: most tokens are letters only, and several are longer than two letters.
  const plain = list.filter((w) => /^[\p{L}'’-]+[,.;:!?]?$/u.test(w));
  if (plain.length < list.length * 0.85) return false;
  return list.filter((w) => w.replace(/[^\p{L}]/gu, '').length >= 3).length >= 3;
}

/** Sentences and, for long ones, their clauses: the pieces of an answer that may be quoted. */
function pieces(answer: string, maxWords: number): string[] {
  const out: string[] = [];
  for (const sentence of splitSentences(answer)) {
    const s = sentence
      .replace(/[\s.;,:!?]+$/, '')
      .trim()
      // A list item's bullet or number is not the student's words.
      .replace(/^(?:[-*•]\s*|\d+[.)）](?:\s+|(?=\p{L})))/u, '');
    if (words(s).length <= maxWords) out.push(s);
    else {
      for (const clause of s.split(
        /\s*[,;:]\s+|\s+[-–—]\s+|\s+(?=(?:because|but|so|which|and then)\s)/i,
      )) {
        out.push(clause.replace(/^(?:and|but|so|or)\s+/i, '').trim());
      }
    }
  }
  return out.filter((p) => p.length > 0);
}

/**
 * The student's own words that best show `point` (or, without one, the most substantial readable
 * sentence), when they read as a phrase; undefined otherwise. Never cut mid-clause.
 */
export function quoteFromAnswer(
  answer: string,
  point: TKeyPointModel | ReadonlySet<string> | undefined,
  legibility: number,
  maxWords = MAX_QUOTE_WORDS,
): string | undefined {
  if (legibility < 0.85) return undefined;
  const terms =
    point instanceof Set
      ? new Map([...point].map((stem) => [stem, 1]))
      : point && 'terms' in point
        ? new Map(point.terms.map((t) => [t.stem, t.weight]))
        : undefined;
  let best: { text: string; value: number } | undefined;
  // A short answer is quoted whole when it reads as words ("Rose is caring").
  const whole = answer
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\s.;,:!?]+$/, '');
  const wholeWords = words(whole);
  if (
    wholeWords.length > 0 &&
    wholeWords.length < MIN_QUOTE_WORDS &&
    wholeWords.every((w) => /^[\p{L}'’-]{2,}[,]?$/u.test(w)) &&
    (!terms || [...contentStems(whole)].some((s) => terms.has(s)))
  ) {
    return whole;
  }
  for (const piece of pieces(answer, maxWords)) {
    if (!isReadablePhrase(piece, maxWords)) continue;
    const stems = contentStems(piece);
    let value = 0;
    if (terms) {
      for (const s of stems) value += terms.get(s) ?? 0;
    } else {
      value = stems.size;
    }
    if (value <= 0 || (!terms && stems.size < 3)) continue;
    if (!best || value > best.value) best = { text: piece, value };
  }
  if (!best) return undefined;
  const text = best.text;
  // A sentence-initial capital stays only for names and acronyms.
  return /^[A-Z][a-z]/.test(text) && !/^I\b/.test(text)
    ? text.charAt(0).toLowerCase() + text.slice(1)
    : text;
}

/** Content stems of a text, for similarity between answers. */
export function stemsOf(text: string): Set<string> {
  return contentStems(text);
}
