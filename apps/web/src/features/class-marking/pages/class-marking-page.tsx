import { Button, Grid, Group, Paper, Progress, Stack, Switch, Text, Title } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconArrowLeft, IconFlask, IconKeyboard } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { MESSAGES } from '@stem/contract/messages';
import { LoadError } from '../../../components/load-error';
import { LoadingLine } from '../../../components/loading-line';
import { describeError, statusOf } from '../../../lib/http';
import { getStoredUser } from '../../../lib/session';
import {
  useClassAnswers,
  useMarkAnswer,
  useProposeFewFirst,
  type TMarkChange,
} from '../api/class-answers';
import { AnswerPanel } from '../components/answer-panel';
import { AnswerGroupsView } from '../components/answer-groups-view';
import { MarkingViewSwitch, useMarkingView } from '../components/marking-view-switch';
import { CommentBox } from '../components/comment-box';
import { FewFirstPanel } from '../components/few-first-panel';
import { AnswerRubricLines, EarlierRubricNotice } from '../components/earlier-rubric';
import { RubricItemsPanel } from '../components/rubric-items-panel';
import { useRubricMarking } from '../components/use-rubric-marking';
import { KeysModal } from '../components/keys-modal';
import { MarkBar } from '../components/mark-bar';
import { OriginalModal } from '../components/original-modal';
import { QuestionPanel } from '../components/question-panel';
import { StudentList } from '../components/student-list';
import { nextToReview, orderRows, startIndex, typedMark } from '../marking-order';
import { useMarkingKeys } from '../use-marking-keys';
import { usePageTitle } from '../../classes/use-page-title';

const C = MESSAGES.classMarking;

/**
 * /class/{id}/questions/{questionId}/mark (issue 27): a teacher marks one question across the whole
 * class. Every student's latest answer, one at a time, large; the students and their state beside
 * it, the question and its rubric on the other side. Keyboard first (J/K or arrows, N, A, digits
 * then Enter, P or O, ?), with buttons for the same on a phone; anonymous mode hides the names and
 * shuffles the order (stable for this teacher and question).
 */
