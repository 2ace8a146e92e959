import { createHash } from 'node:crypto';
import { markOffline } from '../offline/offline-marker';
import { groupAnswers, normalisedAnswer, readingOf } from './review-order';
import { REVIEW_ORDER_TEXT_CHARS, type TLoopAnswer } from './teacher-loop';

/**
 * The marker's answer groups of one question (issue 27, "Answer groups"): exact matches after
 * normalising, then near matches the marker read alike (`groupAnswers`), as the teaching screen
 * shows them. Each answer is read on its first REVIEW_ORDER_TEXT_CHARS characters with no teacher
 * examples: the marker's own first reading, so a teacher's marks do not move answers between groups
 * (as the loop's groups, `runTeacherLoop`).
 */

export type TComputedGroup = {
  /**
   * A stable id: a hash of what made the group (the marker's reading, or the text when it has
   * none), so the same answers give the same id each time and a new answer read alike joins it.
   */
  id: string;
  /** The answers' ids in the given order; the first is the group's representative. */
  ids: string[];
};

/** The part of an answer the groups read (the marker is linear in the text). */
export function groupGist(answer: string): string {
  return answer.slice(0, REVIEW_ORDER_TEXT_CHARS);
}

/** The exact-match key of an answer: its gist normalised (case, spacing, punctuation, numbers). */
export function exactKeyOf(answer: string): string {
  return normalisedAnswer(groupGist(answer));
}

function idOf(kind: string, value: string): string {
  return `m${createHash('sha256').update(`${kind}\u0000${value}`).digest('base64url').slice(0, 16)}`;
}

/**
 * A generator that marks one answer per step (so a server can let other requests run between them)
 * and returns the groups, largest first (equal sizes in the order of their first answer).
 */
export function* answerGroupSteps(
  question: Omit<TLoopAnswer, 'id' | 'answer'>,
  answers: readonly { id: string; answer: string }[],
): Generator<void, TComputedGroup[], void> {
  const read: { id: string; answer: string; reading: string }[] = [];
  for (const a of answers) {
    const answer = groupGist(a.answer);
    const mark = markOffline({ ...question, answer });
    read.push({ id: a.id, answer, reading: readingOf(mark.score, mark.evidence) });
    yield;
  }
  const byId = new Map(read.map((r) => [r.id, r]));
  return groupAnswers(read).map((g) => {
    // The first answer made the group: its reading (or its text, when blank) is the group's key.
    const first = byId.get(g.ids[0] ?? '');
    const text = first ? normalisedAnswer(first.answer) : '';
    return {
      id: first && text !== '' ? idOf('r', first.reading) : idOf('t', text),
      ids: g.ids,
    };
  });
}

/** `answerGroupSteps` straight through. */
export function computeAnswerGroups(
  question: Omit<TLoopAnswer, 'id' | 'answer'>,
  answers: readonly { id: string; answer: string }[],
): TComputedGroup[] {
  const steps = answerGroupSteps(question, answers);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
