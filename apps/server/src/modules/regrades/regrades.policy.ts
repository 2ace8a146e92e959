import { DEFAULT_REGRADE_DAYS } from '@stem/contract/regrades';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the re-mark rules read of an answer, its submission and its class-question. */
export type TRegradeSubject = {
  status: 'pending' | 'marked' | 'failed';
  score: number | null;
  /** Hidden from the student (held for review or for release). */
  feedbackHeld: boolean;
  markedAt: Date | null;
  reviewedAt: Date | null;
  /** The class-question's last release, and the teacher's deadline (null: the default). */
  releasedAt: Date | null;
  teacherDeadline: Date | null;
};

/**
 * Until when a student may ask for a re-mark (issue 27): the teacher's deadline for the class's
 * question when set; otherwise 14 days after the mark last reached the student (marked, reviewed or
 * released, whichever came last). Null while the student has no mark to see.
 */
export function regradeDeadline(subject: TRegradeSubject): Date | null {
  if (subject.teacherDeadline) return subject.teacherDeadline;
  const times = [subject.markedAt, subject.reviewedAt, subject.releasedAt]
    .filter((d): d is Date => d !== null)
    .map((d) => d.getTime());
  if (times.length === 0) return null;
  return new Date(Math.max(...times) + DEFAULT_REGRADE_DAYS * DAY_MS);
}

export type TRegradeRefusal = 'not-visible' | 'closed' | 'already';

/**
 * Whether the student may ask now: only for a mark they can see, once per answer, until the deadline.
 * Null when they may.
 */
export function regradeRefusal(
  subject: TRegradeSubject,
  alreadyAsked: boolean,
  now: Date,
): TRegradeRefusal | null {
  if (subject.status !== 'marked' || subject.score === null || subject.feedbackHeld) {
    return 'not-visible';
  }
  if (alreadyAsked) return 'already';
  const deadline = regradeDeadline(subject);
  if (!deadline || now.getTime() > deadline.getTime()) return 'closed';
  return null;
}

/** A reply must say something: a comment, a new mark, or both. */
export function replyIsEmpty(input: { score?: number | undefined; reply?: string | undefined }) {
  return input.score === undefined && !input.reply?.trim();
}
