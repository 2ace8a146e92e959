import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBrandGoogle, IconSchool, IconSend, IconUsersPlus } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useLocation } from 'react-router';
import type { TClassTest } from '@stem/contract/class-tests';
import type {
  TClassroomPushOutcome,
  TClassroomPushRequest,
  TClassroomPushResponse,
  TClassroomPushStudent,
} from '@stem/contract/classroom';
import { MOBILE_MAX_WIDTH } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import type { TQuestion } from '@stem/contract/teaching';
import { formatDateTime } from '../../../lib/dates';
import {
  classroomFailure,
  startConnect,
  useClassroomCourses,
  useClassroomStatus,
  useLinkCourse,
  usePushMarks,
  useUnlinkCourse,
} from '../api';
import { ClassroomRosterDialog } from './classroom-roster-dialog';

const T = MESSAGES.classroom;

/** The Select's value as what is pushed. */
function targetOf(value: string | null): TClassroomPushRequest | null {
  if (value?.startsWith('t:')) return { testId: value.slice(2) };
  if (value?.startsWith('q:')) return { questionId: value.slice(2) };
  return null;
}
const OUTCOME_COLOURS: Record<TClassroomPushOutcome, string> = {
  pushed: 'teal',
  noClassroomAccount: 'gray',
  notMarked: 'yellow',
  failed: 'red',
};

function OutcomeBadge({ student }: { student: TClassroomPushStudent }) {
  return (
    <>
      <Badge color={OUTCOME_COLOURS[student.outcome]} variant="light">
        {T.outcome[student.outcome]}
      </Badge>
      {student.reason && (
        <Text size="xs" c="red.8">
          {student.reason}
        </Text>
      )}
    </>
  );
}

