import { LoadError } from '../../../components/load-error';
import { LoadingLine } from '../../../components/loading-line';
import {
  Alert,
  Group,
  Pagination,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconQuestionMark, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { QUESTION_PAGE_SIZE } from '@stem/contract/limits-teaching';
import { MESSAGES } from '@stem/contract/messages';
import { SEARCH_MAX_LENGTH } from '@stem/contract/paging';
import type { TQuestion } from '@stem/contract/teaching';
import { LinkButton } from '../../../components/link-button';
import { TrialLimitBanner } from '../../../components/trial-limit-banner';
import { getStoredUser } from '../../../lib/session';
import { useTrialLimit } from '../../../lib/trial-limit';
import { useTeacherQuestions, type TQuestionView } from '../api/get-teacher-questions';
import { AddToClassModal } from '../components/add-to-class-modal';
import { DeleteQuestionModal } from '../components/delete-question-modal';
import { QuestionCard } from '../components/question-card';
import { useAgreement } from '../../submissions/api/review';
import { SORT_OPTIONS, clampPage, isSortValue, pageCount } from '../question-list';
import { usePageTitle } from '../use-page-title';

const T = MESSAGES.questionsPage;

/** How long typing must pause before the search goes to the server. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * /view-questions (spec 02 §2 and §9): the teacher's questions, 10 a page, with a sort that starts
 * unchosen (server order, newest first), a search, Edit, Delete and Add To Class. The server sorts,
 * searches, counts and pages (keyset pages of 10); a page number further on is reached by asking
 * for the pages before it in turn.
 */
export default function ViewQuestionsPage() {
  usePageTitle(T.viewDocumentTitle);
  const teacherId = getStoredUser()?.userId ?? '';
  const [typed, setTyped] = useState('');
  const [search] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<TQuestionView['sort']>(null);
  const query = useTeacherQuestions(teacherId, { sort, search: search.trim() });
  const trial = useTrialLimit('questions');
  // How often the AI's marks stood when the teacher reviewed them, per question (issue 11).
  const agreement = useAgreement();
  // The page chosen, for the search it was chosen under: a new search starts again at page 1.
  const [chosen, setChosen] = useState({ page: 1, search: '' });
  const page = chosen.search === search ? chosen.page : 1;
  const setPage = (next: number) => setChosen({ page: next, search });
  const [toDelete, setToDelete] = useState<TQuestion | null>(null);
  const [toAdd, setToAdd] = useState<TQuestion | null>(null);

  const info = query.first?.page;
  const matched = info?.matched ?? 0;
  const total = pageCount(matched, QUESTION_PAGE_SIZE);
  const current = clampPage(page, matched, QUESTION_PAGE_SIZE);
  const loadedPages = query.data?.pages ?? [];
  const shown = loadedPages[current - 1]?.items;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  // A page not loaded yet: ask for the next page until it is (keyset pages come in order).
  useEffect(() => {
    if (current > loadedPages.length && hasNextPage && !isFetchingNextPage) {
      void fetchNextPage();
    }
  }, [current, loadedPages.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  // The question in the Add To Class modal, kept fresh so its "Already added" marks follow the list.
  const addTarget = toAdd ? (query.items.find((q) => q._id === toAdd._id) ?? toAdd) : null;

  if (!teacherId) {
    return (
      <Alert color="red" role="alert">
        {MESSAGES.settings.userNotFound}
      </Alert>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{info ? T.viewHeading(info.total) : T.title}</Title>
        <LinkButton
          to="/insert-question"
          disabled={trial.isLimitReached}
          leftSection={<IconPlus size={18} aria-hidden />}
        >
          {T.addQuestion}
        </LinkButton>
      </Group>

      <TrialLimitBanner limit={trial} />

      {query.isPending && <LoadingLine>{T.loadingQuestions}</LoadingLine>}

      {query.isError && !info && (
        <LoadError
          message={MESSAGES.questions.loadFailed}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      )}

      {info && info.total === 0 && (
        <Paper withBorder p="xl" radius="md">
          <Stack align="center" gap="md">
            <IconQuestionMark size={40} stroke={1.4} aria-hidden />
            <Text fw={600}>{MESSAGES.questions.empty}</Text>
            <LinkButton to="/insert-question" disabled={trial.isLimitReached}>
              {T.createFirst}
            </LinkButton>
          </Stack>
        </Paper>
      )}

      {info && info.total > 0 && (
        <>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select
              label={T.sortLabel}
              placeholder={T.sortPlaceholder}
              data={SORT_OPTIONS.map((option) => ({ value: option.value, label: option.label }))}
              value={sort}
              onChange={(value) => {
                setSort(isSortValue(value) ? value : null);
                setPage(1);
              }}
              clearable
              allowDeselect
              w={{ base: '100%', xs: 260 }}
            />
            <TextInput
              label={T.searchLabel}
              placeholder={T.searchPlaceholder}
              value={typed}
              maxLength={SEARCH_MAX_LENGTH}
              onChange={(event) => setTyped(event.currentTarget.value)}
              leftSection={<IconSearch size={16} aria-hidden />}
              type="search"
              w={{ base: '100%', xs: 300 }}
            />
          </Group>
          {matched === 0 ? (
            <Paper withBorder p="xl" radius="md">
              <Text ta="center" c="dimmed" role="status">
                {T.noMatches}
              </Text>
            </Paper>
          ) : shown ? (
            <Stack gap="md">
              {shown.map((question) => (
                <QuestionCard
                  agreement={agreement.data?.get(question._id)}
                  key={question._id}
                  question={question}
                  onDelete={setToDelete}
                  onAddToClass={setToAdd}
                />
              ))}
            </Stack>
          ) : query.isError ? (
            <LoadError
              message={MESSAGES.questions.loadFailed}
              onRetry={() => void query.fetchNextPage()}
              retrying={query.isFetching}
            />
          ) : (
            <LoadingLine>{T.loadingQuestions}</LoadingLine>
          )}
          {total > 1 && (
            <Group justify="center" component="nav" aria-label={T.paginationLabel}>
              <Pagination
                total={total}
                value={current}
                onChange={(next) => {
                  setPage(next);
                  window.scrollTo({ top: 0 });
                }}
                getItemProps={(n) => ({ 'aria-label': T.pageLabel(n) })}
              />
            </Group>
          )}
        </>
      )}

      <DeleteQuestionModal question={toDelete} onClose={() => setToDelete(null)} />
      <AddToClassModal question={addTarget} onClose={() => setToAdd(null)} />
    </Stack>
  );
}