export default function ClassMarkingPage() {
  const params = useParams();
  const classId = params.id ?? '';
  const questionId = params.questionId ?? '';
  const user = getStoredUser();
  const isAdmin = user?.role === 'admin';
  const classPath = isAdmin ? `/admin/class/${classId}` : `/class/${classId}`;
  usePageTitle(C.documentTitle);

  const [anonymous, setAnonymous] = useLocalStorage({
    key: 'stem:class-marking:anonymous',
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  // Anonymous mode is the server's: it sends pseudonyms, never names (issue 27).
  const query = useClassAnswers(classId, questionId, anonymous);
  const marking = useMarkAnswer(classId, questionId, anonymous);
  // The row shown: its student (an id or, in anonymous mode, a pseudonym) and answer.
  const [current, setCurrent] = useState<{ studentId: string; answerId: string | null } | null>(
    null,
  );
  const [typed, setTyped] = useState('');
  const [status, setStatus] = useState('');
  const [helpOpen, setHelpOpen] = useState(false);
  const [originalOpen, setOriginalOpen] = useState(false);
  // Issue 27: one answer at a time, or the answer groups (each view has its own keys).
  const [view, setView] = useMarkingView();

  // Anonymity just turned on: the named rows stay on screen, nameless, until the server's come.
  const hideNames = anonymous && query.data?.anonymous === false;
  const rows = useMemo(
    () => orderRows(query.data?.rows ?? [], { hideNames }),
    [query.data, hideNames],
  );
  // By the student, else (anonymity turned on or off: another name for them) by their answer.
  const byStudent = rows.findIndex((r) => r.student._id === current?.studentId);
  const found =
    byStudent >= 0 || !current?.answerId
      ? byStudent
      : rows.findIndex((r) => r.answer?._id === current.answerId);
  // "Test on a few first" (issue 27): the answers the marker proposed, while the panel is open.
  const propose = useProposeFewFirst(classId, questionId);
  const [few, setFew] = useState<string[] | null>(null);
  // The marker's suggested order of the answers still to review (issue 27); the few first.
  const reviewOrder = query.data?.reviewOrder;
  const order = useMemo(
    () => (few ? [...few, ...(reviewOrder ?? [])] : reviewOrder),
    [few, reviewOrder],
  );
  const index = found >= 0 ? found : startIndex(rows, order);
  const row = rows[index] ?? null;
  const answer = row?.answer ?? null;
  // The student first shown stays shown when the order changes (anonymous mode, a refresh).
  const shownId = row?.student._id ?? null;
  const shownAnswerId = row?.answer?._id ?? null;
  useEffect(() => {
    if (shownId !== null && current?.studentId !== shownId) {
      setCurrent({ studentId: shownId, answerId: shownAnswerId });
    }
  }, [current, shownId, shownAnswerId]);

  const goTo = useCallback(
    (next: number) => {
      const target = rows[next];
      if (!target) return;
      setCurrent({ studentId: target.student._id, answerId: target.answer?._id ?? null });
      setTyped('');
    },
    [rows],
  );
  const step = (delta: number) => {
    if (rows.length === 0) return;
    goTo(Math.min(rows.length - 1, Math.max(0, index + delta)));
  };
  const goToNextToReview = () => {
    const next = nextToReview(rows, index, order);
    if (next < 0 || next === index) setStatus(C.allReviewed);
    else goTo(next);
  };

  const testOnAFew = () => {
    if (propose.isPending) return;
    propose.mutate(undefined, {
      onSuccess: (data) => {
        setFew(data.answerIds);
        const first = rows.findIndex((r) => r.answer?._id === data.answerIds[0]);
        if (first >= 0) goTo(first);
      },
      onError: (error) =>
        setStatus(`${MESSAGES.rubricItems.fewFirstFailed} ${describeError(error)}`),
    });
  };

  const save = (change: TMarkChange) => {
    if (!row || !answer || answer.score === null || marking.isPending) return;
    const name = row.label;
    const marks = answer.marks;
    marking.mutate(
      { answer, change },
      {
        onSuccess: (saved) => {
          const score = saved.answer.score ?? 0;
          setStatus(
            change.kind === 'accept' ? C.accepted(name, score, marks) : C.saved(name, score, marks),
          );
          setTyped('');
          // On to the next answer still to review (this one is reviewed now).
          const next = nextToReview(rows, index, order);
          if (next >= 0 && next !== index) goTo(next);
        },
        onError: (error) => setStatus(`${C.saveFailed} ${describeError(error)}`),
      },
    );
  };
  const saveTyped = () => {
    if (!answer || answer.score === null) return;
    const score = typedMark(typed, answer.marks);
    if (score === null) {
      if (typed) setStatus(C.typedOutOfRange(typed, answer.marks));
      return;
    }
    save({ kind: 'override', score });
  };
  const accept = () => save({ kind: 'accept' });
  const openOriginal = () => {
    if (answer) setOriginalOpen(true);
  };

  // Rubric items, saved comments and the comment box (issue 27): digits toggle items when any.
  const rubric = useRubricMarking({
    classId,
    questionId,
    answer,
    name: row?.label ?? '',
    setStatus,
    // The groups view has keys of its own; these act on the one answer open in the other view.
    enabled: query.isSuccess && !helpOpen && !originalOpen && view === 'one',
  });

  useMarkingKeys(
    {
      next: () => step(1),
      previous: () => step(-1),
      nextToReview: goToNextToReview,
      accept,
      digit: (digit) => {
        if (rubric.digit(digit)) return;
        if (!answer || answer.score === null) return;
        const next = (typed + digit).slice(-3);
        setTyped(next);
        setStatus(
          typedMark(next, answer.marks) === null
            ? C.typedOutOfRange(next, answer.marks)
            : C.typed(next),
        );
      },
      backspace: () => setTyped((t) => t.slice(0, -1)),
      enter: saveTyped,
      escape: () => {
        setTyped('');
        setStatus('');
      },
      openOriginal,
      help: () => setHelpOpen(true),
      hasTyped: () => typed !== '',
    },
    query.isSuccess && !helpOpen && !originalOpen && view === 'one',
  );

  const back = (
    <Button
      component={Link}
      to={classPath}
      variant="subtle"
      px={0}
      leftSection={<IconArrowLeft size={16} aria-hidden />}
    >
      {query.data ? C.backToClass(query.data.class.name) : MESSAGES.classesPage.backToClasses}
    </Button>
  );

  if (query.isPending) return <LoadingLine>{C.loading}</LoadingLine>;
  if (query.isError) {
    const missing = statusOf(query.error) === 404 || statusOf(query.error) === 400;
    return (
      <Stack align="flex-start">
        <LoadError
          message={missing ? describeError(query.error) : C.loadFailed}
          {...(missing ? {} : { onRetry: () => void query.refetch(), retrying: query.isFetching })}
        >
          {back}
        </LoadError>
      </Stack>
    );
  }

  const data = query.data;
  const { reviewed, marked } = data.counts;
  return (
    <Stack gap="md" data-testid="class-marking">
      <div>
        {back}
        <Title order={1} size="h2">
          {C.title}
        </Title>
        <Group gap="md" mt="xs" wrap="wrap" justify="space-between">
          <Stack gap={4} style={{ flex: '1 1 220px', maxWidth: 420 }}>
            <Text size="sm" fw={600} data-testid="class-marking-progress">
              {C.progress(reviewed, marked)}
            </Text>
            <Progress
              value={marked === 0 ? 0 : (reviewed / marked) * 100}
              aria-label={C.progress(reviewed, marked)}
            />
            <Text size="xs" c="dimmed">
              {C.answeredCount(data.counts.answered, data.counts.students)}
            </Text>
          </Stack>
          <Group gap="md" wrap="wrap">
            <MarkingViewSwitch value={view} onChange={setView} />
            <Button
              variant="default"
              size="xs"
              onClick={testOnAFew}
              loading={propose.isPending}
              leftSection={<IconFlask size={14} aria-hidden />}
              data-testid="few-first-open"
            >
              {MESSAGES.rubricItems.fewFirst}
            </Button>
            <Switch
              label={C.anonymous}
              description={C.anonymousHint}
              checked={anonymous}
              onChange={(event) => setAnonymous(event.currentTarget.checked)}
              data-testid="class-marking-anonymous"
            />
            <Button
              variant="default"
              size="xs"
              onClick={() => setHelpOpen(true)}
              leftSection={<IconKeyboard size={14} aria-hidden />}
              aria-keyshortcuts="?"
              // A phone has no keyboard to use them with; the groups view has its own.
              visibleFrom="sm"
              display={view === 'one' ? undefined : 'none'}
            >
              {C.keysButton}
            </Button>
          </Group>
        </Group>
      </div>

      <EarlierRubricNotice scope={rubric.scope} rows={data.rows} setStatus={setStatus} />
      {few && (
        <FewFirstPanel
          scope={rubric.scope}
          answerIds={few}
          rows={rows}
          current={view === 'one' ? (answer?._id ?? null) : null}
          // From the groups view, an answer opens in the one-at-a-time view, where its keys work.
          onOpen={(next) => {
            setView('one');
            goTo(next);
          }}
          onClose={() => setFew(null)}
          setStatus={setStatus}
        />
      )}
      {view === 'groups' ? (
        <AnswerGroupsView
          classId={classId}
          questionId={questionId}
          anonymous={anonymous}
          labelOf={(studentId) => rows.find((r) => r.student._id === studentId)?.label ?? ''}
          orderOf={(studentId) => rows.findIndex((r) => r.student._id === studentId)}
          keysEnabled={!originalOpen && !helpOpen}
        />
      ) : rows.length === 0 || !row ? (
        <Paper withBorder p="xl" radius="md">
          <Text ta="center" c="dimmed">
            {C.noStudents}
          </Text>
        </Paper>
      ) : (
        <Grid gap="md" align="flex-start">
          <Grid.Col span={{ base: 12, lg: 3 }} order={{ base: 3, lg: 1 }}>
            <StudentList rows={rows} current={index} onSelect={goTo} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 6 }} order={{ base: 1, lg: 2 }}>
            <Stack gap="sm">
              <AnswerPanel row={row} index={index} total={rows.length}>
                <AnswerRubricLines answer={answer} rubric={rubric} />
              </AnswerPanel>
              <MarkBar
                answer={answer}
                typed={typed}
                onType={setTyped}
                onSave={saveTyped}
                onAccept={accept}
                onPrevious={() => step(-1)}
                onNext={() => step(1)}
                onNextToReview={goToNextToReview}
                onOpenOriginal={openOriginal}
                saving={marking.isPending ? (marking.variables.change.kind ?? null) : null}
                status={status}
              />
              <RubricItemsPanel rubric={rubric} marks={data.question.marks} setStatus={setStatus} />
              <CommentBox rubric={rubric} answer={answer} name={row.label} setStatus={setStatus} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 3 }} order={{ base: 2, lg: 3 }}>
            <QuestionPanel question={data.question} />
          </Grid.Col>
        </Grid>
      )}
      <KeysModal opened={helpOpen} onClose={() => setHelpOpen(false)} />
      <OriginalModal
        answer={originalOpen ? answer : null}
        title={row ? `${C.openOriginal}: ${row.label}` : C.openOriginal}
        anonymous={anonymous}
        listPath={isAdmin ? '/admin/submissions' : '/submissions'}
        onClose={() => setOriginalOpen(false)}
      />
    </Stack>
  );
}
