import { Alert, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconSchool, IconShieldCheck, IconUser, IconUsers } from '@tabler/icons-react';
import { useEffect } from 'react';
import { MESSAGES } from '@stem/contract/messages';
import { EMPTY_OWNER_STATS, useOwnerStats } from '../api/get-owner-stats';
import { StatCard } from '../components/stat-card';

/** /owner-dashboard (spec 01 §2, spec 02 §2 Owner): platform counts, each tile opening its list. */
export default function OwnerDashboardPage() {
  useEffect(() => {
    document.title = 'Owner Dashboard · STEM@Home';
  }, []);
  const query = useOwnerStats();
  const loading = query.isPending;
  const data = query.data ?? EMPTY_OWNER_STATS;

  return (
    <Stack gap="xl">
      <Title order={1}>Owner Dashboard</Title>
      {query.isError && (
        <Alert color="red" role="alert">
          {MESSAGES.owner.statsFailed}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <StatCard
          label="Schools"
          value={data.schools.total}
          to="/school-management"
          icon={<IconSchool size={26} />}
          loading={loading}
        />
        <StatCard
          label="Admins"
          value={data.users.byRole.admin}
          to="/user-management?role=admin"
          icon={<IconShieldCheck size={26} />}
          loading={loading}
        />
        <StatCard
          label="Teachers"
          value={data.users.byRole.teacher}
          to="/user-management?role=teacher"
          icon={<IconUser size={26} />}
          loading={loading}
        />
        <StatCard
          label="Students"
          value={data.users.byRole.student}
          to="/user-management?role=student"
          icon={<IconUsers size={26} />}
          loading={loading}
        />
      </SimpleGrid>
    </Stack>
  );
}
