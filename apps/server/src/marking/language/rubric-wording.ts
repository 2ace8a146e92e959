import type { TQuestionAnalysis, TTask } from './question-analysis';
import { COMMANDS } from './question-words';

/*
 * The words of the offline rubric: for each demand of a task (explain, calculate, compare, list...)
 * what a high-band answer does, what a low-band answer typically gets wrong, and what separates the
 * lower end of the high band from full marks.
 */

/** Tasks read from a direct question keep its words (quoted); commands are re-voiced. */
const QUOTED_VERBS = new Set([
  'question',
  'why',
  'how',
  'how many',
  'what happens',
  'yes/no',
  'how does it work',
]);

function objectText(task: TTask): string {
  return QUOTED_VERBS.has(task.verb) ? task.object.replace(/\?$/, '') : theirVoice(task.object);
}

export function highRequirement(task: TTask, a: TQuestionAnalysis): string {
  const obj = objectText(task);
  // Tasks read from "What are ...?" have no command word of their own: they ask the student to state.
  const verb = task.verb in COMMANDS ? capitalise(thirdPerson(task.verb)) : 'States';
  const items = task.count
    ? `${task.count.written.toLowerCase()} correct, distinct ${task.count.items}`
    : '';
  switch (task.demand) {
    case 'list':
      if (task.verb === 'question') return `Answers "${obj}?" correctly and precisely.`;
      if (task.count) {
        return `${verb} ${obj}: ${items}; vague, repeated or wrong items do not count.`;
      }
      return `${verb} ${obj}, correctly and precisely.`;
    case 'describe':
      return `${verb} ${obj} accurately and in enough detail${task.count ? ` (${items}, each described, not just named)` : ''}: what it is or what happens, in a logical order, with the correct terms.`;
    case 'outline':
      return `${verb} ${obj}: the main points, briefly and accurately.`;
    case 'explain':
      if (task.verb === 'why' || task.verb === 'how') {
        return `Answers "${obj}?" with reasons or the mechanism (cause and effect linked by "because", "so" or "which means"), not just a statement.`;
      }
      return `${verb} ${obj}, giving reasons or the mechanism (cause and effect linked by "because", "so" or "which means"), not just statements of fact.`;
    case 'compare':
      if (/^the differences? between/i.test(obj)) {
        return `Gives ${obj}: for each point, says how one differs from the other on the same feature ("..., whereas ...").`;
      }
      return `${verb} ${obj}: both similarities and differences, set side by side ("both ...", "whereas ...", "unlike ..."), not each described separately.`;
    case 'calculate': {
      const what = task.verb === 'how many' ? `Works out "${obj}?"` : `${verb} ${obj}`;
      const given = a.givenValues.length > 0 ? ` (${a.givenValues.slice(0, 4).join(', ')})` : '';
      const unit = a.answerUnit
        ? ` in ${a.answerUnit}`
        : hasUnits(a)
          ? ' with the correct unit'
          : '';
      return `${what}: shows the working step by step from the given values${given}, uses a correct method and states the final answer${unit}.`;
    }
    case 'show':
      if (/\b(working|steps?|calculations?|method)\b/i.test(obj)) {
        return 'Shows the working: each step of the method is written out so that it can be followed.';
      }
      return `${verb} ${obj}: every step of the reasoning is written out and leads to the required result.`;
    case 'define':
      return `Defines ${obj} accurately in their own words, including the key features that set it apart.`;
    case 'purpose':
      return `States ${obj} accurately: what it is for and what problem it solves.`;
    case 'effect':
      return `Answers "${obj}?" correctly: the direction and size of the change, and why it happens.`;
    case 'yesno':
      return `Gives a clear answer to "${obj}?" (yes or no, or a justified "it depends") and backs it with reasons.`;
    case 'process':
      return `Answers "${obj}?" by setting out the mechanism step by step, in the correct order.`;
    case 'evaluate':
      return `${verb} ${obj}: weighs both sides (strengths and weaknesses, or advantages and disadvantages) and reaches a justified conclusion.`;
    case 'justify':
      if (task.verb === 'use') {
        return `Uses ${obj} as evidence, citing specific values or details from them.`;
      }
      return `Supports the answer with specific evidence${task.source ? ` from the ${task.source}` : ''} (details, data or reasoning) and says how it backs each point.`;
    case 'suggest':
      return `${verb} ${obj}: each suggestion is realistic and specific, and says how it would improve the result.`;
    case 'predict':
      return `${verb} ${obj} clearly and explains the reasoning behind the prediction.`;
    case 'conclude':
      return `Draws ${obj}: a valid conclusion that follows from the data and cites specific values from it.`;
    case 'choose':
      return `${verb} ${obj}: one clear choice, justified.`;
    case 'order':
      return `${verb} ${obj}, in the correct order, and justifies the order.`;
    case 'analyse':
      return `${verb} ${obj}: identifies the important features and explains what they show.`;
    case 'draw':
      return `${verb} ${obj} accurately, with labels, units and scales where they apply.`;
    case 'classify':
      return `${verb} ${obj} correctly, putting each item in the right group and saying why.`;
    case 'answer':
      return `Answers the question about ${topicOf(a)} accurately and completely, with correct facts and explanation.`;
  }
}

