import { Alert, Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { SCAN_MESSAGES } from '@stem/contract/scans';
import { uploadErrorText } from '../../upload-work/api/submit-for-student';
import { useReplacePage } from '../api/scans';

const T = SCAN_MESSAGES;
const ACCEPT = 'application/pdf,image/jpeg,image/png,image/tiff';

type TProps = {
  batchId: string;
  pageId: string;
  /** The page's place in the stack ("Page 3 of 30"), named in the file input's accessible name. */
  place: string;
  /** Nothing is sent while another action on the page runs, or while its answer is being marked. */
  disabled?: boolean;
  /**
   * What the page says of its re-scans as it stands ("Replaced an earlier scan of this page…"),
   * under the control; not said twice when the re-scan just sent said the same.
   */
  note?: string | undefined;
};

/**
 * "Replace with re-scan" (issue 28), on a page that needs the teacher and on each answer read: the
 * teacher picks a new scan of the page (an image, or a PDF of one page) and sends it; what the
 * server did with it (replaced, the same text, an earlier answer replaced) shows as a status, a
 * refusal (a blank or unclear re-scan, another sheet) as an alert. Picking another file clears both.
 * While it is sent and read, the page's other actions wait (see useRescanPending).
 */
export function ReplaceWithRescan({ batchId, pageId, place, disabled = false, note }: TProps) {
  const [file, setFile] = useState<File | null>(null);
  const replace = useReplacePage(batchId, pageId);
  return (
    <Stack gap="xs">
      <Group align="flex-end" wrap="wrap">
        <FileInput
          label={T.replaceLabel}
          accept={ACCEPT}
          value={file}
          onChange={(chosen) => {
            setFile(chosen);
            replace.reset();
          }}
          disabled={replace.isPending}
          clearable
          leftSection={<IconUpload size={16} aria-hidden />}
          w={{ base: '100%', sm: 260 }}
          aria-label={`${T.replaceLabel}: ${place}`}
        />
        <Button
          variant="default"
          disabled={disabled || replace.isPending || !file}
          loading={replace.isPending}
          onClick={() => {
            if (file) replace.mutate(file, { onSuccess: () => setFile(null) });
          }}
        >
          {T.replace}
        </Button>
      </Group>
      {note && !(replace.isSuccess && replace.data.message === note) && (
        <Text size="sm" c="dimmed">
          {note}
        </Text>
      )}
      {replace.isSuccess && (
        <Text size="sm" role="status">
          {replace.data.message}
        </Text>
      )}
      {replace.isError && (
        <Alert color="red" role="alert">
          {uploadErrorText(replace.error)}
        </Alert>
      )}
    </Stack>
  );
}
