import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { fillPath } from '@stem/contract/api';
import {
  ANALYTICS_MESSAGES,
  ANALYTICS_PATHS,
  type TExportScoreChoice,
} from '@stem/contract/analytics';
import { downloadCsv } from '../api/download-csv';

const T = ANALYTICS_MESSAGES;

/** "Download CSV" of a class: the best or the latest score of each student at each question. */
export function ClassCsvMenu({ classId }: { classId: string }) {
  const [busy, setBusy] = useState(false);
  const download = async (score: TExportScoreChoice) => {
    setBusy(true);
    try {
      await downloadCsv(fillPath(ANALYTICS_PATHS.classExport, { classId }), { score });
    } catch (error) {
      console.error(error);
      notifications.show({ color: 'red', message: T.exportFailed });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          loading={busy}
          leftSection={<IconDownload size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
        >
          {T.downloadCsv}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void download('best')}>{T.exportBest}</Menu.Item>
        <Menu.Item onClick={() => void download('latest')}>{T.exportLatest}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
