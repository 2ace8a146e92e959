import { Button, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import {
  IconFileText,
  IconListDetails,
  IconPlus,
  IconQuestionMark,
  IconUpload,
  IconUsersGroup,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { TrialLimitBanner } from '../../../components/trial-limit-banner';
import { useTrialLimit } from '../../../lib/trial-limit';
import { GettingStarted, gettingStartedProgress } from '../../classes/components/getting-started';
import { useSchoolDetails } from '../api/get-school-details';
import { EMPTY_TEACHER_DASHBOARD, useTeacherDashboard } from '../api/get-teacher-dashboard';
import { RecentSubmissionsSection } from './recent-submissions-section';
import { StatCard } from './stat-card';

const ACTIONS = [
  { label: 'Add Question', to: '/insert-question', icon: IconPlus, limit: 'questions' },
  { label: 'View Questions', to: '/view-questions', icon: IconListDetails, limit: null },
  { label: 'Create Class', to: '/create-class', icon: IconUsersGroup, limit: 'classes' },
  { label: 'Upload Student Work', to: '/upload-student-work', icon: IconUpload, limit: null },
] as const;

/** The teacher dashboard (spec 01 §2): counts, actions and the 5 most recent submissions. */
export function TeacherDashboard() {
  const query = useTeacherDashboard();
  const loading = query.isPending;
  // Any failure shows zeros and an empty list (spec 01 §2).
  const data = query.data ?? EMPTY_TEACHER_DASHBOARD;
  // Spec 02 §4: at the trial's 3 classes or 3 questions, the add buttons are disabled.
  const classLimit = useTrialLimit('classes');
  const questionLimit = useTrialLimit('questions');
  const blocked = { classes: classLimit, questions: questionLimit } as const;
  // Known counts only: a failed call's zeros must not send an established teacher back to step 1.
  const school = useSchoolDetails();
  const progress =
    query.data && school.data
      ? gettingStartedProgress(
          school.data.totalStudents,
          query.data.activeClasses,
          query.data.totalQuestions,
        )
      : null;

  return (
    <Stack gap="xl">
      <Title order={1}>Dashboard</Title>
      {/* A new teacher's first look: the code to share and what to do next (issue 26). */}
      {progress && <GettingStarted progress={progress} />}
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <StatCard
          label="Active Classes"
          value={data.activeClasses}
          to="/classes"
          icon={<IconUsersGroup size={26} />}
          loading={loading}
        />
        <StatCard
          label="Total Questions"
          value={data.totalQuestions}
          to="/view-questions"
          icon={<IconQuestionMark size={26} />}
          loading={loading}
        />
        <StatCard
          label="Total Submissions"
          value={data.totalSubmissions}
          to="/submissions"
          icon={<IconFileText size={26} />}
          loading={loading}
        />
      </SimpleGrid>

      <TrialLimitBanner limit={[classLimit, questionLimit]} />

      <section aria-label="Quick actions">
        <Group gap="sm">
          {ACTIONS.map(({ label, to, icon: ActionIcon, limit }) =>
            limit && blocked[limit].isLimitReached ? (
              <Button
                key={to}
                variant="light"
                disabled
                title={blocked[limit].message}
                leftSection={<ActionIcon size={18} aria-hidden />}
              >
                {label}
              </Button>
            ) : (
              <Button
                key={to}
                component={Link}
                to={to}
                variant="light"
                leftSection={<ActionIcon size={18} aria-hidden />}
              >
                {label}
              </Button>
            ),
          )}
        </Group>
      </section>

      <RecentSubmissionsSection
        loading={loading}
        submissions={data.recentSubmissions}
        listPath="/submissions"
      />
    </Stack>
  );
}
