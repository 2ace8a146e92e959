import { Alert, Anchor, Button, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { SUCCESS_MESSAGE_MS } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import { failureReason, previewDeletion, useChangeRole, useDeleteUsers } from '../api';

const DELETE_PREVIEW_KEY = ['admin', 'delete-preview'] as const;

const T = MESSAGES.admin;

/** What the admin asked for: delete some people, or promote / demote one. */
export type TPendingChange =
  { kind: 'delete'; ids: string[] } | { kind: 'promote' | 'demote'; id: string; name: string };

/**
 * The confirmation of a change (spec 02 §8 Admin toasts). Deleting first asks the server what would
 * go (people, submissions, class places) and says so. A teacher who still teaches classes or owns
 * questions would be refused: the dialog says so up front, with what to do and a link to their
 * classes, and Delete stays off. "Failed to delete user: …" appears only when a deletion that was
 * tried fails.
 */
export function UserChangeDialog({
  pending,
  onClose,
  onDone,
}: {
  pending: TPendingChange | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const deletion = useDeleteUsers();
  const roleChange = useChangeRole();
  // The modal fades out after `pending` is cleared: it keeps showing the change it was opened for
  // (it showed "Demote" and an empty body while closing).
  const [shown, setShown] = useState(pending);
  if (pending !== null && pending !== shown) setShown(pending);
  const ids = shown?.kind === 'delete' ? shown.ids : [];
  const preview = useQuery({
    // Not under USERS_KEY: a deletion invalidates the lists, and asking again what deleting these
    // (now deleted) people would remove answered 404.
    queryKey: [...DELETE_PREVIEW_KEY, ids],
    queryFn: () => previewDeletion(ids),
    enabled: pending !== null && ids.length > 0,
    retry: false,
    gcTime: 0,
  });
  const busy = deletion.isPending || roleChange.isPending;

  const toast = (color: 'green' | 'red', message: string) =>
    notifications.show({ color, message, autoClose: SUCCESS_MESSAGE_MS });

  const confirm = () => {
    if (!pending) return;
    if (pending.kind === 'delete') {
      deletion.mutate(pending.ids, {
        onSuccess: () => {
          toast('green', T.userDeleted);
          onDone();
        },
        onError: (error) => toast('red', T.deleteFailed(failureReason(error))),
        onSettled: onClose,
      });
      return;
    }
    roleChange.mutate(
      { userId: pending.id, change: pending.kind },
      {
        onSuccess: () => {
          toast('green', pending.kind === 'promote' ? T.userPromoted : T.userDemoted);
          onDone();
        },
        onError: (error) =>
          toast(
            'red',
            (pending.kind === 'promote' ? T.promoteFailed : T.demoteFailed)(failureReason(error)),
          ),
        onSettled: onClose,
      },
    );
  };

  let body;
  let canConfirm = true;
  if (shown?.kind === 'delete') {
    if (preview.isPending) {
      canConfirm = false;
      body = (
        <Group gap="xs">
          <Loader size="xs" />
          <Text>{T.confirmDeleteCounting}</Text>
        </Group>
      );
    } else if (preview.isError) {
      canConfirm = false;
      body = (
        <Alert color="red" role="alert">
          {T.deletePreviewFailed(failureReason(preview.error))}
        </Alert>
      );
    } else if (preview.data.blocked.length > 0) {
      canConfirm = false;
      const { blocked } = preview.data;
      body = (
        <Alert color="yellow" title={T.deleteBlockedTitle(blocked.length)}>
          <Stack gap="xs">
            <List size="sm" spacing={4}>
              {blocked.map((teacher) => (
                <List.Item key={teacher.id}>
                  {T.deleteBlockedTeacher(teacher.name, teacher.classes, teacher.questions)}
                  {teacher.classes > 0 && (
                    <>
                      {' '}
                      <Anchor component={Link} to={`/all-classes?teacher=${teacher.id}`} size="sm">
                        {T.teacherClassesLink(teacher.name)}
                      </Anchor>
                    </>
                  )}
                </List.Item>
              ))}
            </List>
            <Text size="sm">{T.deleteBlockedHelp}</Text>
          </Stack>
        </Alert>
      );
    } else {
      const c = preview.data;
      body = <Text>{T.confirmDeleteBody(c.users, c.submissions, c.enrolments)}</Text>;
    }
  } else if (shown) {
    body = (
      <Text>
        {shown.kind === 'promote' ? T.confirmPromote(shown.name) : T.confirmDemote(shown.name)}
      </Text>
    );
  }

  const title =
    shown?.kind === 'delete'
      ? T.confirmDeleteTitle(shown.ids.length)
      : shown?.kind === 'promote'
        ? T.promote
        : T.demote;

  return (
    <Modal
      opened={pending !== null}
      onClose={() => (busy ? undefined : onClose())}
      title={title}
      centered
    >
      <Stack>
        {body}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {T.cancel}
          </Button>
          <Button
            color={shown?.kind === 'delete' ? 'red' : undefined}
            onClick={confirm}
            loading={busy}
            disabled={!canConfirm}
          >
            {shown?.kind === 'delete' ? T.delete : T.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
