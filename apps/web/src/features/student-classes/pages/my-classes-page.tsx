import { Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@stem/contract/messages';
import { EmptyClasses, EnrolledClasses } from '../components/enrolled-classes';
import { usePageTitle } from '../../../components/use-page-title';

/** /my-classes (spec 02 §2 Student): the student's classes, each opening its overview. */
export default function MyClassesPage() {
  usePageTitle('My Classes · STEM@Home');
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>My Classes</Title>
        <Text c="dimmed">The classes you are enrolled in.</Text>
      </Stack>
      <EnrolledClasses
        linkTo={(cls) => `/student/class/${cls.id}`}
        empty={
          <EmptyClasses
            title={MESSAGES.student.noClassesYet}
            text="Your teacher adds you to classes. Once they do, your classes will appear here."
          />
        }
      />
    </Stack>
  );
}
