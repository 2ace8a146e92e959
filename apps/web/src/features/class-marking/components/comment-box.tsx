import { ActionIcon, Button, Group, Kbd, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconBookmark, IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { MAX_TEACHER_FEEDBACK_LENGTH } from '@stem/contract/submissions';
import { MESSAGES } from '@stem/contract/messages';
import { describeError } from '../../../lib/http';
import { useChangeSavedComment, useSaveComment } from '../api/rubric-items';
import type { TRubricMarking } from './use-rubric-marking';
import type { TClassAnswer } from '@stem/contract/class-marking';

const R = MESSAGES.rubricItems;

/**
 * The teacher's comment on the open answer (only that student sees it), saved with the mark as it
 * stands through the review call, and the teacher's saved comments for the question beside it
 * (Gradescope's): "Use" (or Shift+its number) puts one in the box, "Save for reuse" keeps the text
 * typed, the bin deletes a saved one.
 */
export function CommentBox({
  rubric,
  answer,
  name,
  setStatus,
}: {
  rubric: TRubricMarking;
  answer: TClassAnswer | null;
  name: string;
  setStatus: (status: string) => void;
}) {
  const saveComment = useSaveComment(rubric.scope);
  const changeSaved = useChangeSavedComment(rubric.scope);
  const text = rubric.comment;
  const fail = (error: unknown) => setStatus(`${R.failed} ${describeError(error)}`);
  const markable = rubric.markable && answer !== null;
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={R.commentsHeading}>
      <Stack gap="xs">
        {markable && (
          <>
            <Textarea
              label={R.commentField}
              description={R.commentHint}
              value={text}
              onChange={(event) => rubric.setComment(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Escape') event.currentTarget.blur();
              }}
              maxLength={MAX_TEACHER_FEEDBACK_LENGTH}
              autosize
              minRows={2}
              maxRows={6}
              data-testid="class-marking-comment-input"
            />
            <Group gap="xs">
              <Button
                size="xs"
                loading={saveComment.isPending}
                disabled={text.trim() === (answer.teacherFeedback ?? '')}
                leftSection={<IconDeviceFloppy size={14} aria-hidden />}
                onClick={() =>
                  saveComment.mutate(
                    { answer, comment: text },
                    { onSuccess: () => setStatus(R.commentStored(name)), onError: fail },
                  )
                }
              >
                {R.saveComment}
              </Button>
              <Button
                size="xs"
                variant="light"
                loading={changeSaved.isPending && changeSaved.variables.kind === 'save'}
                disabled={text.trim() === ''}
                leftSection={<IconBookmark size={14} aria-hidden />}
                onClick={() =>
                  changeSaved.mutate(
                    { kind: 'save', text: text.trim() },
                    { onSuccess: () => setStatus(R.commentSaved), onError: fail },
                  )
                }
              >
                {R.saveForReuse}
              </Button>
            </Group>
          </>
        )}
        <Title order={2} size="h5">
          {R.commentsHeading}
        </Title>
        {rubric.comments.length === 0 ? (
          <Text size="sm" c="dimmed">
            {R.commentsNone}
          </Text>
        ) : (
          <Stack gap={4} data-testid="saved-comments">
            {rubric.comments.map((saved, index) => (
              <Group key={saved._id} gap="xs" wrap="nowrap" align="flex-start">
                {index < 9 && (
                  <Kbd size="xs" aria-hidden>
                    {index + 1}
                  </Kbd>
                )}
                <Text size="sm" style={{ flex: 1, overflowWrap: 'anywhere' }}>
                  {saved.text}
                </Text>
                <Button
                  size="compact-sm"
                  variant="light"
                  disabled={!markable}
                  onClick={() => rubric.insertComment(index)}
                  aria-label={R.pickCommentLabel(index + 1)}
                  aria-keyshortcuts={index < 9 ? `Shift+${index + 1}` : undefined}
                >
                  {R.pickComment}
                </Button>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="md"
                  aria-label={R.deleteComment}
                  onClick={() =>
                    changeSaved.mutate(
                      { kind: 'delete', id: saved._id },
                      { onSuccess: () => setStatus(R.commentDeleted), onError: fail },
                    )
                  }
                >
                  <IconTrash size={14} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
