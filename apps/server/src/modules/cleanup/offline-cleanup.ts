/** Recorded with every cleaned text; bump when the repair rules change. */
export const OFFLINE_CLEANUP_ENGINE = 'offline-cleanup-v1';

/**
 * Repairs OCR damage and nothing else (DESIGN §7): words hyphenated across line breaks are
 * rejoined, lines broken mid-sentence become paragraphs (real paragraph breaks, list items and lines
 * of working stay), symbols OCR invents are removed, whitespace and quotes are normalised. Letters
 * inside words, digits and operators are never changed: a misspelling, a wrong fact or "2+2=5" is
 * the student's and decides the mark.
 */
export function cleanOcrText(text: string): string {
  const lines = normaliseCharacters(text).split('\n');
  const kept: string[] = [];
  for (const raw of lines) {
    const wasBlank = raw.trim() === '';
    const line = cleanLine(raw);
    // A line that held only OCR noise disappears; it must not become a paragraph break.
    if (line === '' && !wasBlank) continue;
    kept.push(line);
  }
  const joined = joinLines(rejoinHyphenated(kept, text));
  return joined.replace(/\n{3,}/g, '\n\n').trim();
}

const LIGATURES: Record<string, string> = {
  ﬀ: 'ff',
  ﬁ: 'fi',
  ﬂ: 'fl',
  ﬃ: 'ffi',
  ﬄ: 'ffl',
  ﬅ: 'st',
  ﬆ: 'st',
};

