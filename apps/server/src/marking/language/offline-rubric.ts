import { analyseQuestion, type TQuestionAnalysis, type TTask } from './question-analysis';
import type { TMarkRange } from './rubric.format';
import {
  hasUnits,
  highRequirement,
  listOf,
  lowShortcoming,
  singular,
  topicOf,
  weakness,
} from './rubric-wording';

/** Recorded with every rubric the offline writer makes; bump when its wording rules change. */
export const OFFLINE_RUBRIC_ENGINE = 'offline-rubric-v2';

/** The first line of every high band the writer drafts: how a drafted rubric is known again. */
export const DRAFTED_HIGH_OPENING = 'An answer in this range does everything the question asks:';

export type TOfflineRubricInput = {
  question: string;
  marks: number;
  low: TMarkRange;
  high: TMarkRange;
};

/**
 * Writes a two-band rubric without a language model: it reads the question (command words, what
 * each applies to, how many items, key terms, given values, units, length limit) and states what a
 * high-band answer must show and what keeps an answer in the low band, naming the question's own
 * terms. Deterministic: the same question and ranges always give the same text.
 */
export function writeOfflineRubric(input: TOfflineRubricInput): { low: string; high: string } {
  const analysis = analyseQuestion(input.question);
  const tasks = uniqueTasks(analysis.tasks);
  return {
    high: writeHighBand(analysis, tasks, input.high),
    low: writeLowBand(analysis, tasks, input),
  };
}

function writeHighBand(a: TQuestionAnalysis, tasks: TTask[], high: TMarkRange): string {
  const lines = [DRAFTED_HIGH_OPENING];
  for (const task of tasks) {
    lines.push(`- ${highRequirement(task, a)}`);
    if (task.compares) {
      lines.push(
        '- Makes the comparison explicit: says what is alike and what differs, instead of describing each separately.',
      );
    }
  }
  if (a.keyTerms.length > 0)
    lines.push(`- Uses the key terms correctly: ${a.keyTerms.join(', ')}.`);
  if (a.contextTerms.length >= 2) {
    lines.push(
      `- Draws on the specifics given in the question (${a.contextTerms.join(', ')}), not general statements.`,
    );
  }
  if (a.sentenceLimit) lines.push(`- Keeps to the requested length (${a.sentenceLimit}).`);
  lines.push('');
  const full = [
    'every part above is answered accurately and completely',
    a.keyTerms.length > 0 ? 'with the key terms used correctly' : '',
    tasks.some((t) => t.demand === 'calculate')
      ? hasUnits(a)
        ? 'with correct working and unit'
        : 'with correct working'
      : '',
    'and nothing incorrect added',
  ].filter((s) => s !== '');
  if (high.start === high.end) {
    lines.push(`${marksText(high.end)}: ${full.join(', ')}.`);
    return lines.join('\n');
  }
  lines.push(`${marksText(high.end)} (full marks): ${full.join(', ')}.`);
  lines.push(
    `${marksText(high.start)} (lower end of the range): every part is answered and mostly correct, but with ${weakness(tasks[0], a)}.`,
  );
  if (high.end - high.start >= 2) {
    lines.push(
      `${high.end - high.start === 2 ? marksText(high.start + 1) : `${high.start + 1}-${high.end - 1} marks`}: in between, according to how many of the points above are fully met.`,
    );
  }
  return lines.join('\n');
}

