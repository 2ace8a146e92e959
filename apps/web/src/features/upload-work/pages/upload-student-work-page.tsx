import {
  Alert,
  Anchor,
  Button,
  FileButton,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconCamera,
  IconCircleCheck,
  IconCloudUpload,
  IconUpload,
} from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { SUCCESS_MESSAGE_MS } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import { SCAN_MESSAGES } from '@stem/contract/scans';
import { Link } from 'react-router';
import { CameraCapture } from '../../../components/image-capture/camera-capture';
import { ExtractionProgress } from '../../../components/image-capture/extraction-progress';
import { usePageTitle } from '../../../components/use-page-title';
import { UPLOAD_ACCEPT } from '../../../lib/images';
import { useClassQuestions, useClassStudents, useTeacherClasses } from '../api/get-upload-options';
import { uploadErrorText, useSubmitForStudent } from '../api/submit-for-student';
import { ClassQuestionsTable } from '../components/class-questions-table';
import { FilePreview } from '../components/file-preview';
import { useWorkFile } from '../use-work-file';

const T = MESSAGES.uploadPage;
/** Spec 02 §9: the extracted-text area has 8 rows. */
export const EXTRACTED_TEXT_ROWS = 8;

/**
 * /upload-student-work (spec 02 §2 Teacher): the teacher photographs or uploads a student's
 * handwritten work for one question; the text read from it is checked and saved as that
 * student's submission, which is then marked like any other.
 */
