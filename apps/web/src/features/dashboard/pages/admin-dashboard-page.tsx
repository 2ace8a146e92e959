import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ANALYTICS_MESSAGES } from '@stem/contract/analytics';
import { IconSchool, IconUser, IconUsersGroup } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import type { TAdminDashboard } from '@stem/contract/dashboard';
import { MESSAGES } from '@stem/contract/messages';
import { formatLongDate } from '../../../lib/dates';
import { EMPTY_ADMIN_DASHBOARD, useAdminDashboard } from '../api/get-admin-dashboard';
import { DashboardSection } from '../components/dashboard-section';
import { RecentList } from '../components/recent-list';
import { RecentSubmissionsSection } from '../components/recent-submissions-section';
import { StatCard } from '../components/stat-card';
import classes from '../../../components/cards.module.css';
import { useAccountTypeSync } from '../use-account-type-sync';

/**
 * /admin-dashboard (spec 01 §2, spec 02 §2 Admin): school totals, the 3 newest classes and the
 * school's 5 newest submissions (the spec draws that section empty: docs/deviations.md).
 */
export default function AdminDashboardPage() {
  useAccountTypeSync();
  useEffect(() => {
    document.title = 'Admin Dashboard · STEM@Home';
  }, []);
  const query = useAdminDashboard();
  const loading = query.isPending;
  const data = query.data ?? EMPTY_ADMIN_DASHBOARD;

  return (
    <Stack gap="xl">
      <Group justify="space-between" align="center">
        <Title order={1}>Admin Dashboard</Title>
        <Group gap="sm">
          <Button component={Link} to="/admin/analytics" variant="light">
            {ANALYTICS_MESSAGES.schoolTitle}
          </Button>
          <Button component={Link} to="/all-classes">
            View All Classes
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <StatCard
          label="Total Teachers"
          value={data.totalTeachers}
          to="/users?role=teacher"
          icon={<IconUser size={26} />}
          loading={loading}
        />
        <StatCard
          label="Total Students"
          value={data.totalStudents}
          to="/users?role=student"
          icon={<IconSchool size={26} />}
          loading={loading}
        />
        <StatCard
          label="Total Classes"
          value={data.totalClasses}
          to="/all-classes"
          icon={<IconUsersGroup size={26} />}
          loading={loading}
        />
      </SimpleGrid>

      <DashboardSection id="recent-classes" title="Recent Classes">
        <RecentList loading={loading} count={data.recentClasses.length} emptyText="No classes yet">
          {data.recentClasses.map((recent) => (
            <RecentClassCard key={recent._id} recent={recent} />
          ))}
        </RecentList>
      </DashboardSection>

      <RecentSubmissionsSection
        loading={loading}
        submissions={data.recentSubmissions}
        listPath="/all-submissions"
      />
    </Stack>
  );
}

function RecentClassCard({ recent }: { recent: TAdminDashboard['recentClasses'][number] }) {
  const students = `${recent.studentCount} ${recent.studentCount === 1 ? 'student' : 'students'}`;
  return (
    <Card
      component={Link}
      to={`/all-classes/${recent._id}`}
      withBorder
      padding="md"
      className={classes.cardLink}
      data-testid="recent-class"
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} truncate="end">
            {recent.name}
          </Text>
          <Text size="sm" truncate="end">
            {`Teacher: ${recent.teacherName ?? MESSAGES.dashboard.notAssigned}`}
          </Text>
          <Text size="sm" c="dimmed">
            {`Created ${formatLongDate(recent.createdAt)}`}
          </Text>
        </Stack>
        <Text size="sm" fw={600} style={{ flexShrink: 0 }}>
          {students}
        </Text>
      </Group>
    </Card>
  );
}
