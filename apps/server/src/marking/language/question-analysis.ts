import { extractContextTerms, extractGivenValues, extractKeyTerms } from './question-terms';
import { mergeShared, readClauses, stripEnd, type TTask } from './question-tasks';

export type { TTask } from './question-tasks';

export type TQuestionAnalysis = {
  tasks: TTask[];
  /** The question's key terms in reading order (at most 6). */
  keyTerms: string[];
  /** The same terms, most important first. */
  rankedTerms: string[];
  /** Terms of the given material (procedure, table, scenario) the answer should draw on. */
  contextTerms: string[];
  /** Numbers with units given in the question ("9.8 g", "10 packets"). */
  givenValues: string[];
  /** The unit the answer is asked in ("seconds" in "How many seconds ..."), when named. */
  answerUnit?: string;
  /** "1-3 sentences" when the question limits the length. */
  sentenceLimit?: string;
  /** The first words of the task, for "restates the question (...)". */
  opening: string;
};

/** Reads a question the way a teacher writing a rubric would: what is asked, about what. */
export function analyseQuestion(question: string): TQuestionAnalysis {
  const text = normaliseQuestion(question);
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const { taskLines, contextLines } = splitTaskBlock(lines);
  const taskText = taskLines.join('\n');
  const sentences = splitSentences(taskLines);
  const tasks: TTask[] = [];
  for (const sentence of sentences) tasks.push(...readClauses(sentence, tasks.at(-1)));
  if (tasks.length === 0) {
    tasks.push({ demand: 'answer', verb: '', object: stripEnd(taskText), compares: false });
  }
  // The options of a choice ("Choose a color: Black / Dark gray / White") are not key terms.
  const termText = taskText.replace(/:\s*[^:\n]+(?:\s\/\s[^/\n]+){2,}$/gm, '.');
  const { terms: keyTerms, ranked: rankedTerms } = extractKeyTerms(
    termText,
    text,
    tasks.map((t) => t.object),
  );
  return {
    tasks: mergeShared(tasks),
    keyTerms,
    rankedTerms,
    contextTerms: extractContextTerms(contextLines.join('\n'), keyTerms),
    givenValues: extractGivenValues(text),
    ...optional('answerUnit', findAnswerUnit(taskText)),
    ...optional('sentenceLimit', findSentenceLimit(taskText)),
    opening: openingWords(sentences.find((s) => readClauses(s).length > 0) ?? taskText),
  };
}

function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}

function normaliseQuestion(question: string): string {
  return (
    question
      .replace(/\r\n?/g, '\n')
      .replace(/[“”„]/g, '"')
      .replace(/[‘’]/g, "'")
      .replace(/[ \t\u00a0]+/g, ' ')
      // A question's own number ("Q1:", "Q2a)", "Question 3.") is no part of what it asks.
      .replace(/^ ?(?:Q|Question) ?\d+[a-z]?(?:\([a-z]\))? ?[:.)] ?/gim, '')
  );
}

const LIST_LINE = /^(?:[-*•●▪◦‣]|\(?[a-z0-9]{1,2}[.)])\s+/i;
const TABLE_LINE = /\|/;

/**
 * The task block is the run of lines at the end of the question that ask for something (plus the
 * list items and "be sure to:" lines among them); what comes before it (procedure, data table,
 * scenario) is context. Lines after the last task (a note) are context too.
 */
function splitTaskBlock(lines: string[]): { taskLines: string[]; contextLines: string[] } {
  let start = -1;
  let end = -1;
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i] ?? '';
    if (isTaskLine(line)) {
      if (end === -1) end = i;
      start = i;
    } else if (
      end !== -1 &&
      !TABLE_LINE.test(line) &&
      (LIST_LINE.test(line) || line.endsWith(':'))
    ) {
      start = i;
    } else if (end !== -1) {
      break;
    }
  }
  if (end === -1) return { taskLines: lines, contextLines: [] };
  // A scenario sentence on the first task line ("Brandi and Jerry were designing a doghouse.")
  // stays with the task: it names what the task is about.
  return {
    taskLines: lines.slice(start, end + 1),
    contextLines: [...lines.slice(0, start), ...lines.slice(end + 1)],
  };
}

function isTaskLine(line: string): boolean {
  if (TABLE_LINE.test(line)) return false;
  return splitSentences([line]).some((sentence) => readClauses(sentence).length > 0);
}

const ABBREVIATIONS = /(?:\b(?:Mr|Mrs|Ms|Dr|Prof|St|vs|etc|e\.g|i\.e|eg|ie|approx|Fig|No))\.$/i;

/** Sentences of the task lines; each list item is a sentence of its own. */
export function splitSentences(lines: string[]): string[] {
  const sentences: string[] = [];
  for (const line of lines) {
    let current = '';
    const parts = line.split(/(?<=[.?!])\s+/);
    for (const part of parts) {
      current = current === '' ? part : `${current} ${part}`;
      // "Mr." and "e.g." do not end a sentence, nor does a list number ("1.") on its own.
      if (!ABBREVIATIONS.test(current) && !/^\(?[a-z0-9]{1,2}[.)]$/i.test(current)) {
        sentences.push(current);
        current = '';
      }
    }
    if (current !== '') sentences.push(current);
  }
  return sentences.map((s) => s.replace(LIST_LINE, '').trim()).filter((s) => s !== '');
}

function findAnswerUnit(taskText: string): string | undefined {
  const m =
    /\bhow (?:many|much) ([a-z]+)/i.exec(taskText) ??
    /\b(?:in|to the nearest) ((?:°\s*[CF])|[a-zA-Z/²³]{1,12})\s*(?:[.,;?)]|$)/.exec(taskText);
  const unit = m?.[1];
  if (!unit || /^(?:of|the|a|an|your|order|sentences?|words?|detail|total)$/i.test(unit))
    return undefined;
  return unit;
}

function findSentenceLimit(taskText: string): string | undefined {
  const m = /\b(?:in\s+)?(\d+\s*[-–]\s*\d+|\d+|one|two|three|four|five)\s+sentences?\b/i.exec(
    taskText,
  );
  if (!m?.[1]) return undefined;
  const n = m[1].replace(/\s+/g, '').replace('–', '-');
  return `${n} ${n === '1' || n.toLowerCase() === 'one' ? 'sentence' : 'sentences'}`;
}

function openingWords(sentence: string): string {
  const words = sentence.replace(/\s+/g, ' ').trim().split(' ');
  const head = words.slice(0, 8).join(' ');
  return words.length > 8 ? `${stripEnd(head)} …` : stripEnd(head);
}
