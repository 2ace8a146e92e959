import { LoadError } from '../../../components/load-error';
import { LoadingLine } from '../../../components/loading-line';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconChartBar, IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ANALYTICS_MESSAGES } from '@stem/contract/analytics';
import { MESSAGES } from '@stem/contract/messages';
import { ClassCsvMenu } from '../../analytics/components/class-csv-menu';
import type { TStudentRef } from '@stem/contract/teaching';
import { isClassMissing, useClassDetails } from '../api/get-class-details';
import { useSchoolStudents } from '../api/get-school-students';
import { AddStudentsButton } from '../components/add-students-button';
import { StudentWorkModal } from '../components/student-work-modal';
import { ClassQuestionsTable } from '../components/class-questions-table';
import { ClassStudentsTable } from '../components/class-students-table';
import { usePageTitle } from '../use-page-title';
import { PrintSheetsButton } from '../../answer-sheets/components/print-sheets-button';
import { ClassLmsSection } from '../../lti/components/class-lms-section';
import { ClassroomSection } from '../../classroom/components/classroom-section';
import { useClassTests } from '../../class-tests/api';
import { ClassTestsSection } from '../../class-tests/components/class-tests-section';

const T = MESSAGES.classesPage;

function BackToClasses({ variant = 'subtle' }: { variant?: 'subtle' | 'default' }) {
  return (
    <Button
      component={Link}
      to="/classes"
      variant={variant}
      leftSection={<IconArrowLeft size={16} aria-hidden />}
      px={variant === 'subtle' ? 0 : undefined}
    >
      {T.backToClasses}
    </Button>
  );
}

/** /class/{id} (spec 02 §2): the class name, its questions (shown on demand) and its students. */
export default function ClassDetailsPage() {
  const classId = useParams().id ?? '';
  const query = useClassDetails(classId);
  usePageTitle(query.data ? T.classDocumentTitle(query.data.name) : T.detailsDocumentTitle);
  const [showQuestions, setShowQuestions] = useState(false);
  const [workOf, setWorkOf] = useState<TStudentRef | null>(null);
  const schoolStudents = useSchoolStudents();
  const tests = useClassTests(classId);
  const questionsId = useId();

  if (query.isPending) {
    return <LoadingLine>{T.loadingDetails}</LoadingLine>;
  }

  if (query.isError) {
    if (isClassMissing(query.error)) {
      return (
        <Stack align="flex-start">
          <Title order={1}>{T.notFoundTitle}</Title>
          <Text>{MESSAGES.classes.notFound}</Text>
          <BackToClasses variant="default" />
        </Stack>
      );
    }
    return (
      <LoadError
        message={MESSAGES.classes.detailsFailed}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      >
        <BackToClasses variant="default" />
      </LoadError>
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
        <Text c="dimmed" mt={4}>
          {T.studentCount(cls.students.length)} · {T.questionCount(cls.questions.length)}
        </Text>
        <Group gap="sm" mt="sm">
          <Button
            component={Link}
            to={`/class/${cls._id}/analytics`}
            variant="light"
            leftSection={<IconChartBar size={16} aria-hidden />}
          >
            {ANALYTICS_MESSAGES.analyticsButton}
          </Button>
          <ClassCsvMenu classId={cls._id} />
          <PrintSheetsButton
            classId={cls._id}
            studentCount={cls.students.length}
            questions={cls.questions}
          />
        </Group>
      </div>

      <Paper withBorder p="md" radius="md" component="section" aria-labelledby={`${questionsId}-h`}>
        <Group justify="space-between" align="center">
          <Title order={2} size="h3" id={`${questionsId}-h`}>
            {T.questionsHeading}
          </Title>
          <Button
            variant="light"
            onClick={() => setShowQuestions((shown) => !shown)}
            aria-expanded={showQuestions}
            aria-controls={questionsId}
            rightSection={
              showQuestions ? (
                <IconChevronUp size={16} aria-hidden />
              ) : (
                <IconChevronDown size={16} aria-hidden />
              )
            }
          >
            {showQuestions ? T.hideQuestions : T.showQuestions(cls.questions.length)}
          </Button>
        </Group>
        <div id={questionsId} hidden={!showQuestions}>
          {showQuestions && (
            <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>
              <ClassQuestionsTable classId={cls._id} questions={cls.questions} />
            </div>
          )}
        </div>
      </Paper>

      <Paper
        withBorder
        p="md"
        radius="md"
        component="section"
        aria-label={T.studentsHeading(cls.students.length)}
      >
        <Group justify="space-between" align="center" mb="md">
          <Title order={2} size="h3">
            {T.studentsHeading(cls.students.length)}
          </Title>
          <AddStudentsButton
            classId={cls._id}
            enrolled={cls.students}
            candidates={schoolStudents.data}
            loading={schoolStudents.isPending}
          />
        </Group>
        <ClassStudentsTable
          classId={cls._id}
          className={cls.name}
          students={cls.students}
          onViewWork={setWorkOf}
        />
      </Paper>
      <ClassTestsSection classId={cls._id} questions={cls.questions} />
      <ClassLmsSection classId={cls._id} />
      <ClassroomSection classId={cls._id} questions={cls.questions} tests={tests.data ?? []} />
      <StudentWorkModal
        classId={cls._id}
        student={workOf}
        listPath="/submissions"
        onClose={() => setWorkOf(null)}
      />
    </Stack>
  );
}