function normaliseCharacters(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      .replace(/[\u200B-\u200D\u2060\uFEFF]/g, '')
      .replace(/[ﬀﬁﬂﬃﬄﬅﬆ]/g, (c) => LIGATURES[c] ?? c)
      .replace(/[‘’‚‛′`´]/g, "'")
      .replace(/[“”„‟″«»]/g, '"')
      // Tabs and the many Unicode spaces OCR emits become plain spaces.
      .replace(/[\t\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]/g, ' ')
  );
}

/** Characters OCR invents from specks, ruling and margins; never written as a word on their own. */
const NOISE = '|¦~_•·●▪■□◦‣¬¤¨¶†‡';
const NOISE_ONLY = new RegExp(`^[${escapeClass(NOISE)}]+$`);
const BULLET_START = /^[•●▪■◦‣·*]\s+(?=\S)/;
const PUNCTUATION_RUN = /^(?=.*[,;:'"])[.,;:'"]{2,}$/;
/** Lone letters that are words, or single-letter units and symbols seen in science answers. */
const LONE_KEEP = /^[aAiIoO]$/;
/** Words after which a lower-case letter is a label ("part c", "option b"), not a speck. */
const LABEL_WORDS =
  /^(?:part|option|type|event|point|sample|step|question|letter|grade|figure|fig|table|group|line|box|answer|section|case|trial|choice|item)$/i;

function cleanLine(line: string): string {
  let text = line.trim().replace(BULLET_START, '- ');
  const isWorking = hasMaths(text);
  const tokens = text.split(/ +/);
  const out: string[] = [];
  tokens.forEach((token, i) => {
    const prev = out.at(-1);
    const next = tokens[i + 1];
    if (token === '') return;
    if (NOISE_ONLY.test(token)) {
      // "~ 5 g" means "about 5 g"; in maths "a ~ b", "2 · 3" and "¬ p" join operands: keep those.
      const numeric = next !== undefined && /^\d/.test(next);
      const between = prev !== undefined && next !== undefined;
      if ((token === '~' && numeric) || (isWorking && between && /^[~·¬]$/.test(token))) {
        out.push(token);
      }
      return;
    }
    if (PUNCTUATION_RUN.test(token)) return;
    if (!isWorking && isStrayLetter(token, prev, next, i === 0)) return;
    out.push(isWorking ? token : stripAttachedNoise(token));
  });
  text = out.join(' ');
  return text
    .replace(/([,;:])\1+/g, '$1')
    .replace(/([\p{L}\p{N}"')\]]) +([,.;:!?)](?=\s|$))/gu, '$1$2')
    .replace(/\( +/g, '(')
    .trim();
}

/** Text with maths keeps its symbols and lone letters: "|x| = 5", "a ~ b", "k = 2 n". */
function hasMaths(line: string): boolean {
  return /[=<>≤≥±×÷√∑∫^\d]/.test(line);
}

/**
 * A line of working ("v = d / t", "Speed = distance / time", "= 5 m/s") stays on its own line; a
 * sentence that merely mentions a sum ("the answer is that 2+2=5 because the") is prose.
 */
function looksLikeWorking(line: string): boolean {
  const letters = (line.match(/\p{L}/gu) ?? []).length;
  const symbols = (line.match(/[\d+\-*/()%.=<>×÷]/g) ?? []).length;
  if (symbols > 0 && symbols >= letters) return true;
  const words = (line.match(/\p{L}{3,}/gu) ?? []).length;
  // A line opening with a lower-case word carries on the sentence above it.
  return /[=≤≥]/.test(line) && words <= 3 && !/^\p{Ll}{2,}/u.test(line);
}

/**
 * A single lower-case letter between words ("the l cell") is OCR noise; "a", "I", letters used as
 * labels or variables ("Event B", "part c", "x"), and anything near a number are kept.
 */
function isStrayLetter(
  token: string,
  prev: string | undefined,
  next: string | undefined,
  first: boolean,
): boolean {
  if (!/^[a-z]$/.test(token) || LONE_KEEP.test(token) || token === 'x' || token === 'y')
    return false;
  const isWord = (t: string | undefined) => t !== undefined && /^["'(]?\p{L}{2,}/u.test(t);
  if (first) return next !== undefined && /^[A-Z]\p{Ll}+/u.test(next);
  if (!isWord(prev) || !isWord(next)) return false;
  return !LABEL_WORDS.test((prev ?? '').replace(/[^\p{L}]/gu, ''));
}

/** "|the" → "the", "cell|" → "cell", "mem|brane" → "membrane"; "ss_thresh" keeps its underscore. */
function stripAttachedNoise(token: string): string {
  return token
    .replace(/(?<=\p{L})[|¦](?=\p{L})/gu, '')
    .replace(/^[|¦~_•·]+(?=[\p{L}\d"'(])/u, '')
    .replace(/(?<=[\p{L}\d.,;:!?"')])[|¦~_•·]+$/u, '');
}

const LIST_ITEM = /^(?:[-*•]|\(?\d{1,2}[.)]|\(?[a-hA-H][.)]|\(?(?:i|ii|iii|iv|v|vi)[.)])\s+/;
/** Prefixes whose hyphen belongs to the word ("self-esteem"), when they stand as a word of their own. */
const KEEP_HYPHEN_PREFIXES = new Set(['self', 'well', 'ex', 'half', 'all', 'cross', 'non']);
/** A line that ends in a word broken by a hyphen (a soft hyphen, or "¬" as OCR reads one). */
const BROKEN_WORD_END = /\p{L}[-\u00AD¬]$/u;
/** Longer halves of a compound are never checked (no word is that long; it bounds the work). */
const MAX_COMPOUND_PART = 64;

/**
 * "photo-\nsynthesis" → "photosynthesis". The hyphen stays where it belongs to the word: a prefix
 * such as "self-", or a compound the text writes with a hyphen elsewhere ("well-known").
 *
 * Linear in the length of the text (issue 26: 40,000 characters of "word-" lines took seconds): a
 * joined line is built from its pieces once, each test reads only the piece just added, and the
 * compounds the text writes are collected once into a set.
 */
function rejoinHyphenated(lines: string[], original: string): string[] {
  let compounds: Set<string> | undefined;
  const writtenWithHyphen = (head: string, tail: string) => {
    compounds ??= hyphenatedCompounds(original);
    return compounds.has(`${head}-${tail}`.toLowerCase());
  };
  const continues = (piece: string, next: string | undefined) =>
    next !== undefined && BROKEN_WORD_END.test(piece) && /^\p{Ll}/u.test(next);
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const first = lines[i] ?? '';
    if (!continues(first, lines[i + 1])) {
      out.push(first);
      continue;
    }
    const pieces = [first];
    let piece = first;
    // The letters before the line's closing hyphen (null: too long to be a compound's half), and
    // whether they open the line or follow a space (where a prefix such as "self-" stands alone).
    let head = brokenWordHead(first);
    let headStandsAlone = head.standsAlone;
    let headLetters = head.letters;
    while (continues(piece, lines[i + 1])) {
      const next = lines[i + 1] ?? '';
      const tail = leadingLetters(next);
      const keepHyphen =
        piece.endsWith('-') &&
        headLetters !== null &&
        ((headStandsAlone && KEEP_HYPHEN_PREFIXES.has(headLetters.toLowerCase())) ||
          writtenWithHyphen(headLetters, tail));
      if (!keepHyphen) pieces[pieces.length - 1] = piece.slice(0, -1);
      pieces.push(next);
      head = brokenWordHead(next);
      if (head.fromStart && !keepHyphen) {
        // "photo-" + "syn-": the broken word of the joined line is "photosyn".
        headLetters =
          headLetters !== null &&
          head.letters !== null &&
          headLetters.length + head.letters.length <= MAX_COMPOUND_PART
            ? headLetters + head.letters
            : null;
      } else {
        headLetters = head.letters;
        headStandsAlone = head.fromStart ? false : head.standsAlone;
      }
      piece = next;
      i++;
    }
    out.push(pieces.join(''));
  }
  return out;
}

/**
 * The run of letters before the last character (the hyphen) of `line`: null when longer than
 * MAX_COMPOUND_PART; `fromStart` when it opens the line, `standsAlone` when it opens the line or
 * follows white space.
 */
function brokenWordHead(line: string): {
  letters: string | null;
  fromStart: boolean;
  standsAlone: boolean;
} {
  const end = line.length - 1;
  let start = end;
  while (start > 0 && /\p{L}/u.test(line[start - 1] ?? '')) {
    start--;
    if (end - start > MAX_COMPOUND_PART) {
      // Find where the run starts (for fromStart) without keeping its letters.
      while (start > 0 && /\p{L}/u.test(line[start - 1] ?? '')) start--;
      return { letters: null, fromStart: start === 0, standsAlone: false };
    }
  }
  const before = start > 0 ? (line[start - 1] ?? '') : '';
  return {
    letters: line.slice(start, end),
    fromStart: start === 0,
    standsAlone: start === 0 || /\s/.test(before),
  };
}

function leadingLetters(line: string): string {
  let end = 0;
  while (end < line.length && end < MAX_COMPOUND_PART && /\p{L}/u.test(line[end] ?? '')) end++;
  return line.slice(0, end);
}

/**
 * Every "head-tail" pair of letter runs joined by a hyphen in the text, lower-cased, after the
 * hyphens that break words across lines were taken out (those say nothing about the word).
 */
function hyphenatedCompounds(original: string): Set<string> {
  const text = original.toLowerCase().replace(/-[^\S\n]*\n\s*/g, '');
  const found = new Set<string>();
  // One pass: a letter run that starts a word, its hyphen, and the run after it (looked at, not taken,
  // so "a-b-c" gives "a-b" and "b-c").
  for (const match of text.matchAll(/(?<!\p{L})(\p{L}{1,64})-(?=(\p{L}{1,64}))/gu)) {
    found.add(`${match[1]}-${match[2]}`);
  }
  return found;
}

/**
 * Lines broken mid-sentence are joined with a space. A break stays before a list item, around
 * working, after a colon, and after a finished sentence on a line clearly shorter than the others
 * (the end of a paragraph); blank lines stay as paragraph breaks.
 */
function joinLines(lines: string[]): string {
  let longest = 0;
  for (const line of lines) longest = Math.max(longest, line.length);
  let text = '';
  lines.forEach((line, i) => {
    if (i === 0) {
      text = line;
      return;
    }
    const prev = lines[i - 1] ?? '';
    if (line === '' || prev === '') {
      text += `\n${line}`;
      return;
    }
    const keepBreak =
      LIST_ITEM.test(line) ||
      looksLikeWorking(line) ||
      looksLikeWorking(prev) ||
      /:$/.test(prev) ||
      (/[.!?]["')]?$/.test(prev) && prev.length < 0.6 * longest) ||
      (prev.length < 0.5 * longest && /^\p{Lu}/u.test(line) && !/[,;]$/.test(prev));
    text += keepBreak ? `\n${line}` : ` ${line}`;
  });
  return text;
}

function escapeClass(chars: string): string {
  return chars.replace(/[\\\]^-]/g, '\\$&');
}
