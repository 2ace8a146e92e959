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
  return joined
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\n+|\n+$/g, '')
    .trim();
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
const KEEP_HYPHEN_PREFIX = /(?:^|\s)(?:self|well|ex|half|all|cross|non)-$/i;

/**
 * "photo-\nsynthesis" → "photosynthesis". The hyphen stays where it belongs to the word: a prefix
 * such as "self-", or a compound the text writes with a hyphen elsewhere ("well-known").
 */
function rejoinHyphenated(lines: string[], original: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i] ?? '';
    while (/\p{L}[-\u00AD¬]$/u.test(line) && /^\p{Ll}/u.test(lines[i + 1] ?? '')) {
      const next = lines[i + 1] ?? '';
      const head = /(\p{L}+)[-\u00AD¬]$/u.exec(line)?.[1] ?? '';
      const tail = /^\p{L}+/u.exec(next)?.[0] ?? '';
      const compound = `${head}-${tail}`.toLowerCase();
      const keepHyphen =
        line.endsWith('-') &&
        (KEEP_HYPHEN_PREFIX.test(line) ||
          original
            .toLowerCase()
            .replace(/-\s*\n\s*/g, '')
            .includes(compound));
      line = keepHyphen ? `${line}${next}` : `${line.slice(0, -1)}${next}`;
      i++;
    }
    out.push(line);
  }
  return out;
}

/**
 * Lines broken mid-sentence are joined with a space. A break stays before a list item, around
 * working, after a colon, and after a finished sentence on a line clearly shorter than the others
 * (the end of a paragraph); blank lines stay as paragraph breaks.
 */
function joinLines(lines: string[]): string {
  const longest = Math.max(0, ...lines.map((l) => l.length));
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
