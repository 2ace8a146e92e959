import { Badge, Button, Card, Group, Spoiler, Stack, Text } from '@mantine/core';
import {
  IconCalendar,
  IconChartBar,
  IconEdit,
  IconTrash,
  IconUsersPlus,
} from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { ANALYTICS_MESSAGES } from '@stem/contract/analytics';
import { MESSAGES } from '@stem/contract/messages';
import type { TQuestionAgreement } from '@stem/contract/submissions';
import type { TQuestion } from '@stem/contract/teaching';
import { formatQuestionDate } from '../format-question-date';

const T = MESSAGES.questionsPage;

type TProps = {
  question: TQuestion;
  onDelete: (question: TQuestion) => void;
  onAddToClass: (question: TQuestion) => void;
  /** How often the AI's marks agreed with the teacher's on this question, once any were reviewed. */
  agreement?: TQuestionAgreement | undefined;
};

/** One question in the list: text, marks, ranges, created date, and Edit / Add To Class / Delete. */
export function QuestionCard({ question, onDelete, onAddToClass, agreement }: TProps) {
  // The buttons say "Edit", "Delete", ...; the question text tells a screen reader which one.
  const textId = useId();
  return (
    <Card withBorder padding="lg" radius="md" component="article" data-testid="question-card">
      <Stack gap="sm">
        <Spoiler maxHeight={96} showLabel={T.showMore} hideLabel={T.showLess}>
          <Text id={textId} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {question.question}
          </Text>
        </Spoiler>
        <Group gap="xs">
          <Badge variant="filled">{T.marks(question.marks)}</Badge>
          <Badge variant="light" color="orange">
            {T.lowRange(question.lowMarkRange)}
          </Badge>
          <Badge variant="light" color="green">
            {T.highRange(question.highMarkRange)}
          </Badge>
          {question.classIds.length > 0 && (
            <Badge variant="light" color="grape">
              {T.inClasses(question.classIds.length)}
            </Badge>
          )}
          {question.holdFeedback && (
            <Badge variant="light" color="indigo" title={MESSAGES.questions.holdFeedbackLabel}>
              {MESSAGES.questions.holdFeedbackBadge}
            </Badge>
          )}
        </Group>
        <Group gap={6} c="dimmed">
          <IconCalendar size={14} aria-hidden />
          <Text size="sm">{T.created(formatQuestionDate(question.createdAt))}</Text>
        </Group>
        {agreement && agreement.reviewed > 0 && (
          <Text size="sm" c="dimmed" data-testid="question-agreement">
            {MESSAGES.review.agreement(agreement.agreed, agreement.reviewed, agreement.withinOne)}
          </Text>
        )}
        <Group gap="xs">
          <Button
            component={Link}
            to={`/edit-question/${question._id}`}
            size="xs"
            aria-describedby={textId}
            variant="light"
            leftSection={<IconEdit size={14} aria-hidden />}
          >
            {T.edit}
          </Button>
          <Button
            size="xs"
            aria-describedby={textId}
            variant="light"
            color="grape"
            leftSection={<IconUsersPlus size={14} aria-hidden />}
            onClick={() => onAddToClass(question)}
          >
            {T.addToClass}
          </Button>
          <Button
            component={Link}
            to={`/questions/${question._id}/analytics`}
            size="xs"
            aria-describedby={textId}
            variant="light"
            color="teal"
            leftSection={<IconChartBar size={14} aria-hidden />}
          >
            {ANALYTICS_MESSAGES.analyticsButton}
          </Button>
          <Button
            size="xs"
            aria-describedby={textId}
            variant="light"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={() => onDelete(question)}
          >
            {T.delete}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
