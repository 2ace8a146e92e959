import { Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconLayoutDashboard } from '@tabler/icons-react';
import { Link, useLocation, useParams } from 'react-router';
import { MESSAGES } from '@stem/contract/messages';
import { FeedbackBlock } from '../../../components/submission-feedback/feedback-block';
import { usePageTitle } from '../../../components/use-page-title';
import { percentageOf, readCompletionState, type TCompletionState } from '../completion-state';
import { useCompletionMarks, type TCompletionMarks } from '../use-completion-marks';
import { MarkingFailedNotice } from '../../submissions/components/marking-failed-notice';
import { TryAgain } from '../components/try-again';
import { scoreColor } from '../../submissions/components/score-badge';

const T = MESSAGES.answeringPage;

/**
 * /submission-complete/{id} (spec 02 §2 Student): the overall score, the percentage and each
 * answer with its score and feedback, from the navigation state the answering screen passed.
 */
export default function SubmissionCompletePage() {
  const location = useLocation();
  const params = useParams();
  const state = readCompletionState(location.state);
  // The state belongs to the submission in the address.
  const matching = state && state.submissionId === params.id ? state : null;
  const marks = useCompletionMarks(matching);
  usePageTitle(T.completeDocumentTitle);

  if (!matching || !marks) return <NoSubmissionData />;
  return <Completion state={matching} marks={marks} />;
}

function NoSubmissionData() {
  return (
    <Stack gap="lg" align="flex-start">
      <Title order={1}>{MESSAGES.submissions.noData}</Title>
      <Text c="dimmed">{T.noDataHint}</Text>
      <Button
        component={Link}
        to="/dashboard"
        leftSection={<IconLayoutDashboard size={18} aria-hidden />}
      >
        {T.backToDashboard}
      </Button>
    </Stack>
  );
}

function Completion({ state, marks }: { state: TCompletionState; marks: TCompletionMarks }) {
  const pending = marks.status === 'pending';
  const failed = marks.status === 'failed';
  const score = marks.totalScore;
  const held = marks.perQuestion.some((mark) => mark.held);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Group gap="xs" wrap="nowrap">
          <IconCircleCheck size={30} color="var(--mantine-color-green-7)" aria-hidden />
          <Title order={1}>{T.completeHeading}</Title>
        </Group>
        <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {state.className} · {T.completeIntro}
        </Text>
      </Stack>

      {pending && (
        <Paper withBorder p="md" role="status" aria-live="polite" data-testid="marking">
          <Group gap="sm" wrap="nowrap">
            <Loader size="sm" aria-hidden />
            <Stack gap={0}>
              <Text fw={600}>{T.marking}</Text>
              <Text size="sm" c="dimmed">
                {T.markingHint}
              </Text>
            </Stack>
          </Group>
        </Paper>
      )}
      {failed && <MarkingFailedNotice submissionId={state.submissionId} reason={null} />}
      {!pending && !failed && held && (
        <Paper withBorder p="md" role="status" data-testid="feedback-held">
          <Text fw={600}>{MESSAGES.review.heldTotal}</Text>
          <Text size="sm" c="dimmed">
            {MESSAGES.review.heldAnswer}
          </Text>
        </Paper>
      )}

      {!pending && !failed && score !== null && (
        <SimpleGrid cols={2} spacing="md" aria-live="polite">
          <Paper withBorder p="md" radius="md">
            <Text size="sm" c="dimmed">
              {T.overallScore}
            </Text>
            <Text fz={28} fw={700} data-testid="overall-score">
              {score}/{state.total}
            </Text>
          </Paper>
          <Paper withBorder p="md" radius="md">
            <Text size="sm" c="dimmed">
              {T.percentage}
            </Text>
            <Text fz={28} fw={700} data-testid="percentage">
              {percentageOf(score, state.total)}%
            </Text>
          </Paper>
        </SimpleGrid>
      )}

      <Stack gap="md">
        {state.questions.map((question, index) => {
          const mark = marks.perQuestion[index];
          const scoreLabel = mark?.held
            ? mark.releaseHeld
              ? MESSAGES.release.waitingBadge
              : MESSAGES.review.heldTotal
            : mark && mark.score !== null
              ? `${mark.score}/${question.marks}`
              : MESSAGES.submissions.pending;
          return (
            <Paper
              key={question._id}
              withBorder
              p="md"
              radius="md"
              component="section"
              aria-labelledby={`complete-q-${index}`}
              data-testid="completed-question"
            >
              <Stack gap="sm">
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text size="sm" c="dimmed" id={`complete-q-${index}`}>
                      {T.questionHeading(index + 1)}
                    </Text>
                    <Text fw={600} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {question.question}
                    </Text>
                  </Stack>
                  <Badge
                    size="lg"
                    variant="light"
                    tt="none"
                    color={
                      mark?.held
                        ? 'indigo'
                        : mark && mark.score !== null
                          ? scoreColor(mark.score, question.marks)
                          : 'yellow'
                    }
                    style={{ flexShrink: 0 }}
                    aria-label={`${T.score}: ${scoreLabel}`}
                  >
                    {scoreLabel}
                  </Badge>
                </Group>
                <Stack gap={2}>
                  <Text size="sm" fw={600}>
                    {T.yourAnswer}
                  </Text>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {state.answers[index] ?? ''}
                  </Text>
                </Stack>
                {!pending && (
                  <Stack gap={2}>
                    <Text size="sm" fw={600}>
                      {T.feedback}
                    </Text>
                    {mark?.held ? (
                      <Text size="sm" c="dimmed">
                        {mark.releaseHeld
                          ? MESSAGES.release.waitingForRelease
                          : MESSAGES.review.heldAnswer}
                      </Text>
                    ) : (
                      <FeedbackBlock feedback={mark?.feedback} />
                    )}
                  </Stack>
                )}
                {!pending && !failed && (
                  <TryAgain classId={state.classId} questionId={question._id} number={index + 1} />
                )}
              </Stack>
            </Paper>
          );
        })}
      </Stack>

      <Group gap="sm">
        <Button component={Link} to={`/my-submissions/${state.submissionId}`} variant="default">
          {T.viewSubmission}
        </Button>
        <Button
          component={Link}
          to="/dashboard"
          leftSection={<IconLayoutDashboard size={18} aria-hidden />}
        >
          {T.backToDashboard}
        </Button>
      </Group>
    </Stack>
  );
}
