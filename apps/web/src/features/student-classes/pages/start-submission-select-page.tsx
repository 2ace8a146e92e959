import { Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@stem/contract/messages';
import { EmptyClasses, EnrolledClasses } from '../components/enrolled-classes';
import { usePageTitle } from '../../../components/use-page-title';

/** /start-submission (spec 02 §2 Student): choose the class whose questions to answer. */
export default function StartSubmissionSelectPage() {
  usePageTitle('Start Submission · STEM@Home');
  return (
    <Stack gap="lg">
      <Title order={1}>Start Submission</Title>
      <Stack gap="sm" component="section" aria-labelledby="select-your-class">
        <Stack gap={2}>
          <Title order={2} size="h3" id="select-your-class">
            Select Your Class
          </Title>
          <Text c="dimmed">Choose the class whose questions you want to answer.</Text>
        </Stack>
        <EnrolledClasses
          linkTo={(cls) => `/start-submission/${cls.id}`}
          empty={
            <EmptyClasses
              title={MESSAGES.student.noClassesAvailable}
              text="Your teacher adds you to classes. Once they do, you can answer their questions here."
            />
          }
        />
      </Stack>
    </Stack>
  );
}
