import {
  Alert,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { SCAN_MESSAGES, type TScanPage } from '@stem/contract/scans';
import { ScanCrop } from '../../../components/scan-crop/scan-crop';
import { useClassQuestions, useClassStudents } from '../../upload-work/api/get-upload-options';
import { uploadErrorText } from '../../upload-work/api/submit-for-student';
import { useAssignPage, usePageAction, useRescanPending } from '../api/scans';
import { ReplaceWithRescan } from './replace-with-rescan';

const T = SCAN_MESSAGES;

type TProps = {
  batchId: string;
  /** The batch's class: the default for assigning, and the class of "absent". */
  classId: string;
  totalPages: number;
  page: TScanPage;
  /** The teacher's classes: a page can be assigned to another (a sheet in the wrong stack). */
  classes: { id: string; name: string }[];
};

/**
 * A page the app could not place, or that was blank: its place in the stack and why, its scan (while
 * the batch is open) beside the text (and name) read from it, and what the teacher can do with it: assign it to a student
 * and question of any of their classes, discard it, mark the student absent, or replace it with a
 * re-scan. A page dealt with stays in the list, saying what happened to it.
 */
export function LeftoverPage({ batchId, classId, totalPages, page, classes }: TProps) {
  const [chosenClass, setChosenClass] = useState<string>(page.classId ?? classId);
  const [studentId, setStudentId] = useState<string | null>(page.student?.id ?? null);
  const [questionId, setQuestionId] = useState<string | null>(page.questionId);
  const [text, setText] = useState(page.text);
  const students = useClassStudents(chosenClass);
  const questions = useClassQuestions(chosenClass);
  const assign = useAssignPage(batchId);
  const act = usePageAction(batchId);
  const rescanning = useRescanPending(page.id);
  // A booklet page holds several answers: its place names the box's printed question too.
  const place =
    page.questionNumber === null
      ? T.pagePlace(page.pageNumber, totalPages)
      : `${T.regionPlace(page.pageNumber, totalPages, page.questionNumber)}${
          page.continuation ? ` (${T.continuationOf(page.questionNumber)})` : ''
        }`;
  const why = page.reason ? T.reasons[page.reason] : '';
  const headingId = `leftover-${page.id}`;
  const studentList = (students.data ?? []).map((s) => ({ id: s._id, name: s.name }));
  const questionList = (questions.data ?? []).map((q) => ({ id: q._id, question: q.question }));
  const placedOn = page.student?.name || studentList.find((s) => s.id === page.student?.id)?.name;
  const placedIndex = questionList.findIndex((q) => q.id === page.questionId);
  // Numbered as printed on the paper (the class's order when the page did not say).
  const placedQuestion =
    placedIndex < 0
      ? undefined
      : `${page.questionNumber ?? placedIndex + 1}. ${questionList[placedIndex]?.question}`;
  const open = page.status === 'needs_teacher';
  const inBatchClass = chosenClass === classId;
  const error = assign.error ?? act.error;
  const busy = assign.isPending || act.isPending || rescanning;
  const changeClass = (value: string | null) => {
    if (!value || value === chosenClass) return;
    setChosenClass(value);
    setStudentId(null);
    setQuestionId(null);
  };
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Text fw={600} id={headingId}>
          {place}
          {why ? `, ${why}` : ''}
          {page.status === 'blank' ? `, ${T.blankTitle.toLowerCase()}` : ''}
        </Text>
        {page.readName && <Text size="sm">{T.readName(page.readName)}</Text>}
        {!open && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <ScanCrop cropId={page.cropId} place={place} />
            {page.status !== 'blank' && (
              <Text
                component="pre"
                size="sm"
                style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 }}
                c={page.text ? undefined : 'dimmed'}
                aria-label={`${place}: text`}
              >
                {page.text || T.noText}
              </Text>
            )}
          </SimpleGrid>
        )}
        {page.status === 'blank' && placedOn && (
          <Text size="sm">{T.blankLine(placedOn, placedQuestion ?? '')}</Text>
        )}
        {page.status === 'assigned' && (
          <Group gap={6} wrap="nowrap" align="flex-start" role="status">
            <IconCircleCheck size={18} color="var(--mantine-color-green-7)" aria-hidden />
            <Text size="sm">
              {T.assigned}
              {placedOn ? ` ${T.studentLabel}: ${placedOn}.` : ''}
              {placedQuestion ? ` ${T.questionLabel}: ${placedQuestion}` : ''}
            </Text>
          </Group>
        )}
        {(page.status === 'absent' || page.status === 'discarded') && (
          <Group gap={6} wrap="nowrap" align="flex-start" role="status">
            <IconCircleCheck size={18} color="var(--mantine-color-green-7)" aria-hidden />
            <Text size="sm">
              {page.status === 'absent' ? T.statusAbsent(placedOn ?? '') : T.statusDiscarded}
            </Text>
          </Group>
        )}
        {open && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (studentId && questionId) {
                assign.mutate({
                  pageId: page.id,
                  studentId,
                  questionId,
                  ...(inBatchClass ? {} : { classId: chosenClass }),
                  // Only the teacher's correction is sent: the server keeps the text it read.
                  ...(text.trim() !== page.text.trim() ? { text } : {}),
                });
              }
            }}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mb="sm">
              <ScanCrop cropId={page.cropId} place={place} />
              <Textarea
                label={T.answerTextLabel}
                value={text}
                onChange={(event) => setText(event.currentTarget.value)}
                placeholder={page.text ? undefined : T.noText}
                autosize
                minRows={3}
                maxRows={12}
                aria-label={`${T.answerTextLabel}: ${place}`}
                description={page.continuedText ? T.continuedWith(page.continuedText) : undefined}
              />
            </SimpleGrid>
            <Group align="flex-end" wrap="wrap">
              {classes.length > 1 && (
                <Select
                  label={T.assignClassLabel}
                  data={classes.map((c) => ({ value: c.id, label: c.name }))}
                  value={chosenClass}
                  onChange={changeClass}
                  allowDeselect={false}
                  w={{ base: '100%', sm: 200 }}
                  aria-label={`${T.assignClassLabel} for ${place}`}
                />
              )}
              <Select
                label={T.studentLabel}
                data={studentList.map((s) => ({ value: s.id, label: s.name }))}
                value={studentId}
                onChange={setStudentId}
                searchable
                w={{ base: '100%', sm: 220 }}
                aria-label={`${T.studentLabel} for ${place}`}
              />
              <Select
                label={T.questionLabel}
                data={questionList.map((q, i) => ({
                  value: q.id,
                  label: `${i + 1}. ${q.question}`,
                }))}
                value={questionId}
                onChange={setQuestionId}
                w={{ base: '100%', sm: 280 }}
                aria-label={`${T.questionLabel} for ${place}`}
              />
              <Button
                type="submit"
                disabled={!studentId || !questionId || text.trim() === ''}
                loading={assign.isPending}
              >
                {T.assign}
              </Button>
            </Group>
          </form>
        )}
        {(open || page.status === 'blank') && (
          <Group align="flex-end" wrap="wrap">
            <Button
              variant="default"
              disabled={busy || !studentId || !questionId || !inBatchClass}
              onClick={() =>
                act.mutate({
                  kind: 'absent',
                  pageId: page.id,
                  ...(studentId ? { studentId } : {}),
                  ...(questionId ? { questionId } : {}),
                })
              }
            >
              {T.markAbsent}
            </Button>
            <Button
              variant="default"
              color="red"
              disabled={busy}
              onClick={() => act.mutate({ kind: 'discard', pageId: page.id })}
            >
              {T.discard}
            </Button>
          </Group>
        )}
        {page.status !== 'discarded' && (
          <ReplaceWithRescan
            batchId={batchId}
            pageId={page.id}
            place={place}
            disabled={assign.isPending || act.isPending}
            // Said once, under the control (not also when its re-scan just said the same).
            note={page.replacedEarlier ? T.replacedEarlier : undefined}
          />
        )}
        {error && (
          <Alert color="red" role="alert">
            {uploadErrorText(error)}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
