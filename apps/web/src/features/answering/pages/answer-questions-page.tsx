import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconArrowRight,
  IconChevronLeft,
  IconInfoCircle,
  IconSend,
} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { MAX_ATTEMPTS_PER_QUESTION } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import type { TStudentQuestion } from '@stem/contract/teaching';
import { usePageTitle } from '../../../components/use-page-title';
import { useClassTest } from '../../class-tests/api';
import { useCreateSubmission } from '../api/create-submission';
import { isClassId, useAnsweringClass, type TAnsweringClass } from '../api/get-answering-class';
import {
  firstUnanswered,
  forgetDraftAnswers,
  loadDraftAnswers,
  saveDraftAnswers,
  type TAnswerSource,
  type TDraftAnswer,
  type TDraftAnswers,
} from '../answers-store';
import { AnswerInput, type TAnswerMode } from '../components/answer-input';
import { tryAgainPath } from '../components/try-again';
import { QuestionClock } from '../components/question-clock';
import { SavingOverlay } from '../components/saving-overlay';
import type { TCompletionState } from '../completion-state';
import { classLoadErrorText, isRetriable, saveErrorText } from '../load-errors';

const T = MESSAGES.answeringPage;
/** Spec 02 §4 and §9: after saving, the next page opens 2 seconds later. */
export const SUBMIT_NAVIGATION_DELAY_MS = 2_000;

/**
 * /start-submission/{classId} and /start-submission/{classId}/{questionId} (spec 02 §2 Student):
 * the class's questions one at a time; the URL follows the current question. With `?retry=1` (the
 * result page's Try again) it is a new attempt at that one question alone; with `?test={id}` (an
 * LMS link to a test, issue 29) the test's questions in its order.
 */
export default function AnswerQuestionsPage() {
  const { classId, questionId } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  // The submission just saved, and the screen it was sent from. Its page opens 2 seconds later
  // whatever the class's data says by then: its answers used their attempts (the last one leaves
  // nothing to answer) or the month's last practice assessment, and the refreshed class would
  // otherwise replace the screen, and its timer with it, before the results could open.
  const [saved, setSaved] = useState<{
    completion: TCompletionState;
    props: TAnsweringProps;
  } | null>(null);
  useEffect(() => {
    if (!saved) return;
    const { completion } = saved;
    const timer = window.setTimeout(
      () => navigate(`/submission-complete/${completion.submissionId}`, { state: completion }),
      SUBMIT_NAVIGATION_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [saved, navigate]);
  const query = useAnsweringClass(classId);
  const testId = search.get('test');
  const test = useClassTest(classId ?? '', isClassId(classId) && testId ? testId : null);
  usePageTitle(T.documentTitle);

  let body;
  if (saved) {
    // The same place in the tree as below (the limits' notice, then the screen), so the screen
    // that sent the submission stays as it was under the overlay until the results open.
    body = (
      <>
        {null}
        <Answering {...saved.props} saved onSaved={() => undefined} />
      </>
    );
  } else if (!isClassId(classId)) {
    body = <LoadProblem message={MESSAGES.student.invalidClassId} />;
  } else if (query.isPending || (testId && test.isPending)) {
    body = <AnsweringSkeleton />;
  } else if (testId && test.isError) {
    body = <LoadProblem message={MESSAGES.classTests.notFound} classId={classId} />;
  } else if (query.isError) {
    body = (
      <LoadProblem
        message={classLoadErrorText(query.error)}
        onRetry={isRetriable(query.error) ? () => void query.refetch() : undefined}
        retrying={query.isFetching}
        classId={classId}
      />
    );
  } else if (query.data.questions.length === 0) {
    body = <LoadProblem message={MESSAGES.student.noQuestions} classId={classId} />;
  } else {
    // Try again: that question alone, when it is (still) in the class.
    const retried =
      search.get('retry') === '1' ? query.data.questions.filter((q) => q.id === questionId) : [];
    const byId = new Map(query.data.questions.map((q) => [q.id, q]));
    // A test: its questions (still in the class), in its order.
    const ofTest = test.data ? test.data.questions.flatMap((q) => byId.get(q.id) ?? []) : null;
    const asked = retried.length > 0 ? retried : (ofTest ?? query.data.questions);
    // Questions whose 3 attempts are used are left out, and the student is told why (spec 01 §9).
    const open = asked.filter(
      (q) => (q.attemptsUsed ?? 0) < (q.attemptLimit ?? Number.POSITIVE_INFINITY),
    );
    const hidden = asked.length - open.length;
    const allowance = query.data.allowance;
    if (allowance && allowance.remaining <= 0) {
      body = <LoadProblem message={allowance.message} classId={classId} />;
    } else if (open.length === 0) {
      const limit = asked[0]?.attemptLimit ?? MAX_ATTEMPTS_PER_QUESTION;
      body = <AllAttemptsUsed limit={limit} classId={classId} />;
    } else {
      const props: TAnsweringProps = {
        view: { ...query.data, questions: open },
        classId,
        questionId,
        retry: retried.length > 0,
        test: retried.length === 0 && test.data ? test.data : null,
      };
      body = (
        <>
          {(hidden > 0 || allowance) && (
            <Alert color="blue" variant="light" data-testid="answering-limits">
              <Stack gap={4}>
                {allowance && <Text size="sm">{allowance.message}</Text>}
                {hidden > 0 && <Text size="sm">{MESSAGES.limits.exhaustedHidden(hidden)}</Text>}
              </Stack>
            </Alert>
          )}
          <Answering {...props} onSaved={(completion) => setSaved({ completion, props })} />
        </>
      );
    }
  }
  return <Stack gap="lg">{body}</Stack>;
}

function LoadProblem({
  message,
  onRetry,
  retrying = false,
  classId,
}: {
  message: string;
  onRetry?: () => void;
  retrying?: boolean;
  classId?: string;
}) {
  return (
    <>
      <Title order={1}>{T.heading}</Title>
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
        {message}
        <Group mt="sm" gap="sm">
          {onRetry && (
            <Button size="xs" variant="white" color="red" onClick={onRetry} loading={retrying}>
              {T.retry}
            </Button>
          )}
          <Button
            size="xs"
            variant="white"
            color="red"
            component={Link}
            to={classId ? `/student/class/${classId}` : '/start-submission'}
          >
            {classId ? T.backToClass : T.backToClasses}
          </Button>
        </Group>
      </Alert>
    </>
  );
}

/** Every question of the class has used its attempts: the student is done here, not in trouble. */
function AllAttemptsUsed({ limit, classId }: { limit: number; classId: string }) {
  return (
    <>
      <Title order={1}>{T.heading}</Title>
      <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} role="status">
        {T.allAttemptsUsed(limit)}
        <Group mt="sm" gap="sm">
          <Button size="xs" component={Link} to="/my-submissions">
            {T.viewMySubmissions}
          </Button>
          <Button size="xs" variant="white" component={Link} to={`/student/class/${classId}`}>
            {T.backToClass}
          </Button>
        </Group>
      </Alert>
    </>
  );
}

function AnsweringSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label={T.loading}>
      <Skeleton height={34} width="60%" />
      <Skeleton height={18} width="40%" />
      <Skeleton height={140} />
      <Skeleton height={160} />
    </Stack>
  );
}

