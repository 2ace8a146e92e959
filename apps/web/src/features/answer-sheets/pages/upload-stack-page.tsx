import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  SCAN_MESSAGES,
  type TPageReason,
  type TScanBatch,
  type TScanBatchDetails,
  type TScanPage,
} from '@stem/contract/scans';
import { LoadingLine } from '../../../components/loading-line';
import { usePageTitle } from '../../../components/use-page-title';
import { formatDateTime, formatLongDate } from '../../../lib/dates';
import { useClassQuestions, useTeacherClasses } from '../../upload-work/api/get-upload-options';
import { uploadErrorText } from '../../upload-work/api/submit-for-student';
import {
  isSettled,
  SCANS_KEY,
  uploadStack,
  useRecentBatches,
  useReleaseBatch,
  useScanBatch,
} from '../api/scans';
import { LeftoverPage } from '../components/leftover-page';
import { ReadAnswer } from '../components/read-answer';

const T = SCAN_MESSAGES;
const ACCEPT = 'application/pdf,image/jpeg,image/png,image/tiff';

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xl" fw={700}>
        {value}
      </Text>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Paper>
  );
}

function progressOf(batch: TScanBatchDetails) {
  if (batch.status === 'queued' || batch.totalPages === 0) {
    return { value: 0, label: batch.status === 'queued' ? T.queued : T.openingFiles };
  }
  // Reading is the first half of the bar, marking the second.
  const read = batch.readPages / batch.totalPages;
  const marking = batch.assigned === 0 ? 1 : (batch.marked + batch.markingFailed) / batch.assigned;
  const value = batch.status === 'done' ? 50 + 50 * marking : 50 * read;
  const label =
    batch.status === 'done'
      ? T.marking(batch.marked, batch.assigned)
      : T.reading(batch.readPages, batch.totalPages);
  return { value: Math.round(value), label };
}

/** A recent upload's state in a few words: waiting, pages read, answers marked, or failed. */
function stateOf(batch: TScanBatch): string {
  if (batch.status === 'failed') return T.failed;
  if (batch.status === 'queued') return T.queued;
  if (batch.status === 'reading') return T.reading(batch.readPages, batch.totalPages);
  return T.marking(batch.marked, batch.assigned);
}

