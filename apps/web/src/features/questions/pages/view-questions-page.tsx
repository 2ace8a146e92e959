import { LoadError } from '../../../components/load-error';
import { LoadingLine } from '../../../components/loading-line';
import { Alert, Group, Pagination, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconQuestionMark } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { QUESTION_PAGE_SIZE } from '@stem/contract/limits-teaching';
import { MESSAGES } from '@stem/contract/messages';
import type { TQuestion } from '@stem/contract/teaching';
import { LinkButton } from '../../../components/link-button';
import { TrialLimitBanner } from '../../../components/trial-limit-banner';
import { getStoredUser } from '../../../lib/session';
import { useTrialLimit } from '../../../lib/trial-limit';
import { useTeacherQuestions } from '../api/get-teacher-questions';
import { AddToClassModal } from '../components/add-to-class-modal';
import { DeleteQuestionModal } from '../components/delete-question-modal';
import { QuestionCard } from '../components/question-card';
import { useAgreement } from '../../submissions/api/review';
import {
  SORT_OPTIONS,
  clampPage,
  isSortValue,
  pageCount,
  pageItems,
  sortQuestions,
  type TSortValue,
} from '../question-list';
import { usePageTitle } from '../use-page-title';

const T = MESSAGES.questionsPage;

/**
 * /view-questions (spec 02 §2 and §9): the teacher's questions, 10 a page, with a sort that starts
 * unchosen (server order, newest first), Edit, Delete and Add To Class.
 */
export default function ViewQuestionsPage() {
  usePageTitle(T.viewDocumentTitle);
  const teacherId = getStoredUser()?.userId ?? '';
  const query = useTeacherQuestions(teacherId);
  const trial = useTrialLimit('questions');
  // How often the AI's marks stood when the teacher reviewed them, per question (issue 11).
  const agreement = useAgreement();
  const [sort, setSort] = useState<TSortValue | null>(null);
  const [page, setPage] = useState(1);
  const [toDelete, setToDelete] = useState<TQuestion | null>(null);
  const [toAdd, setToAdd] = useState<TQuestion | null>(null);

  const sorted = useMemo(() => sortQuestions(query.data ?? [], sort), [query.data, sort]);
  const total = pageCount(sorted.length, QUESTION_PAGE_SIZE);
  const current = clampPage(page, sorted.length, QUESTION_PAGE_SIZE);
  const shown = pageItems(sorted, current, QUESTION_PAGE_SIZE);
  // The question in the Add To Class modal, kept fresh so its "Already added" marks follow the list.
  const addTarget = toAdd ? (query.data?.find((q) => q._id === toAdd._id) ?? toAdd) : null;

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
        <Title order={1}>{query.data ? T.viewHeading(query.data.length) : T.title}</Title>
        <LinkButton
          to="/insert-question"
          disabled={trial.isLimitReached}
          leftSection={<IconPlus size={18} aria-hidden />}
        >
          {T.addQuestion}
        </LinkButton>
      </Group>

      {trial.isLimitReached && (
        <TrialLimitBanner message={trial.message} expired={trial.isExpired} />
      )}

      {query.isPending && <LoadingLine>{T.loadingQuestions}</LoadingLine>}

      {query.isError && (
        <LoadError
          message={MESSAGES.questions.loadFailed}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      )}

      {query.data && query.data.length === 0 && (
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

      {query.data && query.data.length > 0 && (
        <>
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
