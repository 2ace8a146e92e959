import { Alert, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconChevronUp, IconPlus } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { TClassTest } from '@stem/contract/class-tests';
import { SUCCESS_MESSAGE_MS } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import { describeError } from '../../../lib/http';
import { useClassTests, useDeleteTest } from '../api';
import { TestEditor } from './test-editor';
import { TestResults } from './test-results';

const T = MESSAGES.classTests;

type TQuestion = { _id: string; question: string };

function TestRow({
  classId,
  test,
  open,
  onToggle,
  onEdit,
  onDelete,
  canEdit,
}: {
  classId: string;
  test: TClassTest;
  open: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
  canEdit: boolean;
}) {
  const resultsId = useId();
  return (
    <Paper withBorder p="sm" radius="sm" data-testid="class-test">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <div style={{ flex: '1 1 14rem', minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {test.title}
          </Text>
          <Text size="sm" c="dimmed">
            {T.questionCount(test.questions.length)} · {T.marksCount(test.totalMarks)}
          </Text>
        </div>
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            variant="light"
            aria-expanded={open}
            aria-controls={resultsId}
            rightSection={
              open ? (
                <IconChevronUp size={14} aria-hidden />
              ) : (
                <IconChevronDown size={14} aria-hidden />
              )
            }
            onClick={onToggle}
          >
            {open ? T.hideResults : T.results}
          </Button>
          {canEdit && (
            <>
              <Button size="xs" variant="default" onClick={onEdit}>
                {T.edit}
              </Button>
              <Button size="xs" variant="subtle" color="red" onClick={onDelete}>
                {T.delete}
              </Button>
            </>
          )}
        </Group>
      </Group>
      <div id={resultsId} hidden={!open}>
        {open && (
          <div style={{ marginTop: 'var(--mantine-spacing-sm)' }}>
            <TestResults classId={classId} test={test} />
          </div>
        )}
      </div>
    </Paper>
  );
}

/**
 * The class page's "Tests" section (issues 28, 29): the class's tests, newest first; its teacher
 * makes, edits and deletes them; each opens its results (per question and total) with a CSV. The
 * address `?test={id}` opens that test's results (an LMS launch of a test lands there). The
 * school's admin sees the same section without the writing buttons.
 */
export function ClassTestsSection({
  classId,
  questions,
  canEdit = true,
}: {
  classId: string;
  questions: TQuestion[];
  canEdit?: boolean;
}) {
  const headingId = useId();
  const [search] = useSearchParams();
  const tests = useClassTests(classId);
  const [openId, setOpenId] = useState<string | null>(() => search.get('test'));
  const [editing, setEditing] = useState<TClassTest | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TClassTest | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const remove = useDeleteTest(classId);

  const saved = (message: string) =>
    notifications.show({ color: 'green', message, autoClose: SUCCESS_MESSAGE_MS });

  let body;
  if (tests.isPending) {
    body = null;
  } else if (tests.isError) {
    body = (
      <Alert color="red" role="alert">
        {T.loadFailed}
      </Alert>
    );
  } else if (tests.data.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        {!canEdit ? T.noTestsReadOnly : questions.length === 0 ? T.noClassQuestions : T.noTests}
      </Text>
    );
  } else {
    body = (
      <Stack gap="xs">
        {tests.data.map((test) => (
          <TestRow
            key={test.id}
            classId={classId}
            test={test}
            open={openId === test.id}
            onToggle={() => setOpenId((id) => (id === test.id ? null : test.id))}
            onEdit={() => setEditing(test)}
            onDelete={() => {
              setDeleteError(null);
              setDeleting(test);
            }}
            canEdit={canEdit}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div style={{ flex: '1 1 16rem', minWidth: 0 }}>
            <Title order={2} size="h3" id={headingId}>
              {T.sectionTitle}
            </Title>
            <Text size="sm" c="dimmed">
              {T.sectionHelp}
            </Text>
          </div>
          {canEdit && (
            <Button
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              disabled={questions.length === 0}
              onClick={() => setEditing('new')}
            >
              {T.newTest}
            </Button>
          )}
        </Group>
        {body}
      </Stack>
      {canEdit && (
        <TestEditor
          classId={classId}
          questions={questions}
          test={editing === 'new' ? null : editing}
          opened={editing !== null}
          onClose={() => setEditing(null)}
          onSaved={(reply) => {
            setEditing(null);
            saved(reply.message);
          }}
        />
      )}
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={T.deleteTitle}
        size="md"
      >
        <Stack>
          <Text size="sm">{deleting ? T.deleteText(deleting.title) : ''}</Text>
          {deleteError && (
            <Alert color="red" role="alert">
              {deleteError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {T.cancel}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => {
                if (!deleting) return;
                remove.mutate(deleting.id, {
                  onSuccess: (reply) => {
                    setDeleting(null);
                    saved(reply.message);
                  },
                  onError: (failure) =>
                    setDeleteError(describeError(failure, { fallback: T.deleteFailed })),
                });
              }}
            >
              {T.delete}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
