import {
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconPencil } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { MESSAGES } from '@stem/contract/messages';
import { statusOf } from '../../../lib/http';
import { isValidClassId, useStudentClass, type TStudentClassView } from '../api/get-student-class';
import { LoadError } from '../../../components/load-error';
import { marksText } from '../format';
import { usePageTitle } from '../../../components/use-page-title';

const backToClasses = (
  <Button size="xs" variant="white" color="red" component={Link} to="/my-classes">
    Back to My Classes
  </Button>
);

/**
 * /student/class/{classId} and /class-details/{id} (spec 02 §2 Student): the class's teacher, its
 * questions with their marks (never the rubric) and the way into answering them.
 */
export default function ClassOverviewPage() {
  const params = useParams();
  const classId = params.classId ?? params.id;
  const valid = isValidClassId(classId);
  const query = useStudentClass(classId);
  usePageTitle(
    query.data
      ? `${query.data.class.name} · Class Overview · STEM@Home`
      : 'Class Overview · STEM@Home',
  );

  let body;
  if (!valid) {
    body = <LoadError message={MESSAGES.student.invalidClassId}>{backToClasses}</LoadError>;
  } else if (query.isPending) {
    body = <OverviewSkeleton />;
  } else if (query.isError) {
    body =
      statusOf(query.error) === 404 ? (
        <LoadError message={MESSAGES.classes.notFound}>{backToClasses}</LoadError>
      ) : (
        <LoadError
          message={MESSAGES.student.classFailed}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      );
  } else {
    body = <Overview view={query.data} />;
  }

  return (
    <Stack gap="lg">
      <Group>
        <Button
          component={Link}
          to="/my-classes"
          variant="subtle"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          px={0}
        >
          My Classes
        </Button>
      </Group>
      {!query.data && <Title order={1}>Class Overview</Title>}
      {body}
    </Stack>
  );
}

function Overview({ view }: { view: TStudentClassView }) {
  const { class: cls, questions } = view;
  const teacher = cls.teacher?.name.trim() || MESSAGES.student.notAssigned;
  const hasQuestions = questions.length > 0;

  return (
    <>
      <Stack gap={4}>
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {cls.name}
        </Title>
        <Text c="dimmed">Class Overview</Text>
      </Stack>

      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Fact label="Teacher" value={teacher} />
        <Fact label="Questions" value={String(questions.length)} testId="fact-questions" />
        <Fact label="Total Marks" value={String(cls.totalMarks)} testId="fact-total-marks" />
      </SimpleGrid>

      <Stack gap="sm" component="section" aria-labelledby="class-questions">
        <Title order={2} size="h3" id="class-questions">
          Marks per Question
        </Title>
        {hasQuestions ? (
          <Paper withBorder>
            <Table striped verticalSpacing="sm" aria-labelledby="class-questions">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={48}>#</Table.Th>
                  <Table.Th>Question</Table.Th>
                  <Table.Th ta="right">Marks</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {questions.map((question, index) => (
                  <Table.Tr key={question.id} data-testid="overview-question">
                    <Table.Td>{index + 1}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {question.question}
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {marksText(question.marks)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        ) : (
          <Paper withBorder p="lg">
            <Text c="dimmed" ta="center" id="no-questions">
              {MESSAGES.student.noQuestionsYet}
            </Text>
          </Paper>
        )}
      </Stack>

      <Group>
        {hasQuestions ? (
          <Button
            component={Link}
            to={`/start-submission/${cls.id}`}
            size="md"
            leftSection={<IconPencil size={18} aria-hidden />}
          >
            Start Submission
          </Button>
        ) : (
          <Button
            size="md"
            disabled
            aria-describedby="no-questions"
            leftSection={<IconPencil size={18} aria-hidden />}
          >
            Start Submission
          </Button>
        )}
      </Group>
    </>
  );
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Paper withBorder p="md">
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="xl" style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

function OverviewSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading class">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={76} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton h={160} radius="md" />
    </Stack>
  );
}
