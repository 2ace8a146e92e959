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
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  ZCreateLtiPlatformRequest,
  type TCreateLtiPlatformRequest,
  type TLtiPlatform,
} from '@stem/contract/lti';
import { LTI_MESSAGES } from '@stem/contract/messages-lti';
import { LoadError } from '../../../components/load-error';
import { LoadingLine } from '../../../components/loading-line';
import { usePageTitle } from '../../../components/use-page-title';
import { describeError } from '../../../lib/http';
import { createPlatform, listPlatforms, removePlatform } from '../api';
import { linesOf, PlatformEditDialog } from '../components/platform-edit-dialog';
import { RegistrationLinks } from '../components/registration-links';
import { SchoolSelect } from '../components/school-select';

const T = LTI_MESSAGES.platforms;
const QUERY_KEY = ['lti-platforms'];

type TForm = Omit<TCreateLtiPlatformRequest, 'deploymentIds' | 'schoolId' | 'frameOrigins'> & {
  schoolId: string | null;
  deploymentIds: string;
  frameOrigins: string;
};
const EMPTY: TForm = {
  name: '',
  schoolId: null,
  issuer: '',
  clientId: '',
  authLoginUrl: '',
  accessTokenUrl: '',
  jwksUrl: '',
  deploymentIds: '',
  frameOrigins: '',
};
const TEXT_FIELDS = [
  ['issuer', T.issuer, 'https://canvas.instructure.com'],
  ['clientId', T.clientId, '10000000000001'],
  ['authLoginUrl', T.authLoginUrl, 'https://sso.canvaslms.com/api/lti/authorize_redirect'],
  ['accessTokenUrl', T.accessTokenUrl, 'https://sso.canvaslms.com/login/oauth2/token'],
  ['jwksUrl', T.keySetUrl, 'https://sso.canvaslms.com/api/lti/security/jwks'],
] as const;

/**
 * The owner's LMS registrations (issue 29, LTI 1.3): the tool's addresses to give each LMS, the
 * platforms registered (each for one school) with their changes and removal, a form to add one, and
 * registration links with which an LMS registers itself (LTI Dynamic Registration).
 */
