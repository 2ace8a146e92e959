import { Alert, Anchor, Button, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { SUCCESS_MESSAGE_MS } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import {
  failureReason,
  previewDeletion,
  useChangeRole,
  useDeleteUsers,
  usePersonAction,
  type TPersonAction,
} from '../api';

const DELETE_PREVIEW_KEY = ['admin', 'delete-preview'] as const;

const T = MESSAGES.admin;

/** What the admin asked for: delete some people, or promote / demote one, or an account action. */
export type TPendingChange =
  | { kind: 'delete'; ids: string[] }
  | { kind: 'promote' | 'demote' | TPersonAction; id: string; name: string };

const R = MESSAGES.roster;

/** The question each account action (issue 29) asks before it runs. */
function confirmText(kind: TPersonAction, name: string): string {
  switch (kind) {
    case 'resend':
      return R.confirmResend(name);
    case 'reset':
      return R.confirmReset(name);
    case 'deactivate':
      return R.confirmDeactivate(name);
    case 'reactivate':
      return R.confirmReactivate(name);
  }
}

const ACTION_TITLES: Record<TPersonAction, string> = {
  resend: R.resend,
  reset: R.resetPassword,
  deactivate: R.deactivate,
  reactivate: R.reactivate,
};

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
  const personAction = usePersonAction();
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
  const busy = deletion.isPending || roleChange.isPending || personAction.isPending;

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
    if (pending.kind !== 'promote' && pending.kind !== 'demote') {
      personAction.mutate(
        { userId: pending.id, action: pending.kind },
        {
          onSuccess: (message) => {
            toast('green', message);
            onDone();
          },
          onError: (error) => toast('red', R.actionFailed(failureReason(error))),
          onSettled: onClose,
        },
      );
      return;
    }
    const change = pending.kind;
    roleChange.mutate(
      { userId: pending.id, change },
      {
        onSuccess: () => {
          toast('green', change === 'promote' ? T.userPromoted : T.userDemoted);
          onDone();
        },
        onError: (error) =>
          toast(
            'red',
            (change === 'promote' ? T.promoteFailed : T.demoteFailed)(failureReason(error)),
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
        {shown.kind === 'promote'
          ? T.confirmPromote(shown.name)
          : shown.kind === 'demote'
            ? T.confirmDemote(shown.name)
            : confirmText(shown.kind, shown.name)}
      </Text>
    );
  }

  const title =
    shown?.kind === 'delete'
      ? T.confirmDeleteTitle(shown.ids.length)
      : shown?.kind === 'promote'
        ? T.promote
        : shown?.kind === 'demote' || !shown
          ? T.demote
          : ACTION_TITLES[shown.kind];
  const danger = shown?.kind === 'delete' || shown?.kind === 'deactivate';

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
            color={danger ? 'red' : undefined}
            onClick={confirm}
            loading={busy}
            disabled={!canConfirm}
          >
            {shown?.kind === 'delete'
              ? T.delete
              : shown?.kind === 'deactivate'
                ? R.deactivate
                : T.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
