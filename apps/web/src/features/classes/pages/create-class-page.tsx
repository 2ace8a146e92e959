import { LoadError } from '../../../components/load-error';
import { LoadingLine } from '../../../components/loading-line';
import { Alert, Button, Group, Paper, Stack, Stepper, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconArrowRight, IconCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { SUCCESS_MESSAGE_MS } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import { TrialLimitBanner } from '../../../components/trial-limit-banner';
import { useTrialLimit } from '../../../lib/trial-limit';
import { createClassErrorMessage, useCreateClass } from '../api/create-class';
import { useSchoolStudents } from '../api/get-school-students';
import { registerUrl, SchoolCodeToShare } from '../components/getting-started';
import { StudentPicker } from '../components/student-picker';
import { usePageTitle } from '../use-page-title';

const T = MESSAGES.classesPage;
const G = MESSAGES.gettingStarted;

/**
 * /create-class (spec 02 §2 and §4): step 1 Class Info needs a non-blank name; step 2 Add Students
 * may leave every box unticked (our departure from spec 02 §4, docs/deviations.md: a new school's
 * teacher has no students yet), and shows the school code to share and where students register.
 * Success shows "Class created successfully!" and opens /classes. At the trial's class limit (spec 02
 * §4) the banner shows and neither step can be taken.
 */
export default function CreateClassPage() {
  usePageTitle(T.createDocumentTitle);
  const navigate = useNavigate();
  const trial = useTrialLimit('classes');
  const students = useSchoolStudents();
  const creation = useCreateClass();
  const [step, setStep] = useState(0);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | null>(null);

  const goToStudents = (event: FormEvent) => {
    event.preventDefault();
    // At the trial's class limit the class could never be created: stop before the students.
    if (trial.isLimitReached) return;
    if (!name.trim()) {
      setNameError(MESSAGES.classes.nameRequired);
      return;
    }
    setNameError(null);
    setStep(1);
  };

  const create = () => {
    setError(null);
    creation.mutate(
      { name: name.trim(), students: [...selected] },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            title: MESSAGES.classes.created,
            message: name.trim(),
            autoClose: SUCCESS_MESSAGE_MS,
          });
          navigate('/classes');
        },
        onError: (failure) => setError(createClassErrorMessage(failure)),
      },
    );
  };

  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>{T.createHeading}</Title>
      <TrialLimitBanner limit={trial} />

      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
        <Stepper active={step} onStepClick={(index) => index < step && setStep(index)} size="sm">
          <Stepper.Step label={T.stepClassInfo}>
            <form onSubmit={goToStudents} noValidate>
              <Stack mt="md">
                <TextInput
                  label={T.classNameLabel}
                  placeholder={T.classNamePlaceholder}
                  required
                  maxLength={120}
                  value={name}
                  error={nameError}
                  disabled={trial.isLimitReached}
                  onChange={(event) => {
                    setName(event.currentTarget.value);
                    if (nameError) setNameError(null);
                  }}
                  data-autofocus
                />
                <Group justify="flex-end">
                  <Button
                    type="submit"
                    disabled={trial.isLimitReached}
                    rightSection={<IconArrowRight size={16} aria-hidden />}
                  >
                    {T.next}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Stepper.Step>

          <Stepper.Step label={T.stepAddStudents}>
            <Stack mt="md">
              {students.isPending && <LoadingLine>{T.loadingStudents}</LoadingLine>}
              {students.isError && (
                <LoadError
                  message={MESSAGES.classes.loadStudentsFailed}
                  onRetry={() => void students.refetch()}
                  retrying={students.isFetching}
                />
              )}
              {students.data && students.data.length === 0 && (
                <Text c="dimmed">{T.noSchoolStudents}</Text>
              )}
              {students.data && students.data.length > 0 && (
                <StudentPicker
                  students={students.data}
                  selected={selected}
                  onChange={setSelected}
                />
              )}
              {students.data && (
                <Paper withBorder radius="md" p="sm" bg="gray.0" data-testid="share-school-code">
                  <Stack gap="xs">
                    <SchoolCodeToShare />
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {G.registerAt(registerUrl())}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {G.laterHint}
                    </Text>
                  </Stack>
                </Paper>
              )}
              {error && (
                <Alert color="red" role="alert">
                  {error}
                </Alert>
              )}
              <Group justify="space-between">
                <Button
                  variant="default"
                  leftSection={<IconArrowLeft size={16} aria-hidden />}
                  onClick={() => {
                    setError(null);
                    setStep(0);
                  }}
                  disabled={creation.isPending}
                >
                  {T.back}
                </Button>
                <Button
                  onClick={create}
                  loading={creation.isPending}
                  disabled={trial.isLimitReached}
                  leftSection={<IconCheck size={16} aria-hidden />}
                >
                  {T.createClass}
                </Button>
              </Group>
            </Stack>
          </Stepper.Step>
        </Stepper>
      </Paper>
    </Stack>
  );
}
