import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  ACCOUNT_PATHS,
  type TAccountExport,
  type TDeleteAccountResponse,
} from '@stem/contract/account';
import { MESSAGES } from '@stem/contract/messages';
import type { TRole } from '@stem/contract/roles';
import { api, serverMessageOf, statusOf } from '../../lib/http';
import { clearSession } from '../../lib/session';

const T = MESSAGES.account;

/** Saves a JSON document through the browser's own download (no new tab, nothing kept). */
function saveJson(data: TAccountExport): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `stem-at-home-data-${data.exportedAt.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/**
 * The Settings popup's "Your data" section: a person's rights under the privacy notice (spec 01 §9):
 * a copy of their data, and, for students and teachers, deleting their account at once.
 */
export function YourDataSection({ role }: { role: TRole }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const canDelete = role === 'student' || role === 'teacher';

  const download = async () => {
    setDownloading(true);
    setDownloadError(null);
    try {
      saveJson(await api.get<TAccountExport>(ACCOUNT_PATHS.data));
    } catch {
      setDownloadError(T.downloadFailed);
    } finally {
      setDownloading(false);
    }
  };

  const closeConfirm = () => {
    setConfirming(false);
    setPassword('');
    setDeleteError(null);
  };

  const confirmDelete = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setDeleteError(T.wrongPassword);
      return;
    }
    setDeleting(true);
    setDeleteError(null);
    try {
      await api.post<TDeleteAccountResponse>(ACCOUNT_PATHS.delete, { password });
      // Nothing of the deleted account stays in this tab's cache for the next person to sign in.
      queryClient.clear();
      // The session goes without telling this tab's guards: told, the signed-in guard redirected to
      // /login itself before this navigation landed, and the message was lost. /login reads the
      // cleared session as it opens; other tabs hear of it from the browser's storage event.
      clearSession({ notify: false });
      void navigate('/login', { replace: true, state: { message: T.deleted } });
    } catch (error) {
      const status = statusOf(error);
      const message = serverMessageOf(error);
      setDeleteError(status && status >= 400 && status < 500 && message ? message : T.deleteFailed);
    } finally {
      setDeleting(false);
    }
  };

  return (
    <section aria-labelledby="settings-your-data">
      <Title order={3} size="h4" id="settings-your-data" mb="xs">
        {T.heading}
      </Title>
      <Stack gap="sm">
        <Text size="sm">{canDelete ? T.intro : T.introDownloadOnly}</Text>
        {!canDelete && (
          <Text size="sm" c="dimmed">
            {role === 'owner' ? T.ownerAccount : T.adminAccount}
          </Text>
        )}
        <Group gap="sm">
          <Button variant="light" onClick={() => void download()} loading={downloading}>
            {T.download}
          </Button>
          {canDelete && (
            <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
              {T.deleteButton}
            </Button>
          )}
        </Group>
        {downloadError && (
          <Alert color="red" role="alert">
            {downloadError}
          </Alert>
        )}
      </Stack>
      <Modal opened={confirming} onClose={closeConfirm} title={T.deleteTitle} centered>
        <form onSubmit={(e) => void confirmDelete(e)}>
          <Stack gap="md">
            <Text size="sm">{role === 'teacher' ? T.deleteWarningTeacher : T.deleteWarning}</Text>
            <PasswordInput
              label={T.passwordLabel}
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              autoComplete="current-password"
              data-autofocus
            />
            {deleteError && (
              <Alert color="red" role="alert">
                {deleteError}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={closeConfirm} disabled={deleting}>
                {T.cancel}
              </Button>
              <Button type="submit" color="red" loading={deleting}>
                {T.confirmDelete}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </section>
  );
}
