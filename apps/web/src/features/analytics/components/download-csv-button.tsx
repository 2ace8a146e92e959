import { Button, type ButtonProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { ANALYTICS_MESSAGES } from '@stem/contract/analytics';
import { downloadCsv } from '../api/download-csv';

const T = ANALYTICS_MESSAGES;

/** A button that downloads a CSV from the API, with a busy state and an error notice. */
export function DownloadCsvButton({
  path,
  params,
  label = T.downloadCsv,
  ...buttonProps
}: {
  path: string;
  params?: Record<string, unknown>;
  label?: string;
} & ButtonProps) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadCsv(path, params);
    } catch (error) {
      console.error(error);
      notifications.show({ color: 'red', message: T.exportFailed });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={busy}
      onClick={() => void download()}
      {...buttonProps}
    >
      {label}
    </Button>
  );
}