/** Each student's outcome: a table, or one card a student on a phone. */
function PushResults({ result }: { result: TClassroomPushResponse }) {
  const isPhone = useMediaQuery(`(max-width: ${MOBILE_MAX_WIDTH}px)`) ?? false;
  const { students, maxPoints } = result.data;
  const markOf = (s: TClassroomPushStudent) =>
    s.score === null ? '' : `${s.score} / ${maxPoints}`;
  return (
    <Stack gap="xs">
      <Alert color="teal" role="status">
        {result.message}
      </Alert>
      {isPhone ? (
        <Stack gap="xs" role="list" aria-label={T.pushTitle}>
          {students.map((s) => (
            <Paper
              key={s.studentId}
              withBorder
              p="sm"
              role="listitem"
              data-testid="classroom-push-row"
            >
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {s.name}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {s.email}
                  </Text>
                </div>
                {s.score !== null && (
                  <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {markOf(s)}
                  </Text>
                )}
              </Group>
              <div style={{ marginTop: 'var(--mantine-spacing-xs)' }}>
                <OutcomeBadge student={s} />
              </div>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table striped verticalSpacing={4} fz="sm" aria-label={T.pushTitle}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{T.columnStudent}</Table.Th>
              <Table.Th>{T.columnEmail}</Table.Th>
              <Table.Th>{T.columnMark}</Table.Th>
              <Table.Th>{T.columnOutcome}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {students.map((s) => (
              <Table.Tr key={s.studentId} data-testid="classroom-push-row">
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{s.name}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{s.email}</Table.Td>
                <Table.Td>{markOf(s)}</Table.Td>
                <Table.Td>
                  <OutcomeBadge student={s} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/**
 * The class page's "Google Classroom" section (issue 29), for the class's teacher, shown only when
 * the operator turned Classroom on: connect the teacher's Google account, link (or change) the
 * course, import its roster, push a question's marks and see each student's outcome.
 */
export function ClassroomSection({
  classId,
  questions,
  tests = [],
}: {
  classId: string;
  questions: TQuestion[];
  /** The class's tests: a test is pushed as one grade (its questions' total). */
  tests?: TClassTest[];
}) {
  const headingId = useId();
  const location = useLocation();
  const arrived = (location.state as { classroomMessage?: string } | null)?.classroomMessage;
  const status = useClassroomStatus(classId);
  const [choosing, setChoosing] = useState(false);
  const [courseId, setCourseId] = useState<string | null>(null);
  /** The question or test to push: "q:<id>" or "t:<id>". */
  const [choice, setChoice] = useState<string | null>(null);
  const [rosterOpen, setRosterOpen] = useState(false);
  const [connecting, setConnecting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(arrived ?? null);
  const link = useLinkCourse(classId);
  const unlink = useUnlinkCourse(classId);
  const push = usePushMarks(classId);

  const data = status.data;
  const showPicker = Boolean(data?.enabled && data.connected && (choosing || !data.link));
  const courses = useClassroomCourses(classId, showPicker);

  if (status.isPending || status.isError || !data?.enabled) return null;

  const connect = () => {
    setError(null);
    setConnecting(true);
    startConnect(classId).catch((failure: unknown) => {
      setConnecting(false);
      setError(classroomFailure(failure));
    });
  };
  const target = targetOf(choice);
  const chosenPushedAt = target
    ? data.pushes.find((p) =>
        target.testId ? p.testId === target.testId : p.questionId === target.questionId,
      )?.pushedAt
    : undefined;
  const pushable = tests.filter((t) => t.questions.length > 0);

  let body;
  if (!data.connected) {
    body = (
      <Stack gap="xs" align="flex-start">
        <Text size="sm" c="dimmed">
          {T.connectHelp}
        </Text>
        <Button
          leftSection={<IconBrandGoogle size={16} aria-hidden />}
          onClick={connect}
          loading={connecting}
        >
          {data.link ? T.reconnect : T.connect}
        </Button>
      </Stack>
    );
  } else if (showPicker) {
    const options = (courses.data ?? []).map((c) => ({
      value: c.id,
      label: c.section ? `${c.name} (${c.section})` : c.name,
    }));
    body = (
      <Stack gap="xs">
        {courses.isError && (
          <Alert color="red" role="alert">
            {classroomFailure(courses.error)}
          </Alert>
        )}
        {courses.isSuccess && options.length === 0 && <Text size="sm">{T.noCourses}</Text>}
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={T.courseLabel}
            placeholder={T.coursePlaceholder}
            data={options}
            value={courseId}
            onChange={setCourseId}
            disabled={!courses.isSuccess}
            searchable
            style={{ flex: '1 1 16rem', minWidth: 0 }}
          />
          <Button
            disabled={!courseId}
            loading={link.isPending}
            onClick={() => {
              if (!courseId) return;
              setError(null);
              link.mutate(courseId, {
                onSuccess: (reply) => {
                  setNotice(reply.message);
                  setChoosing(false);
                },
                onError: (failure) => setError(classroomFailure(failure)),
              });
            }}
          >
            {T.linkCourse}
          </Button>
          {choosing && data.link && (
            <Button variant="default" onClick={() => setChoosing(false)}>
              {T.cancel}
            </Button>
          )}
        </Group>
        {courses.isError && (
          <Button variant="default" onClick={connect} loading={connecting} w="fit-content">
            {T.reconnect}
          </Button>
        )}
      </Stack>
    );
  } else if (data.link) {
    body = (
      <Stack gap="md">
        <Group gap="sm" wrap="wrap">
          <Badge
            size="lg"
            variant="light"
            leftSection={<IconSchool size={14} aria-hidden />}
            styles={{ label: { textTransform: 'none' } }}
            data-testid="classroom-linked"
          >
            {T.linkedTo(data.link.courseName)}
          </Badge>
          <Button variant="subtle" size="compact-sm" onClick={() => setChoosing(true)}>
            {T.changeCourse}
          </Button>
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            loading={unlink.isPending}
            onClick={() =>
              unlink.mutate(undefined, {
                onSuccess: (reply) => setNotice(reply.message),
                onError: (failure) => setError(classroomFailure(failure)),
              })
            }
          >
            {T.unlink}
          </Button>
        </Group>
        <div>
          <Button
            variant="light"
            leftSection={<IconUsersPlus size={16} aria-hidden />}
            onClick={() => setRosterOpen(true)}
          >
            {T.importRoster}
          </Button>
        </div>
        <Stack gap="xs">
          <Title order={3} size="h5">
            {T.pushTitle}
          </Title>
          <Text size="sm" c="dimmed">
            {T.pushHelp}
          </Text>
          {questions.length === 0 ? (
            <Text size="sm">{T.noQuestions}</Text>
          ) : (
            <Group align="flex-end" gap="sm" wrap="wrap">
              <Select
                label={T.questionLabel}
                placeholder={T.questionPlaceholder}
                data={[
                  {
                    group: T.groupQuestions,
                    items: questions.map((q) => ({ value: `q:${q._id}`, label: q.question })),
                  },
                  ...(pushable.length > 0
                    ? [
                        {
                          group: T.groupTests,
                          items: pushable.map((t) => ({
                            value: `t:${t.id}`,
                            label: T.testOption(t.title, t.totalMarks),
                          })),
                        },
                      ]
                    : []),
                ]}
                value={choice}
                onChange={(value) => {
                  setChoice(value);
                  push.reset();
                }}
                description={
                  chosenPushedAt ? T.alreadyPushed(formatDateTime(chosenPushedAt)) : undefined
                }
                style={{ flex: '1 1 16rem', minWidth: 0 }}
              />
              <Button
                leftSection={<IconSend size={16} aria-hidden />}
                disabled={!target}
                loading={push.isPending}
                onClick={() => {
                  if (!target) return;
                  setError(null);
                  push.mutate(target, {
                    onError: (failure) => setError(classroomFailure(failure)),
                  });
                }}
              >
                {T.pushSubmit}
              </Button>
            </Group>
          )}
          {push.data && <PushResults result={push.data} />}
        </Stack>
      </Stack>
    );
  }

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h3" id={headingId}>
            {T.title}
          </Title>
          <Text size="sm" c="dimmed">
            {T.help}
          </Text>
        </div>
        {notice && (
          <Alert
            color="teal"
            role="status"
            withCloseButton
            closeButtonLabel={T.close}
            onClose={() => setNotice(null)}
          >
            {notice}
          </Alert>
        )}
        {error && (
          <Alert
            color="red"
            role="alert"
            withCloseButton
            closeButtonLabel={T.close}
            onClose={() => setError(null)}
          >
            {error}
          </Alert>
        )}
        {body}
      </Stack>
      <ClassroomRosterDialog
        classId={classId}
        opened={rosterOpen}
        onClose={() => setRosterOpen(false)}
      />
    </Paper>
  );
}