export default function UploadStudentWorkPage() {
  usePageTitle(T.documentTitle);
  const [classId, setClassId] = useState<string | null>(null);
  const [studentId, setStudentId] = useState<string | null>(null);
  const [questionId, setQuestionId] = useState<string | null>(null);
  const [cameraOpen, setCameraOpen] = useState(false);
  const [uploaded, setUploaded] = useState(false);
  const classes = useTeacherClasses();
  const students = useClassStudents(classId);
  const questions = useClassQuestions(classId);
  const work = useWorkFile();
  const submit = useSubmitForStudent();

  // Success messages clear after 3 seconds (spec 02 §9).
  useEffect(() => {
    if (!uploaded) return;
    const timer = window.setTimeout(() => setUploaded(false), SUCCESS_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [uploaded]);

  const extracting = work.stage !== null;
  const busy = extracting || submit.isPending;
  const chosen = Boolean(classId && studentId && questionId);

  const chooseClass = (value: string | null) => {
    setClassId(value);
    setStudentId(null);
    setQuestionId(null);
  };

  const chooseFile = (file: File | null) => {
    if (!file) return;
    setUploaded(false);
    submit.reset();
    void work.choose(file);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!classId || !studentId || !questionId || !work.file || !work.text.trim()) {
      work.setError(MESSAGES.upload.required);
      return;
    }
    work.setError(null);
    submit.mutate(
      {
        classId,
        studentId,
        questionId,
        extractedText: work.text,
        // The OCR engine's confidence, so the marker knows how well the page was read.
        ...(work.confidence !== undefined ? { ocrConfidence: work.confidence } : {}),
      },
      {
        onSuccess: () => {
          // The spec reloads the page; starting over in place keeps the app loaded.
          work.reset();
          chooseClass(null);
          setUploaded(true);
          // As after a reload, the page is seen from the top, where the success message is.
          window.scrollTo({ top: 0, behavior: 'smooth' });
        },
      },
    );
  };

  const classOptions = (classes.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  const studentOptions = classId
    ? (students.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.email})` }))
    : [];
  const questionOptions = classId
    ? (questions.data ?? []).map((q) => ({ value: q.id, label: q.question }))
    : [];
  const loadError = classes.isError
    ? MESSAGES.upload.loadClassesFailed
    : students.isError
      ? MESSAGES.upload.loadStudentsFailed
      : questions.isError
        ? T.loadQuestionsFailed
        : null;
  const problem = work.error ?? (submit.isError ? uploadErrorText(submit.error) : null);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{T.title}</Title>
        <Title order={2} size="h3" fw={600} c="dimmed">
          {T.section}
        </Title>
        <Text size="sm">
          {SCAN_MESSAGES.stackInvite}{' '}
          <Anchor component={Link} to="/upload-stack">
            {SCAN_MESSAGES.stackLink}
          </Anchor>
        </Text>
      </Stack>

      {uploaded && (
        <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
          {MESSAGES.upload.uploaded}
        </Alert>
      )}
      {loadError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
          {loadError}
        </Alert>
      )}

      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <Select
                label={T.classLabel}
                placeholder={T.classPlaceholder}
                data={classOptions}
                value={classId}
                onChange={chooseClass}
                clearable
                // Mantine hides the clear button from keyboards and screen readers; this one is real.
                clearButtonProps={{ 'aria-label': T.clearClass, 'aria-hidden': false, tabIndex: 0 }}
                searchable
                disabled={busy || classes.isPending}
                nothingFoundMessage={MESSAGES.classes.empty}
              />
              <Select
                label={T.studentLabel}
                placeholder={T.studentPlaceholder}
                data={studentOptions}
                value={studentId}
                onChange={setStudentId}
                searchable
                disabled={!classId || busy}
                nothingFoundMessage={T.noStudents}
              />
              <Select
                label={T.questionLabel}
                placeholder={T.questionPlaceholder}
                data={questionOptions}
                value={questionId}
                onChange={setQuestionId}
                searchable
                disabled={!classId || busy}
                nothingFoundMessage={T.noQuestions}
                comboboxProps={{ width: 'target' }}
              />
            </SimpleGrid>

            <Stack gap={6}>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" maw={420}>
                <Button
                  variant="default"
                  fullWidth
                  leftSection={<IconCamera size={18} aria-hidden />}
                  disabled={!chosen || busy}
                  onClick={() => setCameraOpen(true)}
                >
                  {T.takePhoto}
                </Button>
                <FileButton onChange={chooseFile} accept={UPLOAD_ACCEPT} disabled={!chosen || busy}>
                  {(props) => (
                    <Button
                      {...props}
                      variant="default"
                      fullWidth
                      leftSection={<IconUpload size={18} aria-hidden />}
                      disabled={!chosen || busy}
                    >
                      {T.uploadImage}
                    </Button>
                  )}
                </FileButton>
              </SimpleGrid>
              <Text size="xs" c="dimmed">
                {chosen ? MESSAGES.imageCapture.supportedTypes : T.chooseFirst}
              </Text>
            </Stack>

            {work.file && (
              <FilePreview
                file={work.file}
                previewUrl={work.previewUrl}
                onRemove={work.reset}
                disabled={busy}
              />
            )}
            {work.stage && (
              <ExtractionProgress stage={work.stage} title={MESSAGES.upload.extracting} />
            )}

            <Textarea
              label={T.extractedLabel}
              description={work.text ? T.extractedHint : undefined}
              rows={EXTRACTED_TEXT_ROWS}
              value={work.text}
              onChange={(event) => work.setText(event.currentTarget.value)}
              disabled={busy}
              data-testid="extracted-text"
            />

            {problem && (
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertCircle aria-hidden />}
                role="alert"
              >
                {problem}
              </Alert>
            )}

            <Group>
              <Button
                type="submit"
                leftSection={<IconCloudUpload size={18} aria-hidden />}
                disabled={busy || !work.file || !work.text.trim()}
              >
                {submit.isPending ? T.uploading : T.uploadWork}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>

      {classId && questions.data && <ClassQuestionsTable questions={questions.data} />}

      <Modal
        opened={cameraOpen}
        onClose={() => setCameraOpen(false)}
        title={T.takePhoto}
        size="lg"
        fullScreen={false}
      >
        {cameraOpen && (
          <CameraCapture
            autoStart
            onCapture={(file) => {
              setCameraOpen(false);
              chooseFile(file);
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}
