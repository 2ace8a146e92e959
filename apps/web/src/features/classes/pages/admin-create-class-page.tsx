import {
  Alert,
  Button,
  Group,
  Paper,
  Radio,
  ScrollArea,
  Stack,
  Stepper,
  Text,
  TextInput,
  Title,
  useMatches,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconArrowRight, IconCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { SUCCESS_MESSAGE_MS } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import { LoadError } from '../../../components/load-error';
import { LoadingLine } from '../../../components/loading-line';
import {
  useAdminCreateClass,
  useSchoolStudentsForAdmin,
  useSchoolTeachers,
} from '../api/admin-classes';
import { createClassErrorMessage } from '../api/create-class';
import { StudentPicker } from '../components/student-picker';
import { usePageTitle } from '../use-page-title';

const T = MESSAGES.admin;
/** The class name field reads as it does in the teacher's wizard (/create-class). */
const CLASS_FORM = MESSAGES.classesPage;

/**
 * /admin/create-class (spec 02 §2 and §4 Admin wizard): 1 Class Info needs a name, 2 Select Teacher
 * needs a teacher, 3 Add Students needs at least one student. Success goes to /all-classes.
 */
export default function AdminCreateClassPage() {
  usePageTitle(T.wizardDocumentTitle);
  const navigate = useNavigate();
  const teachers = useSchoolTeachers();
  const students = useSchoolStudentsForAdmin();
  const creation = useAdminCreateClass();
  const [step, setStep] = useState(0);
  // Three steps side by side do not fit a phone (the third wrapped onto a line of its own).
  const stepsOrientation = useMatches<'vertical' | 'horizontal'>({
    base: 'vertical',
    xs: 'horizontal',
  });
  const [name, setName] = useState('');
  const [teacherId, setTeacherId] = useState<string | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | null>(null);

  const toTeacher = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(MESSAGES.classes.nameRequired);
      return;
    }
    setError(null);
    setStep(1);
  };

  const toStudents = () => {
    if (!teacherId) {
      setError(T.teacherRequired);
      return;
    }
    setError(null);
    setStep(2);
  };

  const create = () => {
    if (!teacherId) return setStep(1);
    if (selected.size === 0) {
      setError(MESSAGES.classes.studentsRequired);
      return;
    }
    setError(null);
    creation.mutate(
      { name: name.trim(), teacherId, students: [...selected] },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            title: MESSAGES.classes.created,
            message: name.trim(),
            autoClose: SUCCESS_MESSAGE_MS,
          });
          navigate('/all-classes');
        },
        onError: (failure) => setError(createClassErrorMessage(failure)),
      },
    );
  };

  const back = () => {
    setError(null);
    setStep((s) => Math.max(0, s - 1));
  };

  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>{T.wizardTitle}</Title>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
        <Stepper
          active={step}
          onStepClick={(i) => i < step && setStep(i)}
          size="sm"
          orientation={stepsOrientation}
        >
          <Stepper.Step label={T.stepClassInfo}>
            <form onSubmit={toTeacher} noValidate>
              <Stack mt="md">
                <TextInput
                  label={CLASS_FORM.classNameLabel}
                  placeholder={CLASS_FORM.classNamePlaceholder}
                  value={name}
                  onChange={(e) => setName(e.currentTarget.value)}
                  maxLength={120}
                  required
                  data-autofocus
                />
                {error && (
                  <Alert color="red" role="alert">
                    {error}
                  </Alert>
                )}
                <Group justify="flex-end">
                  <Button type="submit" rightSection={<IconArrowRight size={16} aria-hidden />}>
                    {T.next}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Stepper.Step>
          <Stepper.Step label={T.stepSelectTeacher}>
            <Stack mt="md">
              {teachers.isPending ? (
                <LoadingLine>{MESSAGES.classesPage.loadingStudents}</LoadingLine>
              ) : teachers.isError ? (
                <LoadError
                  message={MESSAGES.generic.unexpected}
                  onRetry={() => void teachers.refetch()}
                />
              ) : teachers.data.length === 0 ? (
                <Text c="dimmed">{T.noTeachers}</Text>
              ) : (
                <ScrollArea.Autosize mah={420} type="auto">
                  <Radio.Group
                    value={teacherId}
                    onChange={setTeacherId}
                    label={T.stepSelectTeacher}
                  >
                    <Stack gap="xs" mt="xs">
                      {teachers.data.map((t) => (
                        <Radio
                          key={t._id}
                          value={t._id}
                          label={
                            <div>
                              <Text size="sm" fw={600}>
                                {t.name}
                              </Text>
                              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                                {t.email}
                              </Text>
                            </div>
                          }
                        />
                      ))}
                    </Stack>
                  </Radio.Group>
                </ScrollArea.Autosize>
              )}
              {error && (
                <Alert color="red" role="alert">
                  {error}
                </Alert>
              )}
              <Group justify="space-between">
                <Button
                  variant="default"
                  onClick={back}
                  leftSection={<IconArrowLeft size={16} aria-hidden />}
                >
                  {T.back}
                </Button>
                <Button
                  onClick={toStudents}
                  rightSection={<IconArrowRight size={16} aria-hidden />}
                >
                  {T.next}
                </Button>
              </Group>
            </Stack>
          </Stepper.Step>
          <Stepper.Step label={T.stepAddStudents}>
            <Stack mt="md">
              {students.isPending ? (
                <LoadingLine>{MESSAGES.classesPage.loadingStudents}</LoadingLine>
              ) : students.isError ? (
                <LoadError
                  message={MESSAGES.classes.loadStudentsFailed}
                  onRetry={() => void students.refetch()}
                />
              ) : students.data.length === 0 ? (
                <Text c="dimmed">{T.noStudents}</Text>
              ) : (
                <StudentPicker
                  students={students.data}
                  selected={selected}
                  onChange={setSelected}
                />
              )}
              {error && (
                <Alert color="red" role="alert">
                  {error}
                </Alert>
              )}
              <Group justify="space-between">
                <Button
                  variant="default"
                  onClick={back}
                  disabled={creation.isPending}
                  leftSection={<IconArrowLeft size={16} aria-hidden />}
                >
                  {T.back}
                </Button>
                <Button
                  onClick={create}
                  loading={creation.isPending}
                  leftSection={<IconCheck size={16} aria-hidden />}
                >
                  {creation.isPending ? T.creating : T.createClass}
                </Button>
              </Group>
            </Stack>
          </Stepper.Step>
        </Stepper>
      </Paper>
    </Stack>
  );
}