export default function LtiPlatformsPage() {
  usePageTitle(T.title);
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: QUERY_KEY, queryFn: listPlatforms });
  const [editing, setEditing] = useState<TLtiPlatform | null>(null);
  const [form, setForm] = useState<TForm>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  const add = useMutation({
    mutationFn: createPlatform,
    onSuccess: (reply) => {
      setNotice({ kind: 'success', text: reply.message });
      setForm(EMPTY);
      void queryClient.invalidateQueries({ queryKey: QUERY_KEY });
    },
    onError: (error) => setNotice({ kind: 'error', text: describeError(error) }),
  });
  const remove = useMutation({
    mutationFn: removePlatform,
    onSuccess: (reply) => {
      setNotice({ kind: 'success', text: reply.message });
      void queryClient.invalidateQueries({ queryKey: QUERY_KEY });
    },
    onError: (error) => setNotice({ kind: 'error', text: describeError(error) }),
  });

  const submit = () => {
    const parsed = ZCreateLtiPlatformRequest.safeParse({
      ...form,
      schoolId: form.schoolId ?? '',
      deploymentIds: linesOf(form.deploymentIds),
      frameOrigins: linesOf(form.frameOrigins),
    });
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
    add.mutate(parsed.data);
  };

  if (list.isPending) return <LoadingLine>{T.title}</LoadingLine>;
  if (list.isError) {
    return (
      <LoadError
        message={T.loadFailed}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  }
  const { tool, platforms } = list.data;
  const settings = [
    [T.loginUrl, tool.loginUrl],
    [T.launchUrl, tool.launchUrl],
    [T.deepLinkUrl, tool.deepLinkUrl],
    [T.jwksUrl, tool.jwksUrl],
  ] as const;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{T.title}</Title>
        <Text c="dimmed" mt={4}>
          {T.help}
        </Text>
      </div>
      {notice && (
        <Alert color={notice.kind === 'error' ? 'red' : 'teal'} role="status">
          {notice.text}
        </Alert>
      )}
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="lti-tool-h">
        <Title order={2} size="h3" id="lti-tool-h" mb="sm">
          {T.toolSettings}
        </Title>
        <Stack gap="xs">
          {settings.map(([label, value]) => (
            <div key={label}>
              <Text size="sm" fw={600}>
                {label}
              </Text>
              <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                {value}
              </Code>
            </div>
          ))}
        </Stack>
      </Paper>

      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="lti-list-h">
        <Title order={2} size="h3" id="lti-list-h" mb="sm">
          {T.registered}
        </Title>
        {platforms.length === 0 ? (
          <Text c="dimmed">{T.empty}</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{T.name}</Table.Th>
                  <Table.Th>{T.school}</Table.Th>
                  <Table.Th>{T.issuer}</Table.Th>
                  <Table.Th>{T.clientId}</Table.Th>
                  <Table.Th>{T.framedBy}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{T.actions}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {platforms.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>
                      <Stack gap={4} align="flex-start">
                        <span>{p.name}</span>
                        {p.registeredByLms && (
                          <Text size="xs" c="dimmed">
                            {T.byLms}
                          </Text>
                        )}
                        {p.deploymentIds.length === 0 && (
                          <Text size="xs" c="orange.9" fw={600}>
                            {T.needsDeployment}
                          </Text>
                        )}
                      </Stack>
                    </Table.Td>
                    <Table.Td>{p.schoolName}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{p.issuer}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{p.clientId}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      <Text size="sm">{p.framedBy.join(', ')}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          aria-label={T.edit(p.name)}
                          onClick={() => setEditing(p)}
                        >
                          <IconPencil size={16} aria-hidden="true" />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={T.remove(p.name)}
                          disabled={remove.isPending}
                          onClick={() => {
                            if (window.confirm(T.removeConfirm(p.name))) remove.mutate(p.id);
                          }}
                        >
                          <IconTrash size={16} aria-hidden="true" />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>

      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="lti-add-h">
        <Title order={2} size="h3" id="lti-add-h" mb="sm">
          {T.add}
        </Title>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={T.name}
                placeholder="Canvas"
                value={form.name}
                onChange={(e) => setForm({ ...form, name: e.currentTarget.value })}
                error={errors.name}
                required
              />
              <SchoolSelect
                value={form.schoolId}
                onChange={(value) => setForm({ ...form, schoolId: value })}
                error={errors.schoolId}
              />
              {TEXT_FIELDS.map(([key, label, placeholder]) => (
                <TextInput
                  key={key}
                  label={label}
                  placeholder={placeholder}
                  value={form[key]}
                  onChange={(e) => setForm({ ...form, [key]: e.currentTarget.value })}
                  error={errors[key]}
                  required
                />
              ))}
            </SimpleGrid>
            <Textarea
              label={T.deploymentIds}
              value={form.deploymentIds}
              onChange={(e) => setForm({ ...form, deploymentIds: e.currentTarget.value })}
              error={errors.deploymentIds}
              autosize
              minRows={2}
              required
            />
            <Textarea
              label={T.frameOrigins}
              description={T.frameOriginsHelp}
              value={form.frameOrigins}
              onChange={(e) => setForm({ ...form, frameOrigins: e.currentTarget.value })}
              error={errors.frameOrigins}
              autosize
              minRows={1}
            />
            <Group>
              <Button type="submit" loading={add.isPending}>
                {T.add}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>

      <RegistrationLinks onNotice={(kind, text) => setNotice({ kind, text })} />
      <PlatformEditDialog
        platform={editing}
        onClose={() => setEditing(null)}
        onSaved={(text) => setNotice({ kind: 'success', text })}
      />
    </Stack>
  );
}
