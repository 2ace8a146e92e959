import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { SUCCESS_MESSAGE_MS } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import { ROSTER_ROLES, ZInviteRequest, type TRosterRole } from '@stem/contract/roster';
import { failureReason, useClassChoices, useInvitePerson } from '../api';

const R = MESSAGES.roster;
const I = R.invite;
/** The class choice asks the server once typing pauses this long. */
const CLASS_SEARCH_DEBOUNCE_MS = 250;

type TFieldErrors = Partial<Record<'name' | 'email', string>>;

/**
 * "Invite person" (issue 29): name, e-mail, role, a class for a student, a year group. The server
 * makes the account without a password and mails the invitation (7 days, once).
 */
export function InviteDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TRosterRole>('student');
  const [classId, setClassId] = useState<string | null>(null);
  const [yearGroup, setYearGroup] = useState('');
  const [fieldErrors, setFieldErrors] = useState<TFieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const invite = useInvitePerson();
  const [classSearch, setClassSearch] = useState('');
  const [classQuery] = useDebouncedValue(classSearch, CLASS_SEARCH_DEBOUNCE_MS);
  const classes = useClassChoices(opened && role === 'student', classQuery);

  const close = () => {
    if (invite.isPending) return;
    setName('');
    setEmail('');
    setRole('student');
    setClassId(null);
    setClassSearch('');
    setYearGroup('');
    setFieldErrors({});
    setError(null);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      name,
      email,
      role,
      classId: role === 'student' ? classId : null,
      ...(yearGroup.trim() ? { yearGroup } : {}),
    };
    const parsed = ZInviteRequest.safeParse(input);
    if (!parsed.success) {
      const errors: TFieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'name' || field === 'email') errors[field] ??= issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setError(null);
    invite.mutate(parsed.data, {
      onSuccess: (reply) => {
        notifications.show({
          color: 'green',
          message: reply.message,
          autoClose: SUCCESS_MESSAGE_MS,
        });
        close();
      },
      onError: (failure) => setError(I.failed(failureReason(failure))),
    });
  };

  return (
    <Modal opened={opened} onClose={close} title={I.title} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label={I.nameLabel}
            required
            value={name}
            maxLength={120}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setFieldErrors((f) => ({ ...f, name: undefined }));
            }}
            error={fieldErrors.name}
          />
          <TextInput
            label={I.emailLabel}
            type="email"
            required
            value={email}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              setFieldErrors((f) => ({ ...f, email: undefined }));
            }}
            error={fieldErrors.email}
          />
          <Select
            label={I.roleLabel}
            value={role}
            allowDeselect={false}
            onChange={(value) => setRole(value === 'teacher' ? 'teacher' : 'student')}
            data={ROSTER_ROLES.map((r) => ({ value: r, label: MESSAGES.admin.roleLabels[r] }))}
          />
          {role === 'student' && (
            <Select
              label={I.classLabel}
              placeholder={I.classNone}
              value={classId}
              onChange={setClassId}
              data={classes.data ?? []}
              searchValue={classSearch}
              onSearchChange={setClassSearch}
              nothingFoundMessage={I.classNotFound}
              searchable
              clearable
            />
          )}
          <TextInput
            label={I.yearGroupLabel}
            value={yearGroup}
            maxLength={40}
            onChange={(e) => setYearGroup(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={invite.isPending}>
              {R.cancel}
            </Button>
            <Button type="submit" loading={invite.isPending}>
              {I.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
