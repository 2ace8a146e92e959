import type { TSubmissionView } from './api/submission-schema';

export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A submission for tests: marked 7/10 in Physics 10A by Alice, one answer, nothing flagged. */
export function buildSubmission(n: number, patch: Partial<TSubmissionView> = {}): TSubmissionView {
  return {
    _id: uuid(n),
    id: uuid(n),
    classId: { _id: uuid(500), name: 'Physics 10A' },
    class: 'Physics 10A',
    student: { _id: uuid(600), name: 'Alice Smith' },
    submittedAt: `2025-03-${String(n).padStart(2, '0')}T15:45:00.000Z`,
    markedAt: null,
    status: 'marked',
    totalScore: 7,
    totalMarks: 10,
    isFlagged: false,
    source: 'student',
    failureReason: null,
    submissions: [
      {
        _id: uuid(1000 + n),
        questionId: { _id: uuid(700), question: 'Explain photosynthesis.', marks: 10 },
        question: 'Explain photosynthesis.',
        marks: 10,
        answer: 'Plants use light to make sugar.',
        score: 7,
        feedback: [
          { aiComment: 'Good start.', suggestion: 'Name chlorophyll.', markRange: 'high' },
        ],
        contentModeration: { isInappropriate: false, reason: '' },
        markedBy: 'offline@1',
      },
    ],
    ...patch,
  };
}
