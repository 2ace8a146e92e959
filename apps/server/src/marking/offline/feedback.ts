import { criteriaAssessment, criteriaModelOf, type TCriteriaModel } from './criteria';
import type { TEvidence } from './evidence';
import { ILLEGIBLE, LEGIBLE } from './legibility';
import type { TKeyPointModel, TQuestionModel } from './question-model';
import { isOffTopic, isRestatement, teacherPointCredit } from './teacher';
import { pointCredit } from './zero-shot';

/**
 * The comment and suggestion a student reads: what the answer showed and what to add, named from
 * the rubric's own key points in plain words.
 */

const MAX_LABEL = 90;

const LEAD_RE =
  /^(?:you need to know|you would need to know|students? (?:should|must|need to|could)|the (?:response|answer|student) (?:should |must )?(?:describes?|explains?|states?|includes?|identif(?:y|ies)|mentions?|gives?|names?)?|it is (?:also )?(?:valid|sufficient|correct) to|alternatively,?|additionally,?|therefore,?|further,?|in other words,?|this means(?: that)?|an? )\s*/i;

/** A short, readable name for a key point ("how much vinegar was used in each container"). */
export function labelOf(point: TKeyPointModel): string {
  let text = point.text.replace(/\s*\([^)]*\)/g, '').trim();
  // The first sentence names the point; the rest explains it.
  text = text.split(/(?<=[a-z]{2}[.!?])\s+(?=[A-Z])/)[0] ?? text;
  // "Adaptation: the network has to ..." or "unconfirmed connectionless - no ACK, ..." -> the name.
  const head = /^([^:]{2,40}?)(?::|\s[-–—]\s)\s*(.+)$/.exec(text)?.[1];
  if (head && head.split(/\s+/).length <= 4 && !/^(?:p\(|=)/i.test(head)) text = head;
  for (let i = 0; i < 3; i++) {
    const next = text.replace(LEAD_RE, '');
    if (next === text) break;
    text = next;
  }
  text = text.replace(/[\s.;,:]+$/, '');
  if (text.length > MAX_LABEL) {
    const cut = text.slice(0, MAX_LABEL);
    text = `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 40))}…`;
  }
  // Lower-case the first letter unless it starts an acronym ("IPv6", "DHCP", "mRNA").
  if (text.length > 1 && !/^[A-Z]{2}|^[a-z][A-Z]|^[A-Z][a-z]*[A-Z0-9]/.test(text)) {
    text = text.charAt(0).toLowerCase() + text.slice(1);
  }
  return text;
}

