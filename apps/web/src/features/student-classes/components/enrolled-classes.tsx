import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { TStudentClass } from '@stem/contract/teaching';
import { getStoredUser } from '../../../lib/session';
import { useEnrolledClasses } from '../api/get-enrolled-classes';
import { enrolledClassesErrorText } from '../class-errors';
import { ClassCard } from './class-card';
import { ClassGrid, ClassGridSkeleton } from './class-grid';
import { LoadError } from '../../../components/load-error';
import { MissingUser } from './missing-user';

type TEnrolledClassesProps = {
  /** Where a class's card leads. */
  linkTo: (cls: TStudentClass) => string;
  /** Shown instead of the cards when the student has no class. */
  empty: ReactNode;
};

/**
 * The stored student's classes as cards, with the loading, empty and error states that /my-classes
 * and /start-submission share.
 */
export function EnrolledClasses({ linkTo, empty }: TEnrolledClassesProps) {
  const userId = getStoredUser()?.userId ?? null;
  const query = useEnrolledClasses(userId);

  if (!userId) return <MissingUser />;
  if (query.isPending) return <ClassGridSkeleton />;
  if (query.isError) {
    return (
      <LoadError
        message={enrolledClassesErrorText(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (query.data.length === 0) return <>{empty}</>;
  return (
    <ClassGrid>
      {query.data.map((cls) => (
        <ClassCard key={cls.id} cls={cls} to={linkTo(cls)} />
      ))}
    </ClassGrid>
  );
}

/** A friendly box for "nothing here yet". */
export function EmptyClasses({ title, text }: { title: string; text: string }) {
  return (
    <Paper withBorder p="xl" data-testid="empty-classes">
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconSchool size={30} />
        </ThemeIcon>
        <Title order={2} size="h3">
          {title}
        </Title>
        <Text c="dimmed" maw={420}>
          {text}
        </Text>
      </Stack>
    </Paper>
  );
}
