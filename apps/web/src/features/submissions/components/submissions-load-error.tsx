import { Text } from '@mantine/core';
import { MESSAGES } from '@stem/contract/messages';
import { LoadError } from '../../../components/load-error';
import { UnexpectedFormatError } from '../api/submission-schema';

/**
 * A submissions list that failed to load: Retry for a failure that may pass, the spec's
 * unexpected-format text (and no Retry) for a reply that will not parse however often it is asked.
 */
export function SubmissionsLoadError({
  error,
  onRetry,
  retrying,
}: {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  const unexpected = error instanceof UnexpectedFormatError;
  return (
    <LoadError
      message={MESSAGES.submissions.loadFailed}
      onRetry={unexpected ? undefined : onRetry}
      retrying={retrying}
    >
      {unexpected && <Text size="sm">{MESSAGES.submissions.unexpectedFormat}</Text>}
    </LoadError>
  );
}
