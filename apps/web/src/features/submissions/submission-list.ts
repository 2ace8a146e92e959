import type {
  TSubmissionFlagFilter,
  TSubmissionReviewFilter,
  TSubmissionSort,
} from '@stem/contract/submissions';

export { SUBMISSION_SORTS, SUBMISSION_FLAG_FILTERS } from '@stem/contract/submissions';
export type TSubmissionFilter = TSubmissionFlagFilter;
export type { TSubmissionSort };

/**
 * What the shared list (spec 02 §2) is asked for: the server searches (student name, class name,
 * question text, any case), filters (All / Flagged Only / Unflagged Only) and sorts (Most Recent,
 * Oldest First, Student Name, Class Name, Score; ties newest first).
 */
export type TListView = {
  search: string;
  filter: TSubmissionFilter;
  sort: TSubmissionSort;
  /** Teachers: 'needed' shows the review queue (issue 11), most doubtful first. */
  review?: TSubmissionReviewFilter;
};

export const DEFAULT_LIST_VIEW: TListView = { search: '', filter: 'all', sort: 'recent' };

/** Flagged when any answer was found inappropriate (spec 02 §3); the server sends the verdict. */
export function isFlagged(submission: {
  isFlagged: boolean;
  submissions?: ReadonlyArray<{ contentModeration: { isInappropriate: boolean } | null }>;
}): boolean {
  return (
    submission.isFlagged ||
    (submission.submissions ?? []).some(
      (answer) => answer.contentModeration?.isInappropriate === true,
    )
  );
}

/** Whether the view narrows the list (then an empty page means "no matches", not "none yet"). */
export function isNarrowed(view: TListView): boolean {
  return view.search.trim() !== '' || view.filter !== 'all' || view.review === 'needed';
}