export function lowShortcoming(task: TTask, a: TQuestionAnalysis): string {
  const short = shorten(objectText(task));
  switch (task.demand) {
    case 'list':
      if (task.count && task.count.n > 1) {
        return `gives fewer than ${task.count.n} correct ${task.count.items}, or repeats one point in different words`;
      }
      if (task.count) return `does not give a correct ${singular(task.count.items)}`;
      return `gives a wrong, vague or incomplete answer to ${short.startsWith('"') ? short : `"${short}"`}`;
    case 'describe':
    case 'outline':
      return `describes ${short} vaguely or only in part, or only names things without describing them`;
    case 'explain':
      return `states ${short} without explaining why or how (no reason or mechanism)`;
    case 'compare':
      return 'describes only one side, or describes each side separately without comparing them';
    case 'calculate':
      return hasUnits(a)
        ? 'gives a final answer with no working, uses a wrong method, makes arithmetic errors, or leaves out or misuses the unit'
        : 'gives a final answer with no working, uses a wrong method, or makes arithmetic errors';
    case 'show':
      return 'gives a result without the steps that lead to it';
    case 'define':
      return `gives a vague or circular definition of ${short} (repeats the term), or confuses it with a different idea`;
    case 'purpose':
      return 'states the purpose vaguely or wrongly, or describes something else instead';
    case 'effect':
      return 'gives the wrong direction of change, or states the effect without a reason';
    case 'yesno':
      return 'gives no clear answer, or a yes or no without reasons';
    case 'process':
      return 'names the parts without saying how they work, or gives the steps in the wrong order';
    case 'evaluate':
      return 'looks at one side only, or reaches a conclusion it does not support';
    case 'justify':
      return `makes claims without ${task.source ? `evidence from the ${task.source}` : 'justification'}, or uses general statements instead of specific details`;
    case 'suggest':
      return 'makes vague suggestions ("be more careful", "do it again") without saying how they would help';
    case 'predict':
      return 'makes a prediction without a reason';
    case 'conclude':
      return 'draws a conclusion the data do not support, or only repeats the data';
    case 'choose':
      return 'makes no clear choice, or contradicts its own choice';
    case 'order':
      return 'gets the order wrong, or gives no justification for it';
    case 'analyse':
      return 'describes without saying what the features show';
    case 'draw':
      return 'draws it inaccurately or without labels';
    case 'classify':
      return 'puts items in the wrong group';
    case 'answer':
      return `gives only general statements about ${topicOf(a)}`;
  }
}

/** The question gives its values with units, or names the unit of the answer ("Solve 2x + 7 = 19" does neither). */
export function hasUnits(a: TQuestionAnalysis): boolean {
  return a.givenValues.length > 0 || a.answerUnit !== undefined;
}

export function weakness(task: TTask | undefined, a?: TQuestionAnalysis): string {
  switch (task?.demand) {
    case 'list':
      return task.count && task.count.n > 1
        ? `one of the ${task.count.n} ${task.count.items} vague or incomplete`
        : 'one point stated imprecisely';
    case 'explain':
    case 'justify':
      return 'one point stated without its reason or evidence';
    case 'describe':
    case 'outline':
    case 'process':
      return 'a step or detail missing';
    case 'compare':
      return 'one comparison left one-sided';
    case 'calculate':
      return a && !hasUnits(a)
        ? 'a slip in the arithmetic, the method being correct'
        : 'a slip in the arithmetic or a missing unit, the method being correct';
    case 'define':
      return 'a correct definition that misses one key feature';
    default:
      return 'a minor omission or imprecision';
  }
}

export function topicOf(a: TQuestionAnalysis): string {
  if (a.rankedTerms.length === 0) return "the question's topic";
  return listOf(a.rankedTerms.slice(0, 2), 'and');
}

export function listOf(items: string[], joiner: 'and' | 'or'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${joiner} ${items.at(-1) ?? ''}`;
}

/** "you would need" → "they would need", "your answer" → "their answer" (the student). */
function theirVoice(text: string): string {
  return text
    .replace(/\byourself\b/gi, 'themselves')
    .replace(/\byour\b/gi, 'their')
    .replace(/\byou\b/gi, 'they');
}

function thirdPerson(verb: string): string {
  const word = verb.split(' ')[0] ?? verb;
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(?:s|sh|ch|x|z)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "pieces of information" → "piece of information"; "service classes" → "service class". */
export function singular(items: string): string {
  const [head = '', ...rest] = items.split(' of ');
  const words = head.split(' ');
  const last = words.at(-1) ?? '';
  const one = last
    .replace(/ies$/, 'y')
    .replace(/(ss|sh|ch|x)es$/, '$1')
    .replace(/([^s])s$/, '$1');
  return [[...words.slice(0, -1), one].join(' '), ...rest].join(' of ');
}

/** Long task wording is quoted in part: `"what additional information they would need in …"`. */
function shorten(text: string): string {
  const words = text.split(' ');
  return words.length > 10 ? `"${words.slice(0, 10).join(' ')} …"` : text;
}
