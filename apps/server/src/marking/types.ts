import type { TAnswerMark } from '@stem/contract/marking';

/**
 * A teacher-marked answer to the same question, used by the marker as a worked example; `comment` is
 * the teacher's own feedback on it (written or edited by the teacher), reused for similar answers.
 */
export type TMarkedExample = { answer: string; score: number; comment?: string | undefined };

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
  /**
   * Where the answer's text came from: typed by the student, or read by OCR from a photo or upload.
   * Only OCR text may be told it "could not be read". Unset means typed.
   */
  source?: 'typed' | 'ocr' | undefined;
  /** The OCR engine's mean confidence (0..100) for OCR text, when it reported one. */
  ocrConfidence?: number | undefined;
  examples?: TMarkedExample[] | undefined;
};

/** One marked answer and the engine that marked it ('offline@20' or `${provider}:${model}`). */
export type TMarkResult = TAnswerMark & {
  engine: string;
  /**
   * How sure the engine is of the whole mark it gave, 0..1, when it can say (the offline engine: how
   * far its unrounded score lies from the half-way point between two marks). Hosted models give none.
   */
  confidence?: number | undefined;
  /** Why the engine is unsure, when its confidence is low ('unsure: no sentence', MARK_DOUBTS). */
  confidenceReason?: string | undefined;
  /**
   * The rubric's point that reason is about, in the rubric's words, when it names one ('unsure:
   * contradicts the rubric' of "the ball bounces to a lower height").
   */
  confidenceAbout?: string | undefined;
  /** The mark should wait for the teacher's look (its confidence is under the review line). */
  needsReview?: boolean | undefined;
};
