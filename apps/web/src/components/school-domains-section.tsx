import { ActionIcon, Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { OIDC_MESSAGES } from '@stem/contract/messages-oidc';
import { ZSchoolDomain, ZSchoolDomainsResponse } from '@stem/contract/oidc';
import { api, describeError } from '../lib/http';

const T = OIDC_MESSAGES.schoolDomains;

/**
 * A school's sign-in e-mail domains (issue 29): the admin's own school in Settings, any school on
 * the owner's School Management form. `path` is the list's API path; one domain is `path/<domain>`.
 */
export function SchoolDomainsSection({ path }: { path: string }) {
  const queryClient = useQueryClient();
  const queryKey = ['school-domains', path];
  const list = useQuery({
    queryKey,
    queryFn: async () => ZSchoolDomainsResponse.parse(await api.get<unknown>(path)),
  });
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  const change = useMutation({
    mutationFn: async (action: { kind: 'add' | 'remove'; domain: string }) =>
      ZSchoolDomainsResponse.parse(
        action.kind === 'add'
          ? await api.post<unknown>(path, { domain: action.domain })
          : await api.delete<unknown>(`${path}/${encodeURIComponent(action.domain)}`),
      ),
    onSuccess: (reply, action) => {
      queryClient.setQueryData(queryKey, reply);
      setNotice(reply.message ? { kind: 'success', text: reply.message } : null);
      if (action.kind === 'add') setValue('');
    },
    onError: (error) => setNotice({ kind: 'error', text: describeError(error) }),
  });

  const add = () => {
    const parsed = ZSchoolDomain.safeParse(value);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? T.invalid);
      return;
    }
    setFieldError(null);
    change.mutate({ kind: 'add', domain: parsed.data });
  };

  return (
    <section aria-labelledby="school-domains-title">
      <Title order={3} size="h4" id="school-domains-title" mb={4}>
        {T.title}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {T.help}
      </Text>
      <Stack gap="xs">
        {notice && (
          <Alert color={notice.kind === 'error' ? 'red' : 'teal'} role="status">
            {notice.text}
          </Alert>
        )}
        {list.isError && (
          <Alert color="red" role="alert">
            {T.loadFailed}
          </Alert>
        )}
        {list.isSuccess && list.data.domains.length === 0 && (
          <Text size="sm" c="dimmed">
            {T.empty}
          </Text>
        )}
        {list.data?.domains.map(({ domain }) => (
          <Group key={domain} justify="space-between" wrap="nowrap">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {domain}
            </Text>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={T.remove(domain)}
              disabled={change.isPending}
              onClick={() => change.mutate({ kind: 'remove', domain })}
            >
              <IconTrash size={16} aria-hidden="true" />
            </ActionIcon>
          </Group>
        ))}
        {/* No <form>: the owner's School Management form holds this section. */}
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            label={T.label}
            placeholder={T.placeholder}
            value={value}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setFieldError(null);
            }}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              add();
            }}
            error={fieldError}
            style={{ flex: 1 }}
          />
          <Button type="button" mt={24} loading={change.isPending && value !== ''} onClick={add}>
            {T.add}
          </Button>
        </Group>
      </Stack>
    </section>
  );
}