/** A held batch's release: the button while its marks wait, then when they were released. */
function BatchRelease({ batch }: { batch: TScanBatchDetails }) {
  const release = useReleaseBatch(batch.id);
  if (!batch.holdMarks) return null;
  if (batch.releasedAt) {
    return <Text size="sm">{T.releasedNote(formatDateTime(batch.releasedAt))}</Text>;
  }
  return (
    <Alert color="yellow" title={T.heldNote}>
      <Stack gap="xs" align="flex-start">
        <Button onClick={() => release.mutate()} loading={release.isPending}>
          {T.releaseBatch}
        </Button>
        {release.isError && (
          <Text size="sm" c="red" role="alert">
            {uploadErrorText(release.error)}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

/** How long the batch's scan images are kept, or when they were deleted (issue 28). */
function ImagesNote({ batch }: { batch: TScanBatchDetails }) {
  if (batch.imagesDeletedAt) {
    return (
      <Text size="sm" c="dimmed" data-testid="images-note">
        {T.imagesDeleted(formatLongDate(batch.imagesDeletedAt))}
      </Text>
    );
  }
  const kept =
    batch.answers.some((a) => a.cropId !== null) || batch.pages.some((p) => p.cropId !== null);
  if (!kept) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="images-note">
      {T.imagesKept(formatLongDate(batch.imagesKeptUntil))}
    </Text>
  );
}

/**
 * The pages set aside as repeats, by why: the same sheet again, an earlier scan a re-scan replaced,
 * or a blank re-scan of a page whose answer was kept (issue 28).
 */
function repeatReasons(pages: TScanPage[]): { reason: TPageReason; pages: TScanPage[] }[] {
  const groups = new Map<TPageReason, TScanPage[]>();
  for (const page of pages) {
    const reason = page.reason ?? 'duplicate';
    groups.set(reason, [...(groups.get(reason) ?? []), page]);
  }
  return [...groups].map(([reason, grouped]) => ({ reason, pages: grouped }));
}

function BatchProgress({ batchId }: { batchId: string }) {
  const query = useScanBatch(batchId);
  const classes = useTeacherClasses();
  const questions = useClassQuestions(query.data?.classId ?? null);
  if (query.isPending) return <LoadingLine>{T.queued}</LoadingLine>;
  if (query.isError) return <Alert color="red">{T.batchNotFound}</Alert>;
  const batch = query.data;
  const progress = progressOf(batch);
  const settled = isSettled(batch);
  // Pages that need the teacher, and those the teacher dealt with (they say what became of them).
  const leftovers = batch.pages.filter((p) => p.status !== 'duplicate' && p.status !== 'blank');
  const blanks = batch.pages.filter((p) => p.status === 'blank');
  const repeats = batch.pages.filter((p) => p.status === 'duplicate');
  const classList = (classes.data ?? []).map((c) => ({ id: c._id, name: c.name }));
  const pageCard = (page: (typeof batch.pages)[number]) => (
    <LeftoverPage
      key={page.id}
      batchId={batch.id}
      classId={batch.classId}
      totalPages={batch.totalPages}
      page={page}
      classes={classList}
    />
  );
  return (
    <Stack gap="md" component="section" aria-labelledby="batch-progress-h">
      <Title order={2} size="h3" id="batch-progress-h">
        {T.progressTitle}: {batch.className}
      </Title>
      {batch.status === 'failed' ? (
        <Alert color="red" role="alert" title={T.failed}>
          {batch.failureReason}
        </Alert>
      ) : (
        <div>
          <Progress
            value={progress.value}
            size="xl"
            animated={!settled}
            aria-label={progress.label}
          />
          <Text size="sm" mt={6} aria-live="polite">
            {settled ? T.done : progress.label}
          </Text>
        </div>
      )}
      <SimpleGrid cols={{ base: 2, sm: 5 }}>
        <Figure label={T.summaryAssigned} value={batch.assigned} />
        <Figure label={T.summaryNeedsTeacher} value={batch.needsTeacher} />
        <Figure label={T.summaryMarked} value={batch.marked} />
        <Figure label={T.summaryBlank} value={batch.blank} />
        <Figure label={T.summaryRepeats} value={batch.duplicates} />
      </SimpleGrid>
      <BatchRelease batch={batch} />
      <ImagesNote batch={batch} />
      {batch.marked > 0 && (
        <Anchor component={Link} to="/submissions">
          {T.viewSubmissions}
        </Anchor>
      )}
      {leftovers.length > 0 && (
        <Stack gap="sm">
          <Title order={3} size="h4">
            {T.needsTeacherTitle}
          </Title>
          <Text size="sm">{T.needsTeacherIntro}</Text>
          {leftovers.map(pageCard)}
        </Stack>
      )}
      {blanks.length > 0 && (
        <Stack gap="sm">
          <Title order={3} size="h4">
            {T.blankTitle}
          </Title>
          <Text size="sm">{T.blankIntro}</Text>
          {blanks.map(pageCard)}
        </Stack>
      )}
      {batch.answers.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="read-answers-h">
          <Title order={3} size="h4" id="read-answers-h">
            {T.answersTitle}
          </Title>
          <Text size="sm">{T.answersIntro}</Text>
          {batch.answers.map((answer) => (
            <ReadAnswer
              key={answer.answerId}
              batchId={batch.id}
              answer={answer}
              totalPages={batch.totalPages}
              question={questions.data?.find((q) => q._id === answer.questionId)?.question}
            />
          ))}
        </Stack>
      )}
      {repeatReasons(repeats).map(({ reason, pages }) => (
        <Text key={reason} size="sm" c="dimmed">
          {pages.map((p) => T.pagePlace(p.pageNumber, batch.totalPages)).join(', ')}:{' '}
          {T.reasons[reason]}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * /upload-stack (issue 12): one upload for a class's whole stack of printed answer sheets, then a
 * progress bar fed by the server that survives a reload (the batch id is in the address), a summary,
 * and the pages the teacher must place.
 */
export default function UploadStackPage() {
  usePageTitle(T.uploadTitle);
  const [params, setParams] = useSearchParams();
  const batchId = params.get('batch');
  const classes = useTeacherClasses();
  const recent = useRecentBatches();
  const [chosenClass, setClassId] = useState<string | null>(params.get('class'));
  // After a reload the address holds only the batch: its class is the one to upload more for.
  const shown = useScanBatch(batchId);
  const classId = chosenClass ?? shown.data?.classId ?? null;
  const [files, setFiles] = useState<File[]>([]);
  const [hold, setHold] = useState<'default' | 'true' | 'false'>('default');
  const [sending, setSending] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!classId || files.length === 0) {
      setError(T.noFiles);
      return;
    }
    setError(null);
    setSending(0);
    try {
      const id = await uploadStack({
        classId,
        files,
        holdMarks: hold === 'default' ? undefined : hold === 'true',
        onProgress: setSending,
      });
      setFiles([]);
      setParams({ batch: id });
      void queryClient.invalidateQueries({ queryKey: SCANS_KEY });
    } catch (err) {
      setError(uploadErrorText(err));
    } finally {
      setSending(null);
    }
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{T.uploadTitle}</Title>
        <Text mt={4}>{T.uploadIntro}</Text>
      </div>
      <Paper withBorder p="md" radius="md" component="form" onSubmit={(e) => void submit(e)}>
        <Stack>
          <Select
            label={T.classLabel}
            data={(classes.data ?? []).map((c) => ({ value: c._id, label: c.name }))}
            value={classId}
            onChange={setClassId}
            required
            w={{ base: '100%', sm: 360 }}
          />
          <FileInput
            label={T.filesLabel}
            multiple
            accept={ACCEPT}
            value={files}
            onChange={setFiles}
            clearable
            leftSection={<IconUpload size={16} aria-hidden />}
          />
          <Select
            label={T.holdLabel}
            data={[
              { value: 'default', label: T.holdDefault },
              { value: 'true', label: T.holdYes },
              { value: 'false', label: T.holdNo },
            ]}
            value={hold}
            onChange={(value) => setHold(value === 'true' || value === 'false' ? value : 'default')}
            allowDeselect={false}
            w={{ base: '100%', sm: 360 }}
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          {sending !== null && (
            <Progress value={Math.round(sending * 100)} aria-label={T.uploading} />
          )}
          <Group>
            <Button
              type="submit"
              loading={sending !== null}
              disabled={!classId || files.length === 0}
            >
              {T.uploadButton}
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            {T.imagesNote}
          </Text>
        </Stack>
      </Paper>
      {batchId && <BatchProgress key={batchId} batchId={batchId} />}
      <Stack gap="xs" component="section" aria-labelledby="recent-batches-h">
        <Title order={2} size="h4" id="recent-batches-h">
          {T.recentTitle}
        </Title>
        {recent.data && recent.data.length === 0 && <Text size="sm">{T.noRecent}</Text>}
        {recent.data?.map((listed) => {
          // The batch shown above is polled every second, the list every few seconds: its row shows
          // the newer figures, as the progress bar does.
          const b = listed.id === shown.data?.id ? shown.data : listed;
          return (
            <Anchor
              key={b.id}
              component={Link}
              to={`?batch=${b.id}`}
              size="sm"
              aria-current={b.id === batchId ? 'page' : undefined}
            >
              {formatDateTime(b.createdAt)} · {b.className} · {stateOf(b)} · {T.summaryNeedsTeacher}
              : {b.needsTeacher}
            </Anchor>
          );
        })}
      </Stack>
    </Stack>
  );
}
