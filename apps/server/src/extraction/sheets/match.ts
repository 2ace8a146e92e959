import { distance } from 'fastest-levenshtein';

/** Letters only, upper case, single spaces: how names and OCR text are compared. */
function plain(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
}

function similarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 0 : 1 - distance(a, b) / longest;
}

/**
 * The candidate whose name the text holds, fuzzily (OCR misreads a letter or two of handwriting):
 * each name is compared with every run of as many words in each line of the text. Only a clear
 * winner counts: similar enough, and clearly ahead of the next name. Otherwise null.
 */
export function matchName<T extends { name: string }>(
  text: string,
  candidates: T[],
  options: { minScore?: number; minLead?: number } = {},
): T | null {
  const minScore = options.minScore ?? 0.75;
  const minLead = options.minLead ?? 0.08;
  const lines = text
    .split(/\n/)
    .map(plain)
    .filter((l) => l.length > 0);
  const scored = candidates.map((candidate) => {
    const name = plain(candidate.name);
    const words = name.split(' ').length;
    let best = 0;
    for (const line of lines) {
      const tokens = line.split(' ');
      best = Math.max(best, similarity(name, line));
      for (let size = Math.max(1, words - 1); size <= words + 1; size++) {
        for (let i = 0; i + size <= tokens.length; i++) {
          best = Math.max(best, similarity(name, tokens.slice(i, i + size).join(' ')));
        }
      }
    }
    return { candidate, score: best };
  });
  scored.sort((a, b) => b.score - a.score);
  const [first, second] = scored;
  if (!first || first.score < minScore) return null;
  if (second && first.score - second.score < minLead) return null;
  return first.candidate;
}

/** Words of three letters or more, for comparing a printed question with OCR text. */
function words(text: string): string[] {
  return plain(text)
    .split(' ')
    .filter((w) => w.length >= 3);
}

/**
 * The question whose printed text the page holds: the share of the question's words found in the
 * page's text (allowing one misread letter in longer words). A clear winner over 60 %, else null.
 */
export function matchQuestion<T extends { text: string }>(text: string, questions: T[]): T | null {
  const pageWords = new Set(words(text));
  const pageList = [...pageWords];
  const found = (word: string) =>
    pageWords.has(word) ||
    (word.length >= 5 &&
      pageList.some((w) => Math.abs(w.length - word.length) <= 1 && distance(w, word) <= 1));
  const scored = questions
    .map((question) => {
      const own = [...new Set(words(question.text))];
      const share = own.length === 0 ? 0 : own.filter(found).length / own.length;
      return { question, share };
    })
    .sort((a, b) => b.share - a.share);
  const [first, second] = scored;
  if (!first || first.share < 0.6) return null;
  if (second && first.share - second.share < 0.15) return null;
  return first.question;
}

/**
 * The question number printed on a page read without its code ("Question 4 of 4"), or null when the
 * line was not read.
 */
export function printedQuestionNumber(text: string): number | null {
  const found = /\bQuestion\s+(\d{1,2})\s+of\s+\d{1,2}\b/i.exec(text);
  const number = found ? Number(found[1]) : 0;
  return number >= 1 ? number : null;
}

/**
 * The answer part of a whole page read without its code: the text after the answer box's printed
 * label, or, when the label was not read, every line that is not part of the printed header.
 */
export function answerPartOf(text: string, printed: string[]): string {
  const lines = text.split(/\n/);
  const label = lines.findIndex((l) => /inside\s+this\s+box/i.test(l));
  const footer = (l: string) => /do not write on or fold|STEM@Home answer sheet/i.test(l);
  if (label >= 0) {
    return lines
      .slice(label + 1)
      .filter((l) => !footer(l))
      .join('\n')
      .trim();
  }
  const printedWords = new Set(printed.flatMap(words));
  return lines
    .filter((line) => {
      const own = words(line);
      if (footer(line) || own.length === 0) return own.length > 0 && !footer(line);
      return own.filter((w) => printedWords.has(w)).length / own.length < 0.6;
    })
    .join('\n')
    .trim();
}
