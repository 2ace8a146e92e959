import {
  Alert,
  Button,
  Group,
  Paper,
  Select,
  Spoiler,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconChecklist } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { SUCCESS_MESSAGE_MS } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import type { TQuestion, TStudentRef } from '@stem/contract/teaching';
import { LoadError } from '../../../components/load-error';
import { LoadingLine } from '../../../components/loading-line';
import { serverMessageOf } from '../../../lib/http';
import {
  useReassignClass,
  useSchoolClass,
  useSchoolStudentsForAdmin,
  useSchoolTeachers,
} from '../api/admin-classes';
import { isClassMissing } from '../api/get-class-details';
import { AddStudentsButton } from '../components/add-students-button';
import { ClassStudentsTable } from '../components/class-students-table';
import { StudentWorkModal } from '../components/student-work-modal';
import { usePageTitle } from '../use-page-title';
import { ClassTestsSection } from '../../class-tests/components/class-tests-section';

const T = MESSAGES.admin;

function BackToClasses() {
  return (
    <Button
      component={Link}
      to="/all-classes"
      variant="subtle"
      px={0}
      leftSection={<IconArrowLeft size={16} aria-hidden />}
    >
      {T.backToClasses}
    </Button>
  );
}

/** Each question with its marks, mark ranges and rubric (spec 02 §2 Admin class details). */
function QuestionList({ classId, questions }: { classId: string; questions: TQuestion[] }) {
  if (questions.length === 0) return <Text c="dimmed">{T.noClassQuestions}</Text>;
  return (
    <Stack gap="sm">
      {questions.map((q) => (
        <Paper key={q._id} withBorder p="sm" radius="md" data-testid="class-question">
          <Text fw={600} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {q.question}
          </Text>
          {/* Issue 27: the question marked across the whole class (the admin may review too). */}
          <Button
            component={Link}
            to={`/admin/class/${classId}/questions/${q._id}/mark`}
            size="xs"
            variant="light"
            mt="xs"
            leftSection={<IconChecklist size={14} aria-hidden />}
            aria-label={MESSAGES.classMarking.openLabel(q.question)}
          >
            {MESSAGES.classMarking.open}
          </Button>
          <Table mt="xs" withRowBorders={false} verticalSpacing={2} fz="sm">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={160}>{T.marksColumn}</Table.Th>
                <Table.Td>{q.marks}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{T.lowRangeColumn}</Table.Th>
                <Table.Td>{q.lowMarkRange}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{T.highRangeColumn}</Table.Th>
                <Table.Td>{q.highMarkRange}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Text size="sm" fw={600} mt="xs">
            {T.rubric}
          </Text>
          <Spoiler
            maxHeight={72}
            showLabel={T.showRubric}
            hideLabel={MESSAGES.classesPage.hideQuestions}
          >
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {q.rubric}
            </Text>
          </Spoiler>
        </Paper>
      ))}
    </Stack>
  );
}

function ReassignTeacher({ classId, teacherId }: { classId: string; teacherId: string | null }) {
  const teachers = useSchoolTeachers();
  const reassign = useReassignClass();
  const [choice, setChoice] = useState<string | null>(teacherId);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (!choice) return;
    setError(null);
    reassign.mutate(
      { classId, teacherId: choice },
      {
        onSuccess: (reply) =>
          notifications.show({
            color: 'green',
            message: reply.message,
            autoClose: SUCCESS_MESSAGE_MS,
          }),
        onError: (e) => setError(serverMessageOf(e) ?? MESSAGES.generic.unexpected),
      },
    );
  };
  return (
    <Stack gap="xs">
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={T.reassignLabel}
          value={choice}
          onChange={setChoice}
          data={(teachers.data ?? []).map((t) => ({ value: t._id, label: t.name }))}
          allowDeselect={false}
          style={{ flex: '1 1 220px' }}
          disabled={teachers.isPending}
        />
        <Button
          onClick={submit}
          loading={reassign.isPending}
          disabled={!choice || choice === teacherId}
        >
          {T.reassign}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * /all-classes/{id} and /admin/class/{id} (spec 02 §2 Admin): the class name, its teacher (who can be
 * changed), its questions with marks, ranges and rubric, and its students (add more; view one's work).
 */
export default function AdminClassDetailsPage() {
  const classId = useParams().id ?? '';
  const query = useSchoolClass(classId);
  const students = useSchoolStudentsForAdmin();
  const [workOf, setWorkOf] = useState<TStudentRef | null>(null);
  usePageTitle(query.data ? `${query.data.name} · STEM@Home` : T.classDetailsDocumentTitle);

  if (query.isPending) return <LoadingLine>{MESSAGES.classesPage.loadingDetails}</LoadingLine>;
  if (query.isError) {
    const missing = isClassMissing(query.error);
    return (
      <Stack align="flex-start">
        <BackToClasses />
        <LoadError
          message={missing ? T.classNotFound : T.classDetailsFailed}
          {...(missing ? {} : { onRetry: () => void query.refetch(), retrying: query.isFetching })}
        />
      </Stack>
    );
  }

  const cls = query.data;
  return (
    <Stack gap="lg">
      <div>
        <BackToClasses />
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {cls.name}
        </Title>
        <Text
          mt={4}
        >{`${T.teacherLabel}: ${cls.teacher?.name ?? MESSAGES.dashboard.notAssigned}`}</Text>
      </div>
      <Paper withBorder p="md" radius="md" component="section" aria-label={T.teacherLabel}>
        <ReassignTeacher
          key={cls.teacher?._id ?? 'none'}
          classId={cls._id}
          teacherId={cls.teacher?._id ?? null}
        />
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-label={T.classQuestions}>
        <Title order={2} size="h3" mb="sm">
          {`${T.classQuestions} (${cls.questions.length})`}
        </Title>
        <QuestionList classId={cls._id} questions={cls.questions} />
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-label={T.classStudents}>
        <Group justify="space-between" align="center" mb="md">
          <Title order={2} size="h3">
            {`${T.classStudents} (${cls.students.length})`}
          </Title>
          <AddStudentsButton
            classId={cls._id}
            enrolled={cls.students}
            candidates={students.data}
            loading={students.isPending}
          />
        </Group>
        <ClassStudentsTable
          classId={cls._id}
          className={cls.name}
          students={cls.students}
          onViewWork={setWorkOf}
          removable={false}
        />
      </Paper>
      <ClassTestsSection classId={cls._id} questions={cls.questions} canEdit={false} />
      <StudentWorkModal
        classId={cls._id}
        student={workOf}
        listPath="/all-submissions"
        onClose={() => setWorkOf(null)}
      />
    </Stack>
  );
}
