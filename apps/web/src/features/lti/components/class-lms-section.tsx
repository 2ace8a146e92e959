import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TLtiScoreOutcome } from '@stem/contract/lti';
import { LTI_MESSAGES } from '@stem/contract/messages-lti';
import { describeError } from '../../../lib/http';
import { getClassLinks, importLmsRoster, sendLmsScores, type TLmsScoresTarget } from '../api';

const T = LTI_MESSAGES;

const STATUS: Record<TLtiScoreOutcome['status'], { label: string; color: string }> = {
  sent: { label: T.outcomeSent, color: 'teal' },
  failed: { label: T.outcomeFailed, color: 'red' },
  notLinked: { label: T.outcomeNotLinked, color: 'gray' },
};

function Outcomes({ outcomes }: { outcomes: TLtiScoreOutcome[] }) {
  if (outcomes.length === 0) return null;
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{T.columnStudent}</Table.Th>
            <Table.Th>{T.columnMark}</Table.Th>
            <Table.Th>{T.lastSent}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {outcomes.map((o) => (
            <Table.Tr key={o.studentId}>
              <Table.Td>{o.studentName}</Table.Td>
              <Table.Td>
                {o.scoreGiven ?? '-'}/{o.scoreMaximum ?? '-'}
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Badge color={STATUS[o.status].color} variant="light">
                    {STATUS[o.status].label}
                  </Badge>
                  {o.sentAt && (
                    <Text size="xs" c="dimmed">
                      {new Date(o.sentAt).toLocaleString()}
                    </Text>
                  )}
                </Group>
                {o.status === 'failed' && o.detail && (
                  <Text size="xs" c="red">
                    {o.detail}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * A class's LMS courses (issue 29, LTI 1.3), shown once an LMS assignment links the class: bring
 * the course's learners in, and send each question's marks to its gradebook column with the last
 * outcome per student. Nothing shows for a class no LMS links.
 */
export function ClassLmsSection({ classId }: { classId: string }) {
  const queryClient = useQueryClient();
  const queryKey = ['lti-class', classId];
  const links = useQuery({ queryKey, queryFn: () => getClassLinks(classId) });
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const done = (message: string) => {
    setNotice({ kind: 'success', text: message });
    void queryClient.invalidateQueries({ queryKey });
  };
  const roster = useMutation({
    mutationFn: () => importLmsRoster(classId),
    onSuccess: (reply) => {
      done(reply.message);
      void queryClient.invalidateQueries();
    },
    onError: (error) => setNotice({ kind: 'error', text: describeError(error) }),
  });
  const scores = useMutation({
    mutationFn: (target: TLmsScoresTarget) => sendLmsScores(classId, target),
    onSuccess: (reply) => done(reply.message),
    onError: (error) => setNotice({ kind: 'error', text: describeError(error) }),
  });

  const courses = links.data?.courses ?? [];
  if (courses.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="class-lms-h">
      <Title order={2} size="h3" id="class-lms-h" mb="sm">
        {T.classTitle}
      </Title>
      <Stack gap="md">
        {notice && (
          <Alert color={notice.kind === 'error' ? 'red' : 'teal'} role="status">
            {notice.text}
          </Alert>
        )}
        {courses.map((course) => (
          <Stack key={course.id} gap="sm">
            <Group justify="space-between" align="center">
              <Text fw={600}>{T.classCourse(course.title, course.platformName)}</Text>
              {course.hasRosterService && (
                <Button variant="light" loading={roster.isPending} onClick={() => roster.mutate()}>
                  {T.importRoster}
                </Button>
              )}
            </Group>
            {course.lineItems.length === 0 && (
              <Text size="sm" c="dimmed">
                {T.noLineItem}
              </Text>
            )}
            {course.lineItems.map((item) => (
              <Paper key={item.id} withBorder p="sm" radius="sm">
                <Group justify="space-between" align="flex-start" wrap="wrap" mb="xs">
                  <Text size="sm" style={{ flex: 1, minWidth: 200, overflowWrap: 'anywhere' }}>
                    {item.question}
                  </Text>
                  <Button
                    size="sm"
                    loading={scores.isPending && scores.variables.lineItemId === item.id}
                    onClick={() => scores.mutate({ lineItemId: item.id, ...item })}
                  >
                    {T.sendMarks}
                  </Button>
                </Group>
                <Outcomes outcomes={item.outcomes} />
              </Paper>
            ))}
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
