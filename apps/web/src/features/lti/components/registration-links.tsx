import {
  ActionIcon,
  Alert,
  Button,
  Code,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconCopy, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ZCreateLtiRegistrationLinkRequest, type TLtiRegistrationLink } from '@stem/contract/lti';
import { MESSAGES } from '@stem/contract/messages';
import { LTI_MESSAGES } from '@stem/contract/messages-lti';
import { formatDateTime } from '../../../lib/dates';
import { describeError } from '../../../lib/http';
import { createRegistrationLink, listRegistrationLinks, removeRegistrationLink } from '../api';
import { SchoolSelect } from './school-select';

const T = LTI_MESSAGES.platforms;
const QUERY_KEY = ['lti-registration-links'];

function statusOf(link: TLtiRegistrationLink): string {
  if (link.status === 'used') return T.linkUsed(link.platformName ?? link.name);
  if (link.status === 'expired') return T.linkExpired;
  return T.linkWaiting(formatDateTime(link.expiresAt));
}

/**
 * LTI Dynamic Registration with the owner's consent (issue 29): the owner makes a single-use link
 * (1 hour) for one school and gives it to the LMS admin, who pastes it into the LMS; the LMS then
 * registers itself. The link's address is shown once, right after it is made.
 */
export function RegistrationLinks({
  onNotice,
}: {
  onNotice: (kind: 'success' | 'error', message: string) => void;
}) {
  const queryClient = useQueryClient();
  const links = useQuery({ queryKey: QUERY_KEY, queryFn: listRegistrationLinks });
  const [name, setName] = useState('');
  const [schoolId, setSchoolId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [made, setMade] = useState<string | null>(null);
  const [copied, setCopied] = useState<boolean | null>(null);

  const create = useMutation({
    mutationFn: createRegistrationLink,
    onSuccess: (reply) => {
      setMade(reply.url);
      setCopied(null);
      setName('');
      void queryClient.invalidateQueries({ queryKey: QUERY_KEY });
    },
  });
  const remove = useMutation({
    mutationFn: removeRegistrationLink,
    onSuccess: (reply) => {
      onNotice('success', reply.message);
      void queryClient.invalidateQueries({ queryKey: QUERY_KEY });
    },
    onError: (error) => onNotice('error', describeError(error)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZCreateLtiRegistrationLinkRequest.safeParse({ name, schoolId: schoolId ?? '' });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '');
        found[key] ??= key === 'schoolId' ? T.schoolNotFound : issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    create.mutate(parsed.data);
  };

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="lti-links-h">
      <Title order={2} size="h3" id="lti-links-h" mb={4}>
        {T.linksTitle}
      </Title>
      <Text c="dimmed" size="sm" mb="sm">
        {T.linksHelp}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={T.linkName}
              placeholder="Canvas"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={errors.name}
              required
            />
            <SchoolSelect value={schoolId} onChange={setSchoolId} error={errors.schoolId} />
          </SimpleGrid>
          {create.isError && (
            <Alert color="red" role="alert">
              {describeError(create.error)}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={create.isPending}>
              {T.makeLink}
            </Button>
          </Group>
        </Stack>
      </form>
      {made && (
        <Alert color="teal" role="status" mt="md" title={T.linkMade}>
          <Stack gap="xs">
            <Text size="sm" fw={600} id="lti-link-url">
              {T.linkUrl}
            </Text>
            <Code
              block
              aria-labelledby="lti-link-url"
              style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap', userSelect: 'all' }}
            >
              {made}
            </Code>
            <Group gap="sm">
              <Button
                size="xs"
                variant="light"
                leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                onClick={() => void copy(made)}
              >
                {copied ? T.copied : T.copy}
              </Button>
              {copied === false && (
                <Text size="sm" c="red" role="alert">
                  {MESSAGES.settings.copyFailed}
                </Text>
              )}
            </Group>
          </Stack>
        </Alert>
      )}
      <Title order={3} size="h4" mt="lg" mb="xs">
        {T.links}
      </Title>
      {links.isSuccess && links.data.links.length === 0 && <Text c="dimmed">{T.linksEmpty}</Text>}
      {links.isSuccess && links.data.links.length > 0 && (
        <Table.ScrollContainer minWidth={480}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{T.name}</Table.Th>
                <Table.Th>{T.school}</Table.Th>
                <Table.Th>{T.linkStatus}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{T.actions}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {links.data.links.map((link) => (
                <Table.Tr key={link.id}>
                  <Table.Td>{link.name}</Table.Td>
                  <Table.Td>{link.schoolName}</Table.Td>
                  <Table.Td>{statusOf(link)}</Table.Td>
                  <Table.Td>
                    {link.status === 'waiting' && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={T.revokeLink(link.name)}
                        disabled={remove.isPending}
                        onClick={() => remove.mutate(link.id)}
                      >
                        <IconTrash size={16} aria-hidden="true" />
                      </ActionIcon>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