function writeLowBand(a: TQuestionAnalysis, tasks: TTask[], input: TOfflineRubricInput): string {
  const { low, high } = input;
  const topic = topicOf(a);
  const lines = [`Answers in this range show little relevant, correct knowledge of ${topic}.`];
  lines.push('Typical shortcomings:');
  const shortcomings = new Set<string>([
    `restates the question ("${a.opening}") without adding anything of its own`,
  ]);
  if (a.keyTerms.length > 0) {
    shortcomings.add(
      `names ${listOf(a.rankedTerms.slice(0, 3), 'or')} without explaining what they mean or how they apply`,
    );
  }
  for (const task of tasks) shortcomings.add(lowShortcoming(task, a));
  if (tasks.some((t) => t.compares)) {
    shortcomings.add('gives facts about each side separately without comparing them');
  }
  shortcomings.add(`contains factual errors about ${topic}, or contradicts itself`);
  if (tasks.length >= 2) shortcomings.add('answers only one part of the question');
  shortcomings.add(
    'is off the topic, or pads the answer with material the question does not ask for',
  );
  for (const item of shortcomings) lines.push(`- ${item};`);
  const last = lines.length - 1;
  lines[last] = (lines[last] ?? '').replace(/;$/, '.');
  lines.push('');
  if (low.start === 0) {
    lines.push(
      `0 marks: no answer, "I don't know", an answer that is irrelevant or only copies the question, or one in which nothing about ${topic} is correct.`,
    );
  }
  for (let k = Math.max(low.start, 1); k <= low.end; k++) {
    if (k === low.end) {
      lines.push(
        `${marksText(k)}: ${k === 1 ? 'at least one correct, relevant point' : 'some correct, relevant points'} (for example ${examplePoint(tasks[0], a)}), but the shortcomings above leave most of the question unanswered.`,
      );
    } else if (k === Math.max(low.start, 1)) {
      lines.push(
        k === low.end - 1
          ? `${marksText(k)}: ${k === 1 ? 'one correct, relevant point' : 'a few correct, relevant points'}, still well short of the High Mark Range.`
          : `${k}-${low.end - 1} marks: in proportion to the number of correct, relevant points, each still well short of the High Mark Range.`,
      );
    }
  }
  if (high.start - low.end >= 2) {
    const between =
      high.start - low.end === 2 ? `${low.end + 1}` : `${low.end + 1}-${high.start - 1}`;
    lines.push(
      `${between} ${high.start - low.end === 2 && low.end + 1 === 1 ? 'mark' : 'marks'} (between the two ranges): more correct content than this range, for example ${examplePoint(tasks[0], a, true)}, but not everything the High Mark Range requires.`,
    );
  }
  return lines.join('\n');
}

function examplePoint(task: TTask | undefined, a: TQuestionAnalysis, more = false): string {
  const term = a.rankedTerms[0];
  if (task?.count && task.count.n > 1) {
    const { n, items } = task.count;
    if (!more) return `one correct ${singular(items)}`;
    return n === 2
      ? `one of the 2 ${items} given in full, or both without the detail asked for`
      : `${n - 1} of the ${n} ${items}, or all of them without the detail asked for`;
  }
  if (more) return 'a correct answer to one part of the question with little explanation';
  return term ? `a correct statement about ${term}` : 'one correct fact that answers the question';
}

/**
 * The same demand on the same words counts once; so does a second choice ("Choose a paint color."
 * then "Choose a color: Black / White") and a second call for evidence (kept with its source).
 */
function uniqueTasks(tasks: TTask[]): TTask[] {
  const kept: TTask[] = [];
  const seen = new Map<string, number>();
  for (const task of tasks) {
    const key =
      task.demand === 'choose' || task.demand === 'justify'
        ? task.demand
        : `${task.demand}:${task.object.toLowerCase().replace(/^(?:the|a|an)\s+/, '')}`;
    const at = seen.get(key);
    // "What are the objectives of IPv6? State at least 4 objectives." is one task with a count.
    const previous = kept.at(-1);
    if (
      task.demand === 'list' &&
      task.count &&
      previous?.demand === 'list' &&
      !previous.count &&
      previous.object.toLowerCase().includes(singular(task.count.items).toLowerCase())
    ) {
      kept[kept.length - 1] = { ...previous, count: task.count };
      continue;
    }
    if (at === undefined) {
      seen.set(key, kept.length);
      kept.push(task);
    } else if (task.source && !kept[at]?.source) {
      kept[at] = task;
    }
  }
  return kept;
}

function marksText(n: number): string {
  return `${n} ${n === 1 ? 'mark' : 'marks'}`;
}
