import { Badge, Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { ADMIN_PATHS, type TUserStats } from '@stem/contract/admin';
import { fillPath } from '@stem/contract/api';
import { MESSAGES } from '@stem/contract/messages';
import { LoadError } from '../../../components/load-error';
import { LoadingLine } from '../../../components/loading-line';
import { SubmissionMiniList } from '../../../components/submission-mini-list';
import { usePageTitle } from '../../../components/use-page-title';
import { formatDateTime, formatLongDate } from '../../../lib/dates';
import { statusOf } from '../../../lib/http';
import { useSchoolUser } from '../api';

const T = MESSAGES.admin;
const L = T.statLabels;

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text style={{ overflowWrap: 'anywhere' }}>{value}</Text>
    </div>
  );
}

/** The statistics of spec 02 §3 for the person's role, with "N/A" for a missing value. */
export function statFields(stats: TUserStats): { label: string; value: string }[] {
  const na = (v: number | string | null | undefined) =>
    v === null || v === undefined ? T.notAvailable : String(v);
  if (stats.adminStats) {
    const s = stats.adminStats;
    return [
      { label: L.totalTeachers, value: na(s.totalTeachers) },
      { label: L.totalStudents, value: na(s.totalStudents) },
      { label: L.totalClasses, value: na(s.totalClasses) },
      { label: L.activeClasses, value: na(s.activeClasses) },
    ];
  }
  if (stats.teacherStats) {
    const s = stats.teacherStats;
    return [
      { label: L.totalClasses, value: na(s.totalClasses) },
      { label: L.activeClasses, value: na(s.activeClasses) },
      { label: L.totalStudents, value: na(s.totalStudents) },
      { label: L.questionsCreated, value: na(s.questionsCreated) },
      { label: L.submissionsEvaluated, value: na(s.submissionsEvaluated) },
    ];
  }
  if (stats.studentStats) {
    const s = stats.studentStats;
    return [
      { label: L.enrolledClasses, value: na(s.enrolledClasses) },
      { label: L.totalSubmissions, value: na(s.totalSubmissions) },
      {
        label: L.averageScore,
        value: s.averageScore === null ? T.notAvailable : `${s.averageScore}%`,
      },
      {
        label: L.lastSubmissionDate,
        value: s.lastSubmissionDate ? formatDateTime(s.lastSubmissionDate) : T.notAvailable,
      },
    ];
  }
  return [];
}

function BackToUsers() {
  return (
    <Button
      component={Link}
      to="/users"
      variant="subtle"
      px={0}
      leftSection={<IconArrowLeft size={16} aria-hidden />}
    >
      {T.backToUsers}
    </Button>
  );
}

/** /users/{id}: one person of the school, their statistics and their submissions. */
export default function UserDetailsPage() {
  const userId = useParams().id ?? '';
  const query = useSchoolUser(userId);
  usePageTitle(
    query.data ? `${query.data.user.name} · STEM@Home` : `${T.userDetailsTitle} · STEM@Home`,
  );

  if (query.isPending) return <LoadingLine>{T.userDetailsTitle}</LoadingLine>;
  if (query.isError) {
    const missing = statusOf(query.error) === 404 || statusOf(query.error) === 400;
    return (
      <Stack align="flex-start">
        <BackToUsers />
        <LoadError
          message={missing ? MESSAGES.admin.userNotFound : T.userLoadFailed}
          {...(missing ? {} : { onRetry: () => void query.refetch(), retrying: query.isFetching })}
        />
      </Stack>
    );
  }

  const { user, stats } = query.data;
  const fields = statFields(stats);
  return (
    <Stack gap="lg">
      <div>
        <BackToUsers />
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {user.name}
        </Title>
        <Badge mt={4} variant="light">
          {T.roleLabels[user.role]}
        </Badge>
      </div>
      <Paper withBorder p="md" radius="md" component="section" aria-label={T.basicInformation}>
        <Title order={2} size="h3" mb="sm">
          {T.basicInformation}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Field label={T.columnName} value={user.name || T.notAvailable} />
          <Field label={T.columnEmail} value={user.email || T.notAvailable} />
          <Field label={T.columnRole} value={T.roleLabels[user.role]} />
          <Field label={T.school} value={user.school?.name ?? '-'} />
          <Field label={T.columnCreatedAt} value={formatLongDate(user.createdAt)} />
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-label={T.userStatistics}>
        <Title order={2} size="h3" mb="sm">
          {T.userStatistics}
        </Title>
        {fields.length === 0 ? (
          <Text c="dimmed">{T.noStatistics}</Text>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
            {fields.map((f) => (
              <Field key={f.label} label={f.label} value={f.value} />
            ))}
          </SimpleGrid>
        )}
      </Paper>
      {user.role !== 'admin' && (
        <Paper withBorder p="md" radius="md" component="section" aria-label={T.userSubmissions}>
          <Title order={2} size="h3" mb="sm">
            {T.userSubmissions}
          </Title>
          <SubmissionMiniList
            path={fillPath(ADMIN_PATHS.userSubmissions, { id: user.id })}
            queryKey={['user', user.id]}
            listPath="/all-submissions"
            emptyText={T.noStudentWork}
          />
        </Paper>
      )}
    </Stack>
  );
}