function joinList(items: string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join('; ')} and ${items[items.length - 1]}`;
}

function quoteList(items: string[]): string {
  return joinList(items.map((s) => `"${s}"`));
}

export type TFeedbackText = { aiComment: string; suggestion: string };

/** Below this legibility most of the answer is unreadable ("much"), above it only parts are. */
const MOSTLY_UNREADABLE = 0.75;

const CHECK_THE_TEXT =
  'Check that the text of your answer says what you wrote; if it came from a photo, upload a clearer one.';

/**
 * Comment and suggestion for an answer marked `score` out of `marks`. An answer that is partly
 * unreadable (garbled OCR of handwriting) is told so first, with what to do about it.
 */
export function writeFeedback(
  model: TQuestionModel,
  evidence: TEvidence,
  score: number,
  marks: number,
): TFeedbackText {
  if (evidence.isBlank || evidence.legibility >= LEGIBLE) {
    return readFeedback(model, evidence, score, marks);
  }
  if (evidence.legibility <= ILLEGIBLE) {
    return {
      aiComment:
        score > 0
          ? 'Most of your answer could not be read, so it was marked on the few words that could be.'
          : 'Your answer could not be read: most of its words are not recognisable, so no marks could be awarded.',
      suggestion: CHECK_THE_TEXT,
    };
  }
  // Too little could be read to call the answer off-topic: it is marked on its readable words.
  const read = readFeedback(model, evidence, score, marks, false);
  const how = evidence.legibility < MOSTLY_UNREADABLE ? 'Much' : 'Part';
  return {
    aiComment: `${how} of your answer could not be read, so it was marked on the words that could be. ${read.aiComment}`,
    suggestion: `${CHECK_THE_TEXT} ${read.suggestion}`,
  };
}

/** Feedback on what the answer's readable words show. */
function readFeedback(
  model: TQuestionModel,
  evidence: TEvidence,
  score: number,
  marks: number,
  canBeOffTopic = true,
): TFeedbackText {
  if (evidence.isBlank) {
    const first = model.keyPoints.slice(0, 2).map(labelOf);
    return {
      aiComment: 'No answer was given, so no marks could be awarded.',
      suggestion:
        first.length > 0 && model.hasContentPoints
          ? `Write an answer to the question. Start with ${quoteList(first)}.`
          : 'Write an answer to the question in your own words, with details that support it.',
    };
  }
  const isFull = score >= marks;
  const criteria = criteriaModelOf(model);
  if (criteria) return criteriaFeedback(criteria, evidence, score, marks, canBeOffTopic);
  if (!model.hasContentPoints) return holisticFeedback(model, evidence, score, marks);
  const teacher = model.rubric.isTeacherStyle;
  if (teacher && canBeOffTopic && isOffTopic(model, evidence)) {
    const first = model.keyPoints.slice(0, 3).map(labelOf);
    return {
      aiComment: `Your answer does not address the question: it does not mention ${quoteList(first)}.`,
      suggestion: `Read the question again and answer it. A full answer explains ${quoteList(model.keyPoints.slice(0, 4).map(labelOf))}.`,
    };
  }
  const credit = teacher ? teacherPointCredit : pointCredit;

  const ranked = evidence.points
    .map((p) => ({ p, credit: credit(p.coverage, p.local, p.contradicted) }))
    .sort((a, b) => b.credit - a.credit);
  const present = ranked.filter((r) => r.credit >= 0.5);
  const partial = ranked.filter((r) => r.credit > 0.15 && r.credit < 0.5);
  const contradicted = ranked.filter((r) => r.p.contradicted && r.p.coverage > 0.3);
  const missing = ranked.filter((r) => r.credit <= 0.15 && !r.p.contradicted);

  const comment: string[] = [];
  if (present.length > 0) {
    comment.push(`You covered ${quoteList(present.slice(0, 4).map((r) => labelOf(r.p.point)))}.`);
  }
  if (partial.length > 0) {
    const names = quoteList(partial.slice(0, 3).map((r) => labelOf(r.p.point)));
    comment.push(
      present.length > 0
        ? `You also touched on ${names}, but not clearly enough.`
        : `You touched on ${names}, but not clearly enough to earn full credit.`,
    );
  }
  if (contradicted.length > 0) {
    comment.push(
      `Check ${quoteList(contradicted.slice(0, 2).map((r) => labelOf(r.p.point)))}: your answer seems to say the opposite.`,
    );
  }
  if (present.length === 0 && partial.length === 0) {
    comment.push("Your answer does not yet show the key points this question's rubric looks for.");
  }
  if (
    (evidence.questionOverlap > 0.7 && evidence.distinctContent >= 3) ||
    (teacher && isRestatement(model, evidence))
  ) {
    comment.push('Much of it repeats the question rather than answering it.');
  }

  const need = Math.max(1, model.required);
  const stillNeeded = Math.max(0, need - present.length);
  let suggestion: string;
  if (isFull) {
    suggestion =
      'Well done. Keep explaining each point in full sentences and linking it back to the question.';
  } else {
    const candidates = [...partial, ...missing].map((r) => labelOf(r.p.point));
    const alternatives = model.rubric.isAlternatives && model.keyPoints.length > need;
    const count = alternatives
      ? Math.min(3, Math.max(1, stillNeeded + 1))
      : Math.min(3, candidates.length);
    const add = candidates.slice(0, Math.max(1, count));
    if (add.length === 0) {
      suggestion = 'Explain each point more fully, with an example or evidence for each.';
    } else if (alternatives) {
      suggestion =
        stillNeeded > 0
          ? `The question needs ${need} points and your answer shows ${present.length}. You could add, for example, ${quoteList(add)}.`
          : `Explain your points more precisely; for example, ${quoteList(add)}.`;
    } else {
      suggestion = `To improve, add ${quoteList(add)}.`;
    }
  }
  return { aiComment: comment.join(' '), suggestion };
}

/** "a, b and c" */
function sentenceList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
}

/** The first two things still missing: "x. Also y." */
function nextSteps(missing: readonly string[]): string {
  const [first, second] = missing;
  if (!first) return 'explain each point more fully.';
  return second ? `${first}. Also ${second}.` : `${first}.`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Feedback against a rubric that names no subject content: what the answer does of what the question
 * asks (key terms, content of its own, reasons, items, comparison, working) and what it still needs.
 */
function criteriaFeedback(
  criteria: TCriteriaModel,
  evidence: TEvidence,
  score: number,
  marks: number,
  canBeOffTopic: boolean,
): TFeedbackText {
  const a = criteriaAssessment(criteria, evidence, marks);
  const terms = criteria.keyTerms.slice(0, 3).map((k) => k.term);
  if (a.offTopic && canBeOffTopic) {
    return {
      aiComment:
        terms.length > 0
          ? `Your answer does not address the question: it does not mention ${quoteList(terms)}.`
          : 'Your answer does not address the question.',
      suggestion: `Read the question again and answer it. ${capitalise(nextSteps(a.missing.slice(0, 1)))}`,
    };
  }
  if (a.copies) {
    return {
      aiComment: 'Your answer repeats the question without adding anything of its own.',
      suggestion: `Answer it in your own words. ${capitalise(nextSteps(a.missing))}`,
    };
  }
  const comment: string[] = [];
  if (a.present.length > 0) comment.push(`You ${sentenceList(a.present.slice(0, 3))}.`);
  if (a.restatement) comment.push('Most of it repeats the question rather than answering it.');
  if (comment.length === 0) comment.push('Your answer does not yet do what the question asks.');
  const suggestion =
    score >= marks || a.missing.length === 0
      ? 'Well done. Keep answering every part of the question this fully.'
      : `To improve, ${nextSteps(a.missing)}`;
  return { aiComment: comment.join(' '), suggestion: capitalise(suggestion) };
}

function holisticFeedback(
  model: TQuestionModel,
  evidence: TEvidence,
  score: number,
  marks: number,
): TFeedbackText {
  const share = marks > 0 ? score / marks : 0;
  let comment: string;
  if (share >= 1)
    comment = 'Your answer addresses the question fully and is developed with detail.';
  else if (share >= 0.5)
    comment =
      'Your answer addresses the question, but parts of it need more development or support.';
  else if (evidence.contentWords < 12)
    comment = 'Your answer is very short and does not yet address the question fully.';
  else comment = 'Your answer does not yet address the question clearly or support its points.';
  if (evidence.questionOverlap > 0.7 && evidence.distinctContent >= 3) {
    comment += ' Much of it repeats the question rather than answering it.';
  }
  const support =
    evidence.supportMarkers === 0
      ? 'Support each point with a specific detail or example, and explain how it answers the question.'
      : 'Add more specific details or examples, and explain how each one answers the question.';
  const target = highBandSummary(model);
  const suggestion =
    share >= 1
      ? 'Well done. Keep supporting your ideas with specific details and explanation.'
      : target
        ? `The rubric's top band asks for: "${target}". ${support}`
        : `Answer every part of the question. ${support}`;
  return { aiComment: comment, suggestion };
}

/** The first requirement of the high band, as the rubric words it ("an exploration of the ideas ..."). */
function highBandSummary(model: TQuestionModel): string | undefined {
  const line = model.rubric.scoreLines.find((l) => l.band === 'high')?.text ?? model.rubric.high;
  const first = line
    .replace(/^\s*(?:proficient|excellent|full credit)\s*:\s*/i, '')
    .replace(/^\s*the response demonstrates\s*:\s*/i, '')
    .split(/;|\.\s|\s--\s|\n/)[0]
    ?.replace(/[.\s]+$/, '')
    .trim();
  if (!first || first.length < 8) return undefined;
  return first.length > 140 ? `${first.slice(0, first.lastIndexOf(' ', 140))}…` : first;
}
