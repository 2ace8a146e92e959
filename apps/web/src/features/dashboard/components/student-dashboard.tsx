import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFileText, IconUsersGroup } from '@tabler/icons-react';
import { EMPTY_STUDENT_DASHBOARD, useStudentDashboard } from '../api/get-student-dashboard';
import { DashboardSection } from './dashboard-section';
import { RecentList } from './recent-list';
import { RecentSubmissionCard } from './recent-submission-card';
import { StatCard } from './stat-card';

/** The student dashboard (spec 01 §2): classes, submissions and the 3 newest submissions. */
export function StudentDashboard({ name }: { name: string }) {
  const query = useStudentDashboard();
  const loading = query.isPending;
  const data = query.data ?? EMPTY_STUDENT_DASHBOARD;

  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1}>Dashboard</Title>
        {name && <Text c="dimmed">{`Welcome back, ${name}.`}</Text>}
      </Stack>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <StatCard
          label="Active Classes"
          value={data.activeClasses}
          to="/my-classes"
          icon={<IconUsersGroup size={26} />}
          loading={loading}
        />
        <StatCard
          label="Total Submissions"
          value={data.totalSubmissions}
          to="/my-submissions"
          icon={<IconFileText size={26} />}
          loading={loading}
        />
      </SimpleGrid>

      <DashboardSection
        id="recent-submissions"
        title="Recent Submissions"
        viewAllTo="/my-submissions"
      >
        <RecentList loading={loading} count={data.recentSubmissions.length}>
          {data.recentSubmissions.map((submission) => (
            <RecentSubmissionCard
              key={submission._id}
              submission={submission}
              to={`/my-submissions/${submission._id}`}
              showStudent={false}
              hour12
            />
          ))}
        </RecentList>
      </DashboardSection>
    </Stack>
  );
}
