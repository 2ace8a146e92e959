import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { MESSAGES } from '@stem/contract/messages';
import type { TListView, TSubmissionFilter, TSubmissionSort } from '../submission-list';

const T = MESSAGES.submissionsPage;

/** How long typing must pause before the search goes to the server. */
export const SEARCH_DEBOUNCE_MS = 300;

const FILTERS: { value: TSubmissionFilter; label: string }[] = [
  { value: 'all', label: T.filterAll },
  { value: 'flagged', label: T.filterFlagged },
  { value: 'unflagged', label: T.filterUnflagged },
];
const SORTS: { value: TSubmissionSort; label: string }[] = [
  { value: 'recent', label: T.sortRecent },
  { value: 'oldest', label: T.sortOldest },
  { value: 'student', label: T.sortStudent },
  { value: 'class', label: T.sortClass },
  { value: 'score', label: T.sortScore },
];

/** The student's own list has no teacher's filter (Flagged Only) or order (Student Name). */
const STUDENT_SORTS = SORTS.filter((sort) => sort.value !== 'student');

/**
 * The shared list's search box, flag filter and sort (spec 02 §2). The search is sent once typing
 * pauses; the filter and the sort at once. A student's list (`forStudent`) shows neither the flag
 * filter nor the Student Name order: every card is theirs, and flagging is the teacher's view.
 */
export function SubmissionListControls({
  view,
  onChange,
  searchPlaceholder = T.searchPlaceholder,
  forStudent = false,
}: {
  view: TListView;
  onChange: (patch: Partial<TListView>) => void;
  searchPlaceholder?: string;
  forStudent?: boolean;
}) {
  const [typed, setTyped] = useState(view.search);
  const [debounced] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (debounced !== view.search) onChange({ search: debounced });
  }, [debounced, view.search, onChange]);

  return (
    <SimpleGrid cols={{ base: 1, sm: forStudent ? 2 : 3 }} spacing="sm">
      <TextInput
        label={T.searchLabel}
        placeholder={searchPlaceholder}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        type="search"
      />
      {!forStudent && (
        <NativeSelect
          label={T.filterLabel}
          data={FILTERS}
          value={view.filter}
          onChange={(event) => onChange({ filter: event.currentTarget.value as TSubmissionFilter })}
        />
      )}
      <NativeSelect
        label={T.sortLabel}
        data={forStudent ? STUDENT_SORTS : SORTS}
        value={view.sort}
        onChange={(event) => onChange({ sort: event.currentTarget.value as TSubmissionSort })}
      />
    </SimpleGrid>
  );
}
