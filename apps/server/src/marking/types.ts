import type { TAnswerMark } from '@stem/contract/marking';

/** A teacher-marked answer to the same question, used by the marker as a worked example. */
export type TMarkedExample = { answer: string; score: number };

/** Everything needed to mark one answer (the question snapshot and the student's text). */
export type TMarkingInput = {
  question: string;
  /** Maximum score, a positive integer. */
  marks: number;
  /** "a-b", e.g. "0-1". */
  lowMarkRange: string;
  /** "c-d", e.g. "3-4". */
  highMarkRange: string;
  /** The two-band rubric text ("Low Mark Range (a-b): ... High Mark Range (c-d): ..."). */
  rubric: string;
  referenceAnswer?: string | undefined;
  answer: string;
  examples?: TMarkedExample[] | undefined;
};

/** One marked answer and the engine that marked it ('offline@3' or `${provider}:${model}`). */
export type TMarkResult = TAnswerMark & { engine: string };
