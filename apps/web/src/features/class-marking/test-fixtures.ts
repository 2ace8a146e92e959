import type { TClassAnswer } from '@stem/contract/class-marking';
import { uuid } from '../../test/session';

/**
 * A marked answer of student `n` as the class answers call returns it (2/4 by the marker, not yet
 * reviewed), for the marking screen's tests; `patch` changes what a test needs.
 */
export function classAnswer(n: number, patch: Partial<TClassAnswer> = {}): TClassAnswer {
  return {
    _id: uuid(2000 + n),
    submissionId: uuid(3000 + n),
    submittedAt: '2026-11-02T10:00:00.000Z',
    status: 'marked',
    answer: `Answer of student ${n}`,
    source: 'typed',
    submissionSource: 'student',
    ocrConfidence: null,
    cropId: null,
    marks: 4,
    score: 2,
    aiScore: 2,
    markRange: '0-1',
    aiComment: null,
    suggestion: null,
    teacherFeedback: null,
    doubt: null,
    confidence: null,
    reasons: [],
    doubtNote: null,
    doubtAbout: null,
    flagged: false,
    reviewedAt: null,
    reviewedBy: null,
    overridden: false,
    held: { review: false, release: false },
    earlierRubric: false,
    ...patch,
  };
}
