import {
  Alert,
  Badge,
  Divider,
  Group,
  Image,
  Modal,
  Progress,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { TSchoolDetails, TSessionUser } from '@stem/contract/auth';
import { MESSAGES } from '@stem/contract/messages';
import type { TRole } from '@stem/contract/roles';
import { useSchoolDetails } from '../../features/dashboard/api/get-school-details';
import { SubscriptionEndNote } from '../../features/payments/components/subscription-end-note';
import { daysRemaining, formatLongDate } from '../../lib/dates';
import { lazy, Suspense } from 'react';
import { CopySchoolCode } from './copy-school-code';
import { YourDataSection } from './your-data-section';
import { SchoolDomainsSection } from '../../components/school-domains-section';
import { SCHOOL_DOMAIN_PATHS } from '@stem/contract/oidc';
import { SchoolEditor } from './school-editor';
import { useTrialStatus } from '../../features/trial-account/api';

// The chart library is only loaded when a paid teacher opens Settings.
const StudentUsageChart = lazy(() => import('./student-usage-chart'));
import { capitalise } from './capitalise';

const PLAN_LABELS: Record<TSchoolDetails['plan'], string> = {
  trial: 'Free trial',
  personal: 'Personal Learning Plan',
  classroom: 'Classroom Success Plan',
};

type TSettingsProps = {
  opened: boolean;
  onClose: () => void;
  role: TRole | null;
  user: TSessionUser | null;
};

/** The Settings popup (spec 01 §2): account and school details, read-only. */
export function SettingsModal({ opened, onClose, role, user }: TSettingsProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Settings" size="lg">
      {opened && <SettingsContent role={role} user={user} />}
    </Modal>
  );
}

function SettingsContent({ role, user }: Omit<TSettingsProps, 'opened' | 'onClose'>) {
  if (!user || !role) {
    return (
      <Alert color="red" role="alert">
        {MESSAGES.settings.userNotFound}
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      <section aria-labelledby="settings-account">
        <Title order={3} size="h4" id="settings-account" mb="xs">
          Account
        </Title>
        <DetailRow label="Name" value={user.name} />
        <DetailRow label="Email" value={user.email} />
        <DetailRow label="Role" value={capitalise(role)} />
      </section>
      {role !== 'owner' && (
        <>
          <Divider />
          <SchoolSection role={role} user={user} />
        </>
      )}
      {role === 'admin' && (
        <>
          <Divider />
          <SchoolDomainsSection path={SCHOOL_DOMAIN_PATHS.admin} />
        </>
      )}
      <Divider />
      <YourDataSection role={role} />
    </Stack>
  );
}

function DetailRow({ label, value }: { label: string; value: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" w={110} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Group>
  );
}

function SchoolSection({ role, user }: { role: TRole; user: TSessionUser }) {
  const details = useSchoolDetails();
  const seesCode = role === 'admin' || role === 'teacher';

  if (details.isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label="Loading school details">
        <Skeleton h={24} w="60%" />
        <Skeleton h={18} w="40%" />
        <Skeleton h={18} w="80%" />
      </Stack>
    );
  }

  if (details.isError) {
    return (
      <section aria-labelledby="settings-school">
        <Title order={3} size="h4" id="settings-school" mb="xs">
          School
        </Title>
        {user.school && <DetailRow label="Name" value={user.school.name} />}
        {seesCode && (
          <Alert color="red" role="alert" mt="xs">
            {MESSAGES.settings.codeLoadFailed}
          </Alert>
        )}
      </section>
    );
  }

  const school = details.data;
  const trial = school.isTrial ? school.trialDetails : null;
  const days = trial ? daysRemaining(trial.expiresAt) : null;
  // Past its end date the trial has ended: "Trial expires 26 November (0 days remaining)" read as
  // if it still ran today.
  const hasEnded = trial?.expiresAt ? new Date(trial.expiresAt).getTime() <= Date.now() : false;

  return (
    <section aria-labelledby="settings-school">
      <Title order={3} size="h4" id="settings-school" mb="xs">
        School
      </Title>
      <Stack gap="md">
        <Group gap="md" wrap="nowrap">
          {school.logo && (
            <Image
              src={school.logo}
              alt={`${school.schoolName} logo`}
              w={56}
              h={56}
              fit="contain"
              radius="sm"
            />
          )}
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
              {school.schoolName}
            </Text>
            <Group gap="xs">
              <Badge variant="light" color={school.isTrial ? 'orange' : 'blue'}>
                {PLAN_LABELS[school.plan]}
              </Badge>
            </Group>
          </Stack>
        </Group>

        {seesCode && <CopySchoolCode code={school.schoolCode} />}

        {role !== 'student' && !school.isTrial && <SubscriptionEndNote />}

        {trial && (
          <Stack gap="xs">
            <DetailRow
              label={hasEnded ? MESSAGES.settings.trialEnded : MESSAGES.settings.trialExpires}
              value={
                days === null || hasEnded
                  ? formatLongDate(trial.expiresAt)
                  : `${formatLongDate(trial.expiresAt)} (${MESSAGES.settings.daysRemaining(days)})`
              }
            />
            {role !== 'student' && (
              <>
                <Text size="sm" fw={600}>
                  {MESSAGES.settings.trialUsage}
                </Text>
                <UsageBar
                  label="Teacher accounts"
                  used={trial.usage.teacherCount}
                  limit={trial.limits.maxTeachers}
                />
                <UsageBar
                  label="Student accounts"
                  used={trial.usage.studentCount}
                  limit={trial.limits.maxStudents}
                />
                <TrialAllowanceBars />
              </>
            )}
          </Stack>
        )}

        {role === 'teacher' && school.isTrial && (
          <Text size="sm" c="dimmed">
            {MESSAGES.settings.paidOnly}
          </Text>
        )}
        {role === 'teacher' && !school.isTrial && <SchoolEditor schoolName={school.schoolName} />}
        {role === 'teacher' && !school.isTrial && (
          <section aria-labelledby="settings-usage">
            <Title order={3} size="h4" id="settings-usage" mb="xs">
              {MESSAGES.settings.studentUsage}
            </Title>
            <Suspense fallback={<Skeleton h={220} />}>
              <StudentUsageChart />
            </Suspense>
          </section>
        )}
      </Stack>
    </section>
  );
}

function UsageBar({ label, used, limit }: { label: string; used: number; limit: number }) {
  const percent = limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : 100;
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text size="sm">{label}</Text>
        <Text size="sm" fw={600}>{`${used} / ${limit}`}</Text>
      </Group>
      <Progress
        value={percent}
        color={used >= limit ? 'orange' : 'blue'}
        aria-label={`${label} used: ${used} of ${limit}`}
      />
    </Stack>
  );
}

/** The trial's classes, questions and practice assessments, and how its work is marked (spec 01 §9). */
function TrialAllowanceBars() {
  const status = useTrialStatus(true).data;
  if (!status?.isTrial) return null;
  return (
    <>
      <UsageBar label="Classes" used={status.classCount} limit={status.classLimit} />
      <UsageBar label="Questions" used={status.questionCount} limit={status.questionLimit} />
      <UsageBar
        label="Practice assessments"
        used={status.assessmentsUsed}
        limit={status.assessmentLimit}
      />
      {typeof status.aiMarkedWork === 'number' && (
        <Text size="sm" c="dimmed">
          {MESSAGES.trial.aiMarkingNote(status.aiMarkedWork, status.assessmentLimit)}
        </Text>
      )}
    </>
  );
}
