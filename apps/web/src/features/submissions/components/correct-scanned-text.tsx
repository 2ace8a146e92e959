import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { MESSAGES } from '@stem/contract/messages';
import { uploadErrorText } from '../../upload-work/api/submit-for-student';
import { useCorrectAnswerText } from '../api/review';

const R = MESSAGES.review;

type TProps = {
  submissionId: string;
  answerId: string;
  /** The text now (as read, or as corrected before). */
  text: string;
  /** What the text box is of ("Page 3 of 30", "Question 2"), for its accessible name. */
  place: string;
  /** The answer is being marked: nothing to correct until it is. */
  disabled?: boolean;
};

/**
 * The text read from a scanned answer, editable beside its scan (issue 28): "Save and re-mark" sends
 * the teacher's reading, and the answer is marked again under its rubric.
 */
export function CorrectScannedText({ submissionId, answerId, text, place, disabled }: TProps) {
  const [value, setValue] = useState(text);
  const [seen, setSeen] = useState(text);
  const correct = useCorrectAnswerText();
  // A new text from the server (the re-mark done, another tab) replaces an unedited box.
  if (text !== seen) {
    setSeen(text);
    if (value === seen) setValue(text);
  }
  const unchanged = value.trim() === text.trim();
  // "Corrected" while the text is the one the teacher sent: not once a re-scan has replaced it.
  const corrected = correct.isSuccess && unchanged && correct.variables.text.trim() === text.trim();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!unchanged) correct.mutate({ submissionId, answerId, text: value });
      }}
    >
      <Stack gap="xs">
        <Textarea
          label={R.correctTextLabel}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          autosize
          minRows={3}
          maxRows={12}
          aria-label={`${R.correctTextLabel}: ${place}`}
        />
        <Group gap="sm">
          <Button
            type="submit"
            size="sm"
            variant="light"
            disabled={disabled || unchanged || value.trim() === ''}
            loading={correct.isPending}
          >
            {R.correctText}
          </Button>
          {corrected && (
            <Text size="sm" role="status">
              {correct.data.message}
            </Text>
          )}
        </Group>
        {correct.isError && (
          <Alert color="red" role="alert">
            {uploadErrorText(correct.error)}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
