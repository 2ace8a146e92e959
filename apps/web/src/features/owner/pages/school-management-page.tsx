import {
  Alert,
  Avatar,
  Badge,
  Button,
  CloseButton,
  Code,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSchool, IconSearch } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { describeAuditEntry } from '@stem/contract/audit';
import { MESSAGES } from '@stem/contract/messages';
import type { TSchool } from '@stem/contract/owner';
import { formatSchoolCode, generateSchoolCode } from '@stem/contract/school-code';
import { LoadError } from '../../../components/load-error';
import { LoadMore } from '../../../components/paged-list/load-more';
import { usePageTitle } from '../../../components/use-page-title';
import { daysRemaining, formatDateTime, formatLongDate } from '../../../lib/dates';
import { serverMessageOf, statusOf } from '../../../lib/http';
import { usePagedList } from '../../../lib/paged-list';
import * as ownerApi from '../api';
import { fillPath } from '@stem/contract/api';
import { SchoolForm } from '../components/school-form';
import { SchoolDomainsSection } from '../../../components/school-domains-section';
import { SCHOOL_DOMAIN_PATHS } from '@stem/contract/oidc';
import { EMPTY_SCHOOL_FORM, runAddSchool, type TSchoolFormValues } from '../school-flow';

const M = MESSAGES.owner;
/** Success messages clear after 3 seconds (spec 01 §9, spec 02 §4). */
const SUCCESS_MS = 3000;

type TOpen =
  | { kind: 'add' }
  | { kind: 'edit'; school: TSchool }
  | { kind: 'deactivate'; school: TSchool }
  | { kind: 'delete'; school: TSchool }
  | null;

function RecentChanges({ schoolId }: { schoolId: string }) {
  const query = useQuery({
    queryKey: ['owner', 'school', schoolId],
    queryFn: () => ownerApi.getSchool(schoolId),
  });
  const changes = query.data?.recentChanges ?? [];
  return (
    <Stack gap={4} mt="sm" aria-label="Recent changes">
      <Text fw={600} size="sm">
        Recent changes
      </Text>
      {query.isPending && (
        <Text size="sm" c="dimmed">
          Loading...
        </Text>
      )}
      {query.isSuccess && changes.length === 0 && (
        <Text size="sm" c="dimmed">
          No changes recorded yet.
        </Text>
      )}
      {changes.map((change) => (
        <Text size="sm" key={change._id}>
          {formatDateTime(change.createdAt)}: {describeAuditEntry(change)}
        </Text>
      ))}
    </Stack>
  );
}

/** A trial past its end date: it still reads as Active (the owner did not deactivate it). */
function trialEnded(school: TSchool): boolean {
  return school.isTrial && daysRemaining(school.trialExpiresAt) === 0;
}

