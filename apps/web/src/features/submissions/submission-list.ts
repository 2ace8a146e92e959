import type { TSubmissionView } from './api/submission-schema';
import { studentName, teacherClassName } from './format';

export const SUBMISSION_FILTERS = ['all', 'flagged', 'unflagged'] as const;
export type TSubmissionFilter = (typeof SUBMISSION_FILTERS)[number];
export const SUBMISSION_SORTS = ['recent', 'oldest', 'student', 'class', 'score'] as const;
export type TSubmissionSort = (typeof SUBMISSION_SORTS)[number];

type TListItem = Pick<
  TSubmissionView,
  'submittedAt' | 'student' | 'classId' | 'class' | 'totalScore' | 'isFlagged' | 'status'
> & {
  submissions: ReadonlyArray<
    Pick<TSubmissionView['submissions'][number], 'question' | 'contentModeration'>
  >;
};

/** Flagged when any answer was found inappropriate (spec 02 §3). */
export function isFlagged(submission: TListItem): boolean {
  return (
    submission.isFlagged ||
    submission.submissions.some((answer) => answer.contentModeration?.isInappropriate === true)
  );
}

/** Search matches the student's name, the class's name or any question's text, ignoring case. */
export function matchesSearch(submission: TListItem, search: string): boolean {
  const term = search.trim().toLowerCase();
  if (!term) return true;
  const haystack = [
    studentName(submission),
    teacherClassName(submission),
    ...submission.submissions.map((answer) => answer.question),
  ];
  return haystack.some((text) => text.toLowerCase().includes(term));
}

export function matchesFilter(submission: TListItem, filter: TSubmissionFilter): boolean {
  if (filter === 'flagged') return isFlagged(submission);
  if (filter === 'unflagged') return !isFlagged(submission);
  return true;
}

const timeOf = (submission: TListItem) => {
  const time = new Date(submission.submittedAt).getTime();
  return Number.isNaN(time) ? 0 : time;
};
const byText = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });

/**
 * The five orders of the list (spec 02 §2): newest first, oldest first, student name A–Z, class
 * name A–Z, and score high to low (unmarked submissions last). Ties keep the newest first.
 */
export function compareSubmissions(sort: TSubmissionSort) {
  return (a: TListItem, b: TListItem): number => {
    const newestFirst = timeOf(b) - timeOf(a);
    switch (sort) {
      case 'oldest':
        return -newestFirst;
      case 'student':
        return byText(studentName(a), studentName(b)) || newestFirst;
      case 'class':
        return byText(teacherClassName(a), teacherClassName(b)) || newestFirst;
      case 'score': {
        const scoreA = a.status === 'marked' ? a.totalScore : null;
        const scoreB = b.status === 'marked' ? b.totalScore : null;
        if (scoreA === null && scoreB === null) return newestFirst;
        if (scoreA === null) return 1;
        if (scoreB === null) return -1;
        return scoreB - scoreA || newestFirst;
      }
      default:
        return newestFirst;
    }
  };
}

export type TListView = { search: string; filter: TSubmissionFilter; sort: TSubmissionSort };

/** What the list shows: searched, filtered and sorted, without changing the given list. */
export function applyListView<T extends TListItem>(list: readonly T[], view: TListView): T[] {
  return list
    .filter((submission) => matchesSearch(submission, view.search))
    .filter((submission) => matchesFilter(submission, view.filter))
    .sort(compareSubmissions(view.sort));
}
