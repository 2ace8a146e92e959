import { Alert, Button, Paper, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { TLtiDeepLinkRequest } from '@stem/contract/lti';
import { LTI_MESSAGES } from '@stem/contract/messages-lti';
import { LoadError } from '../../../components/load-error';
import { LoadingLine } from '../../../components/loading-line';
import { usePageTitle } from '../../../components/use-page-title';
import { describeError } from '../../../lib/http';
import { chooseDeepLink, getDeepLinkOptions } from '../api';

const T = LTI_MESSAGES;

/**
 * Deep linking (issue 29): the teacher picks a question or a test of one of their classes for the
 * LMS's new assignment; the server signs the answer, and its page posts it back to the LMS.
 */
export default function LtiDeepLinkPage() {
  usePageTitle(T.deepLinkTitle);
  const launchId = useParams().launchId ?? '';
  const options = useQuery({
    queryKey: ['lti-deep-link', launchId],
    queryFn: () => getDeepLinkOptions(launchId),
    retry: false,
  });
  const [classId, setClassId] = useState<string | null>(null);
  const [questionId, setQuestionId] = useState<string | null>(null);
  const [kind, setKind] = useState<'question' | 'test'>('question');
  const [testId, setTestId] = useState<string | null>(null);
  const choose = useMutation({
    mutationFn: (body: TLtiDeepLinkRequest) => chooseDeepLink(launchId, body),
    // The server's page posts the signed response to the LMS: a full navigation, not a call.
    onSuccess: (reply) => window.location.assign(reply.returnPage),
  });

  if (options.isPending) return <LoadingLine>{T.deepLinkTitle}</LoadingLine>;
  if (options.isError) {
    return (
      <LoadError
        message={describeError(options.error)}
        onRetry={() => void options.refetch()}
        retrying={options.isFetching}
      />
    );
  }
  const data = options.data;
  const classes = data.classes;
  const chosenClass =
    classes.find((c) => c.id === (classId ?? data.linkedClassId)) ??
    (classes.length === 1 ? classes[0] : undefined);
  const linked = data.linkedClassId ? classes.find((c) => c.id === data.linkedClassId) : undefined;
  const tests = chosenClass?.tests ?? [];
  const asTest = kind === 'test' && tests.length > 0;
  const ready = Boolean(chosenClass && (asTest ? testId : questionId));

  return (
    <Stack gap="lg" maw={640}>
      <div>
        <Title order={1}>{T.deepLinkTitle}</Title>
        {data.courseTitle && (
          <Text c="dimmed" mt={4}>
            {T.classCourse(data.courseTitle, data.platformName)}
          </Text>
        )}
      </div>
      <Paper withBorder p="md" radius="md">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!chosenClass) return;
            if (asTest && testId) choose.mutate({ classId: chosenClass.id, testId });
            else if (!asTest && questionId) choose.mutate({ classId: chosenClass.id, questionId });
          }}
        >
          <Stack gap="md">
            <Text size="sm">{T.deepLinkHelp(data.platformName)}</Text>
            {linked && <Text size="sm">{T.deepLinkLinkedClass(linked.name)}</Text>}
            {classes.length === 0 ? (
              <Alert color="yellow">{T.deepLinkNoClasses}</Alert>
            ) : (
              <>
                <Select
                  label={T.deepLinkClass}
                  data={classes.map((c) => ({ value: c.id, label: c.name }))}
                  value={chosenClass?.id ?? null}
                  onChange={(value) => {
                    setClassId(value);
                    setQuestionId(null);
                    setTestId(null);
                  }}
                  disabled={Boolean(linked)}
                  allowDeselect={false}
                  required
                />
                {tests.length > 0 && (
                  <div>
                    <Text size="sm" fw={500} mb={4} id="deep-link-kind">
                      {T.deepLinkKind}
                    </Text>
                    <SegmentedControl
                      aria-labelledby="deep-link-kind"
                      value={kind}
                      onChange={(value) => setKind(value === 'test' ? 'test' : 'question')}
                      data={[
                        { value: 'question', label: T.deepLinkKindQuestion },
                        { value: 'test', label: T.deepLinkKindTest },
                      ]}
                    />
                  </div>
                )}
                {asTest ? (
                  <Select
                    label={T.deepLinkTest}
                    data={tests.map((t) => ({
                      value: t.id,
                      label: T.deepLinkTestOption(t.title, t.questionCount, t.marks),
                    }))}
                    value={testId}
                    onChange={setTestId}
                    searchable
                    required
                  />
                ) : chosenClass && chosenClass.questions.length === 0 ? (
                  <Alert color="yellow">{T.deepLinkNoQuestions}</Alert>
                ) : (
                  <Select
                    label={T.deepLinkQuestion}
                    data={(chosenClass?.questions ?? []).map((q) => ({
                      value: q.id,
                      label: `${q.question} (${q.marks})`,
                    }))}
                    value={questionId}
                    onChange={setQuestionId}
                    disabled={!chosenClass}
                    searchable
                    required
                  />
                )}
              </>
            )}
            {choose.isError && (
              <Alert color="red" role="alert">
                {describeError(choose.error)}
              </Alert>
            )}
            <Button
              type="submit"
              disabled={!ready}
              loading={choose.isPending || choose.isSuccess}
              style={{ alignSelf: 'flex-start' }}
            >
              {T.deepLinkSubmit}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