function SchoolCard({
  school,
  onEdit,
  onDeactivate,
  onDelete,
}: {
  school: TSchool;
  onEdit: () => void;
  onDeactivate: () => void;
  onDelete: () => void;
}) {
  return (
    <Paper withBorder radius="md" p="md" data-testid="school-card" aria-label={school.name}>
      <Stack gap="xs" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Avatar src={school.imageUrl} alt={`${school.name} logo`} radius="md" size={48}>
            <IconSchool aria-hidden />
          </Avatar>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap={6}>
              <Badge color={school.active ? 'green' : 'gray'} variant="light">
                {school.active ? 'Active' : 'Inactive'}
              </Badge>
              {school.isTrial && (
                <Badge color="orange" variant="light">
                  Trial
                </Badge>
              )}
              {trialEnded(school) && (
                <Badge color="red" variant="light">
                  Expired
                </Badge>
              )}
            </Group>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {school.name}
            </Text>
          </Stack>
        </Group>
        <Text size="sm">
          Code: <Code>{formatSchoolCode(school.code)}</Code>
        </Text>
        <Text size="sm" c="dimmed">
          Created: {formatDateTime(school.createdAt)}
        </Text>
        {school.isTrial && (
          <Text size="sm" c="dimmed">
            Expires: {formatLongDate(school.trialExpiresAt)}
          </Text>
        )}
        <Group gap="xs" mt="auto">
          <Button size="xs" variant="light" onClick={onEdit}>
            Edit
          </Button>
          {school.active ? (
            <Button size="xs" variant="light" color="orange" onClick={onDeactivate}>
              Deactivate
            </Button>
          ) : (
            <Button size="xs" variant="light" color="red" onClick={onDelete}>
              Delete
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

function Section({
  title,
  schools,
  render,
}: {
  title: string;
  schools: TSchool[];
  render: (school: TSchool) => ReactNode;
}) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} size="h3">
        {title} ({schools.length})
      </Title>
      {schools.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {schools.map(render)}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** /school-management (spec 02 §2 Owner): every school, its forms and its dialogs. */
export default function SchoolManagementPage() {
  usePageTitle('School Management · STEM@Home');
  const client = useQueryClient();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [includeInactive, setIncludeInactive] = useState(false);
  const [showTrial, setShowTrial] = useState(true);
  const [open, setOpen] = useState<TOpen>(null);
  // A new key for each opening: cancel or reopen starts from a fresh form.
  const [formKey, setFormKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [teacherLogin, setTeacherLogin] = useState<{ email: string; password: string } | null>(
    null,
  );

  useEffect(() => {
    if (!success) return undefined;
    const timer = setTimeout(() => setSuccess(null), SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [success]);

  const filter = { includeInactive, search: debounced.trim() };
  const list = usePagedList({
    queryKey: ['owner', 'schools', filter],
    fetchPage: async (cursor) => {
      const body = await ownerApi.listSchools(filter, cursor);
      return { items: body.data, page: body.page, extra: null };
    },
  });

  const openPanel = (next: TOpen) => {
    setFailure(null);
    setFormKey((k) => k + 1);
    setOpen(next);
  };
  const close = () => {
    setOpen(null);
    setFailure(null);
  };
  const refresh = () => client.invalidateQueries({ queryKey: ['owner'] });

  const addSchool = async (values: TSchoolFormValues) => {
    setBusy(true);
    setFailure(null);
    const outcome = await runAddSchool(ownerApi, values);
    setBusy(false);
    if (outcome.schoolCreated) void refresh();
    if (outcome.ok) {
      setOpen(null);
      setSuccess(outcome.message);
      setTeacherLogin(outcome.defaultTeacher ?? null);
    } else {
      setFailure(outcome.message);
      // The school exists: another submit would only say its code is taken. Close the form.
      if (outcome.schoolCreated) setOpen(null);
    }
  };

  const editSchool = async (school: TSchool, values: TSchoolFormValues) => {
    setBusy(true);
    setFailure(null);
    try {
      let imageUrl: string | undefined;
      if (values.logo) {
        try {
          imageUrl = await ownerApi.uploadLogo(values.logo);
        } catch {
          setFailure(M.logoUploadFailed);
          return;
        }
      }
      await ownerApi.updateSchool(school.code, {
        code: school.code,
        name: values.name.trim(),
        active: values.active,
        ...(imageUrl ? { imageUrl } : {}),
      });
      setOpen(null);
      setSuccess(M.updated);
      void refresh();
    } catch (error) {
      setFailure(serverMessageOf(error) ?? M.updateFailed);
    } finally {
      setBusy(false);
    }
  };

  const deactivate = async (school: TSchool) => {
    setBusy(true);
    try {
      await ownerApi.updateSchool(school.code, { active: false });
      setOpen(null);
      setSuccess(M.deactivated);
      void refresh();
    } catch (error) {
      setOpen(null);
      setFailure(serverMessageOf(error) ?? M.deactivateFailed);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (school: TSchool) => {
    setBusy(true);
    try {
      await ownerApi.deleteSchool(school.code);
      setOpen(null);
      setSuccess(M.deleted);
      void refresh();
    } catch (error) {
      setOpen(null);
      const message = serverMessageOf(error);
      setFailure(
        statusOf(error) === 400 && message?.includes('users')
          ? M.deleteHasUsers
          : (message ?? M.deleteFailed),
      );
    } finally {
      setBusy(false);
    }
  };

  const schools = list.items;
  const regular = schools.filter((s) => !s.isTrial);
  const trials = schools.filter((s) => s.isTrial);
  const matched = list.first?.page.matched ?? 0;
  const card = (school: TSchool) => (
    <SchoolCard
      key={school._id}
      school={school}
      onEdit={() => openPanel({ kind: 'edit', school })}
      onDeactivate={() => openPanel({ kind: 'deactivate', school })}
      onDelete={() => openPanel({ kind: 'delete', school })}
    />
  );

  const dialog = open?.kind === 'deactivate' || open?.kind === 'delete' ? open : null;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={1}>School Management</Title>
          <Text c="dimmed" data-testid="school-count">
            {list.isSuccess ? `${matched} ${matched === 1 ? 'school' : 'schools'}` : ''}
          </Text>
        </div>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => openPanel({ kind: 'add' })}
          disabled={open?.kind === 'add'}
        >
          Add New School
        </Button>
      </Group>

      {success && (
        <Alert color="green" role="status">
          {success}
        </Alert>
      )}
      {teacherLogin && (
        <Alert
          color="blue"
          title="Default teacher sign-in (shown once)"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setTeacherLogin(null)}
        >
          <Text size="sm">
            Email: <Code>{teacherLogin.email}</Code>
          </Text>
          <Text size="sm">
            Password: <Code data-testid="default-teacher-password">{teacherLogin.password}</Code>
          </Text>
          <Text size="sm" mt={4}>
            {M.defaultTeacherNote}
          </Text>
        </Alert>
      )}
      {failure && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}

      {open?.kind === 'add' && (
        <SchoolForm
          key={formKey}
          mode="add"
          // A valid code is offered (a new one at each opening); the owner may make another or type one.
          initial={{ ...EMPTY_SCHOOL_FORM, code: generateSchoolCode() }}
          busy={busy}
          onSubmit={(values) => void addSchool(values)}
          onCancel={close}
        />
      )}
      {open?.kind === 'edit' && (
        <SchoolForm
          key={formKey}
          mode="edit"
          initial={{
            ...EMPTY_SCHOOL_FORM,
            name: open.school.name,
            code: open.school.code,
            schoolType: open.school.schoolType,
            active: open.school.active,
          }}
          busy={busy}
          onSubmit={(values) => void editSchool(open.school, values)}
          onCancel={close}
        >
          <SchoolDomainsSection
            path={fillPath(SCHOOL_DOMAIN_PATHS.owner, { id: open.school._id })}
          />
          <RecentChanges schoolId={open.school._id} />
        </SchoolForm>
      )}

      <Group gap="md" wrap="wrap" align="center">
        <TextInput
          aria-label="Search schools"
          placeholder="Search by name or code"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          rightSection={
            search ? <CloseButton aria-label="Clear search" onClick={() => setSearch('')} /> : null
          }
          style={{ flex: '1 1 240px' }}
        />
        <Switch
          label="Show Inactive Schools"
          checked={includeInactive}
          onChange={(e) => setIncludeInactive(e.currentTarget.checked)}
        />
        <Switch
          label="Show Trial Accounts"
          checked={showTrial}
          onChange={(e) => setShowTrial(e.currentTarget.checked)}
        />
      </Group>

      {list.isPending ? (
        <Text c="dimmed">{M.loadingSchools}</Text>
      ) : list.isError && schools.length === 0 ? (
        <LoadError message={M.loadSchoolsFailed} onRetry={() => void list.refetch()} />
      ) : schools.length === 0 ? (
        <Text c="dimmed">{filter.search ? M.noMatches : M.noSchools}</Text>
      ) : (
        <Stack gap="xl">
          {/* Spec 02 §2: schools appear in the two sections; a section with none is not shown
              (a bare "Trial Accounts (0)" heading read as a list that failed to load), unless
              it is the only one left on the page. */}
          {(regular.length > 0 || !showTrial || trials.length === 0) && (
            <Section title="Regular Schools" schools={regular} render={card} />
          )}
          {showTrial && trials.length > 0 && (
            <Section title="Trial Accounts" schools={trials} render={card} />
          )}
          <LoadMore
            hasMore={Boolean(list.hasNextPage)}
            loading={list.isFetchingNextPage}
            onMore={() => void list.fetchNextPage()}
          />
        </Stack>
      )}

      <Modal
        opened={dialog !== null}
        onClose={close}
        title={dialog?.kind === 'delete' ? 'Delete School' : 'Deactivate School'}
        centered
      >
        {dialog && (
          <Stack gap="md">
            {dialog.kind === 'delete' ? (
              <Text>
                Delete <strong>{dialog.school.name}</strong>? {M.deleteWarning}
              </Text>
            ) : (
              <Text>
                Deactivate <strong>{dialog.school.name}</strong>? Its people are signed out and
                cannot sign in until it is reactivated. Nothing of the school is deleted.
              </Text>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={busy}>
                Cancel
              </Button>
              <Button
                color={dialog.kind === 'delete' ? 'red' : 'orange'}
                loading={busy}
                onClick={() =>
                  void (dialog.kind === 'delete'
                    ? remove(dialog.school)
                    : deactivate(dialog.school))
                }
              >
                {dialog.kind === 'delete' ? 'Delete' : 'Deactivate'}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
