import { useQuery } from '@tanstack/react-query';
import type { TSubmissionStatus } from '@stem/contract/submissions';
import {
  getSubmissionResult,
  markQuery,
  type TMarkResult,
  type TSubmissionResult,
} from './api/marking';
import type { TCompletionState } from './completion-state';

/** How often a submission still being marked is asked for again. */
export const MARKING_POLL_MS = 2_000;

/**
 * `held`: the teacher reviews this answer before its mark and feedback show (issue 18), or, with
 * `releaseHeld`, releases the class's marks of the question when they choose (issue 27).
 */
export type TQuestionMark = {
  score: number | null;
  feedback: unknown;
  held?: boolean;
  releaseHeld?: boolean;
};
export type TCompletionMarks = {
  status: TSubmissionStatus;
  totalScore: number | null;
  perQuestion: TQuestionMark[];
};

/** Lines the mark reply's results up with the questions (by id, else by position). */
export function marksFromMarkResult(
  state: TCompletionState,
  result: TMarkResult,
): TCompletionMarks {
  return {
    status: result.status,
    totalScore: result.totalScore,
    perQuestion: state.questions.map((question, index) => {
      const item =
        result.results.find((r) => r.questionId === question._id) ?? result.results[index];
      return {
        score: item?.score ?? null,
        feedback: item?.feedback ?? [],
        held: item?.feedbackHeld === true,
        releaseHeld: item?.releaseHeld === true,
      };
    }),
  };
}

export function marksFromSubmission(
  state: TCompletionState,
  submission: TSubmissionResult,
): TCompletionMarks {
  return {
    status: submission.status,
    totalScore: submission.totalScore,
    perQuestion: state.questions.map((question, index) => {
      const item =
        submission.submissions.find((a) => a.questionId?._id === question._id) ??
        submission.submissions[index];
      return {
        score: item?.score ?? null,
        feedback: item?.feedback ?? [],
        held: item?.feedbackHeld === true,
        releaseHeld: item?.releaseHeld === true,
      };
    }),
  };
}

function marksFromState(state: TCompletionState): TCompletionMarks | null {
  if (!state.scores) return null;
  const scores = state.scores;
  const complete = scores.every((score) => score !== null);
  return {
    status: complete ? 'marked' : 'pending',
    totalScore: complete ? scores.reduce<number>((sum, score) => sum + (score ?? 0), 0) : null,
    perQuestion: state.questions.map((_, index) => ({
      score: scores[index] ?? null,
      feedback: [],
    })),
  };
}

/**
 * The marks of a just-saved submission. Marking runs after saving, so when the navigation state
 * carries no scores the page asks the mark route once (it answers when marking is done) and, if
 * marking is still running or that call fails, polls the submission every 2 s until it is marked.
 */
export function useCompletionMarks(state: TCompletionState | null): TCompletionMarks | null {
  const fromState = state ? marksFromState(state) : null;
  const needsMarking = Boolean(state) && !fromState;
  const submissionId = state?.submissionId ?? '';

  const mark = useQuery({
    ...markQuery(state?.classId ?? '', submissionId),
    enabled: needsMarking,
  });
  const markDone = mark.data && mark.data.status !== 'pending';
  const poll = useQuery({
    queryKey: ['submission', submissionId, 'result'],
    queryFn: () => getSubmissionResult(submissionId),
    enabled: needsMarking && !markDone && (mark.isError || mark.data?.status === 'pending'),
    refetchInterval: (query) =>
      !query.state.data || query.state.data.status === 'pending' ? MARKING_POLL_MS : false,
    retry: 2,
  });

  if (!state) return null;
  if (fromState) return fromState;
  if (poll.data && poll.data.status !== 'pending') return marksFromSubmission(state, poll.data);
  if (mark.data) return marksFromMarkResult(state, mark.data);
  return { status: 'pending', totalScore: null, perQuestion: [] };
}
