/**
 * The verdict a student reads first, and the checks that keep feedback from contradicting its score
 * or showing raw rubric syntax. Shared by the offline engine, the hosted model and the bench.
 */

export const VERDICTS = ['correct', 'partially correct', 'incorrect'] as const;
export type TVerdict = (typeof VERDICTS)[number];

/** Full marks are correct, no marks incorrect, anything between partially correct. */
export function verdictOf(score: number, marks: number): TVerdict {
  if (score >= marks) return 'correct';
  if (score <= 0) return 'incorrect';
  return 'partially correct';
}

/** The opening sentence of feedback for a verdict. */
export function verdictSentence(verdict: TVerdict): string {
  return `Your response is ${verdict}.`;
}

const SAYS_CORRECT_RE =
  /\b(?:response|answer) is (?:fully |completely |entirely |totally )?correct\b|\bfull marks\b|\bcompletely correct\b/i;
const SAYS_PARTIAL_RE = /\b(?:response|answer) is (?:only )?(?:partially|partly|mostly) correct\b/i;
const SAYS_INCORRECT_RE =
  /\b(?:response|answer) is (?:incorrect|wrong|not correct)\b|\bno marks could be awarded\b/i;
const PRAISE_RE =
  /\b(?:well done|good job|great|excellent|nicely|put it well|well put|clear point|on the right track)\b/i;
const ASKS_MORE_RE =
  /\b(?:to improve|you could add|add (?:a|an|the|more|your)|is missing|are missing|does not (?:mention|show|explain)|misses|still needs)\b/i;

/**
 * Why a feedback text contradicts its score, or undefined when it does not: a verdict other than
 * the score's, praise for no marks, or a request for more on full marks.
 */
export function contradictionOf(
  feedback: string,
  score: number,
  marks: number,
): string | undefined {
  // The student's own words quoted back are theirs, not the marker's verdict.
  const text = withoutQuotes(feedback);
  const verdict = verdictOf(score, marks);
  if (verdict !== 'correct' && SAYS_CORRECT_RE.test(text)) return 'says correct below full marks';
  if (verdict !== 'partially correct' && SAYS_PARTIAL_RE.test(text)) {
    return `says partially correct on ${verdict === 'correct' ? 'full' : 'no'} marks`;
  }
  if (verdict !== 'incorrect' && SAYS_INCORRECT_RE.test(text)) return 'says incorrect above 0';
  if (verdict === 'incorrect' && PRAISE_RE.test(text)) return 'praises an answer with no marks';
  if (verdict === 'correct' && ASKS_MORE_RE.test(text)) return 'asks for more on full marks';
  return undefined;
}

/** The text with every "quoted" stretch left out. */
function withoutQuotes(text: string): string {
  return text.replace(/"[^"]*"/g, '""');
}

const RAW_SYNTAX_RES: readonly RegExp[] = [
  /\bscore\s*\d+\s*:/i,
  /\bmark range\b/i,
  /\bmiddle marks?\s*\(/i,
  /\(\s*\d+\s*[-–]\s*\d+\s*\)/,
  /^\s*(?:[-*•]|\d+[.)])\s/m,
  /\b(?:key elements|possible (?:correct )?responses|rubric'?s? top band)\b/i,
  /\^p\b/,
];

/** Anywhere, quotes included: table pipes, cut-off text, formulas inside quotes, empty quotes. */
const RAW_ANYWHERE_RES: readonly RegExp[] = [
  /\|/,
  /…/,
  /\.\.\./,
  /"\s*"/,
  /"[^"]*[=*^|<>{}[\]][^"]*"/,
];

/**
 * True when a feedback text shows rubric or model-answer syntax (table pipes, "Score 2:", band
 * headers, list bullets, cut-off or empty quotes, formulas in quotes) instead of plain sentences.
 */
export function hasRawSyntax(text: string): boolean {
  if (RAW_ANYWHERE_RES.some((re) => re.test(text))) return true;
  if ((text.match(/"/g)?.length ?? 0) % 2 === 1) return true;
  const own = text.replace(/"[^"]*"/g, 'quoted');
  return RAW_SYNTAX_RES.some((re) => re.test(own));
}

const UNREADABLE_RE = /\bcould not be read\b/i;

/** True when a feedback text tells the student that (part of) the answer could not be read. */
export function saysUnreadable(text: string): boolean {
  return UNREADABLE_RE.test(text);
}
