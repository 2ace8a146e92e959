import { createHash } from 'node:crypto';
import type { TSparse } from '../learned/features';
import { markOffline } from '../offline/offline-marker';
import { nearMatchFeatures } from './near-matches';
import { groupAnswers, normalisedAnswer, readingOf, type TGroupOptions } from './review-order';
import { REVIEW_ORDER_TEXT_CHARS, type TLoopAnswer } from './teacher-loop';

/**
 * The marker's answer groups of one question (issue 27, "Answer groups"): exact matches after
 * normalising, then near matches: clusters of answers alike in the marker's features with the same
 * mark, and answers the marker read alike (`groupAnswers`), as the teaching screen shows them.
 * Each answer is read on its first REVIEW_ORDER_TEXT_CHARS characters with no teacher examples:
 * the marker's own first reading, so a teacher's marks do not move answers between groups (as the
 * loop's groups, `runTeacherLoop`).
 */

export type TComputedGroup = {
  /**
   * A stable id: a hash of what made the group (a cluster's anchor text, the marker's reading, or
   * the text when it has none), so the same answers give the same id each time, and a new answer
   * that joins a group keeps its id unless it changes the anchor.
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

/** A group's id from its key (`TAnswerGroup.key`: what made it). */
function idOf(key: string): string {
  return `m${createHash('sha256').update(key).digest('base64url').slice(0, 16)}`;
}

/**
 * An answer as the groups read it: its gist, the marker's mark and reading of it, and the features
 * near matches are found by.
 */
export type TReadAnswer = {
  id: string;
  answer: string;
  score: number;
  reading: string;
  features: TSparse;
};

/** The marker's first reading of one answer (its gist, no teacher examples). */
export function readForGroup(
  question: Omit<TLoopAnswer, 'id' | 'answer'>,
  a: { id: string; answer: string },
): TReadAnswer {
  const answer = groupGist(a.answer);
  const mark = markOffline({ ...question, answer });
  return {
    id: a.id,
    answer,
    score: mark.score,
    reading: readingOf(mark.score, mark.evidence),
    features: nearMatchFeatures(normalisedAnswer(answer)),
  };
}

/** `readForGroup` of every answer, in the given order. */
export function readForGroups(
  question: Omit<TLoopAnswer, 'id' | 'answer'>,
  answers: readonly { id: string; answer: string }[],
): TReadAnswer[] {
  return answers.map((a) => readForGroup(question, a));
}

/**
 * The groups of answers already read (`groupAnswers`: exact matches, near matches, answers read
 * alike), largest first (equal sizes in the order of their first answer). The options are for
 * measuring (`npm run bench:groups`): `nearMatches: false` groups as before the clusters were
 * added, `cut` tries another cut-off.
 */
export function groupReadAnswers(
  read: readonly TReadAnswer[],
  options: TGroupOptions = {},
): TComputedGroup[] {
  return groupAnswers(read, options).map((g) => ({ id: idOf(g.key), ids: g.ids }));
}

/**
 * A generator that marks one answer per step (so a server can let other requests run between them)
 * and returns the groups, largest first (equal sizes in the order of their first answer).
 */
export function* answerGroupSteps(
  question: Omit<TLoopAnswer, 'id' | 'answer'>,
  answers: readonly { id: string; answer: string }[],
): Generator<void, TComputedGroup[], void> {
  const read: TReadAnswer[] = [];
  for (const a of answers) {
    read.push(readForGroup(question, a));
    yield;
  }
  return groupReadAnswers(read);
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