type TAnsweringProps = {
  view: TAnsweringClass;
  classId: string;
  questionId: string | undefined;
  /** Try again at one question: its answer is sent alone. */
  retry?: boolean;
  /** A test's questions are asked (an LMS link to a test): its title shows, the URL keeps it. */
  test?: { id: string; title: string } | null;
};

type TAnsweringScreenProps = TAnsweringProps & {
  /** Told when the submission is saved: the page opens its results (AnswerQuestionsPage). */
  onSaved: (completion: TCompletionState) => void;
  /** Saved, and the results about to open: the screen stays covered by the saving overlay. */
  saved?: boolean;
};

function Answering({
  view,
  classId,
  questionId,
  retry = false,
  test = null,
  onSaved,
  saved = false,
}: TAnsweringScreenProps) {
  const navigate = useNavigate();
  const { questions } = view;
  const found = questions.findIndex((q) => q.id === questionId);
  const index = found < 0 ? 0 : found;
  const question = questions[index] as TStudentQuestion;
  const isLast = index === questions.length - 1;

  const [answers, setAnswers] = useState<TDraftAnswers>(() => loadDraftAnswers(classId));
  const [mode, setMode] = useState<TAnswerMode>('typed');
  const [answerError, setAnswerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const create = useCreateSubmission();

  const questionHeading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  // Moving to another question puts the keyboard and screen-reader focus on its text.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    questionHeading.current?.focus();
  }, [index]);

  const current = answers[question.id] ?? { answer: '', source: 'typed' as TAnswerSource };
  const answeredCount = questions.filter((q) => answers[q.id]?.answer.trim()).length;

  const setAnswer = (answer: string, source: TAnswerSource, ocrConfidence?: number) => {
    setAnswerError(null);
    setAnswers((previous) => {
      // Editing text read from a file keeps its OCR confidence; typed text has none.
      const confidence =
        source === 'typed' ? undefined : (ocrConfidence ?? previous[question.id]?.ocrConfidence);
      const draft: TDraftAnswer = {
        answer,
        source,
        ...(confidence !== undefined ? { ocrConfidence: confidence } : {}),
      };
      const next = { ...previous, [question.id]: draft };
      saveDraftAnswers(classId, next);
      return next;
    });
  };

  const goTo = (target: number) => {
    setAnswerError(null);
    const targetQuestion = questions[target];
    if (targetQuestion) {
      navigate(
        retry
          ? tryAgainPath(classId, targetQuestion.id)
          : `/start-submission/${classId}/${targetQuestion.id}${test ? `?test=${test.id}` : ''}`,
      );
    }
  };

  const next = () => {
    if (!current.answer.trim()) {
      setAnswerError(MESSAGES.submissions.answerRequired);
      return;
    }
    goTo(index + 1);
  };

  const submit = () => {
    if (!current.answer.trim()) {
      setAnswerError(MESSAGES.submissions.answerRequired);
      return;
    }
    const missing = firstUnanswered(
      questions.map((q) => q.id),
      answers,
    );
    if (missing >= 0) {
      goTo(missing);
      setAnswerError(MESSAGES.submissions.answerRequired);
      return;
    }
    setSaveError(null);
    const list = questions.map((q) => {
      const draft = answers[q.id];
      const source = draft?.source ?? 'typed';
      const confidence = source === 'typed' ? undefined : draft?.ocrConfidence;
      return {
        questionId: q.id,
        answer: draft?.answer ?? '',
        source,
        ...(confidence !== undefined ? { ocrConfidence: confidence } : {}),
      };
    });
    create.mutate(
      { classId, submissions: list, totalScore: 0, status: 'pending' },
      {
        onSuccess: (submissionId) => {
          // Only the answers sent: a retried question leaves the class's other drafts in place.
          forgetDraftAnswers(
            classId,
            questions.map((q) => q.id),
          );
          onSaved({
            submissionId,
            classId,
            className: view.class.name,
            questions: questions.map((q) => ({ _id: q.id, question: q.question, marks: q.marks })),
            answers: list.map((item) => item.answer),
            scores: null,
            total: questions.reduce((sum, q) => sum + q.marks, 0),
          });
        },
        onError: (error) => {
          console.error(error);
          setSaveError(saveErrorText(error));
        },
      },
    );
  };

  const saving = create.isPending || saved;

  return (
    <>
      <Group>
        <Button
          component={Link}
          to={`/student/class/${classId}`}
          variant="subtle"
          leftSection={<IconChevronLeft size={16} aria-hidden />}
          px={0}
        >
          {T.backToClass}
        </Button>
      </Group>
      <Stack gap={4}>
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {view.class.name}
        </Title>
        {test && (
          <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="answering-test">
            {MESSAGES.classTests.studentTestTitle(test.title)}
          </Text>
        )}
        <Group justify="space-between" gap="sm">
          <Text c="dimmed" data-testid="total-questions">
            {T.totalQuestions(questions.length)}
          </Text>
          <QuestionClock />
        </Group>
      </Stack>

      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <Stack gap="sm">
          <Group justify="space-between" gap="xs">
            <Badge variant="light" size="lg" tt="none" data-testid="question-position">
              {T.questionOf(index + 1, questions.length)}
            </Badge>
            <Group gap="xs">
              {question.attemptLimit !== undefined && (
                <Badge
                  variant="light"
                  size="lg"
                  tt="none"
                  color="grape"
                  data-testid="attempts-used"
                >
                  {MESSAGES.limits.attemptsUsed(question.attemptsUsed ?? 0, question.attemptLimit)}
                </Badge>
              )}
              <Badge variant="outline" size="lg" tt="none" color="gray">
                {T.marks(question.marks)}
              </Badge>
            </Group>
          </Group>
          <Title
            ref={questionHeading}
            tabIndex={-1}
            order={2}
            size="h4"
            fw={600}
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            data-testid="question-text"
          >
            {question.question}
          </Title>
        </Stack>
      </Paper>

      <AnswerInput
        key={question.id}
        mode={mode}
        onModeChange={setMode}
        value={current.answer}
        source={current.source}
        onChange={setAnswer}
        error={answerError}
        onBusyChange={setBusy}
        disabled={saving}
      />

      {saveError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
          {saveError}
        </Alert>
      )}

      <Stack gap="xs">
        <Text size="sm" c="dimmed" ta="right">
          {T.answered(answeredCount, questions.length)}
        </Text>
        <Group justify="space-between" wrap="nowrap">
          <Button
            variant="default"
            onClick={() => goTo(index - 1)}
            disabled={index === 0 || busy || saving}
            leftSection={<IconArrowLeft size={18} aria-hidden />}
          >
            {T.previous}
          </Button>
          {isLast ? (
            <Button
              onClick={submit}
              disabled={busy || saving}
              rightSection={<IconSend size={18} aria-hidden />}
            >
              {T.submit}
            </Button>
          ) : (
            <Button
              onClick={next}
              disabled={busy || saving}
              rightSection={<IconArrowRight size={18} aria-hidden />}
            >
              {T.next}
            </Button>
          )}
        </Group>
      </Stack>

      {saving && <SavingOverlay />}
    </>
  );
}
