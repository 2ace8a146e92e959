import {
  Alert,
  Box,
  Button,
  FileButton,
  Group,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { IconAlertCircle, IconCamera, IconKeyboard, IconUpload } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { MESSAGES } from '@stem/contract/messages';
import { MAX_ANSWER_LENGTH } from '@stem/contract/submissions';
import { CameraCapture } from '../../../components/image-capture/camera-capture';
import { ExtractionProgress } from '../../../components/image-capture/extraction-progress';
import {
  ExtractionError,
  extractStudentAnswer,
  isAllowedUpload,
  UPLOAD_ACCEPT,
  type TExtractionStage,
} from '../../../lib/images';
import type { TAnswerSource } from '../answers-store';

const T = MESSAGES.answeringPage;

export type TAnswerMode = 'photo' | 'upload' | 'typed';

type TAnswerInputProps = {
  mode: TAnswerMode;
  onModeChange: (mode: TAnswerMode) => void;
  value: string;
  source: TAnswerSource;
  /** The text, where it came from, and the OCR confidence of text read from a file. */
  onChange: (answer: string, source: TAnswerSource, ocrConfidence?: number) => void;
  /** "Please provide an answer" when Next or Submit met a blank answer. */
  error: string | null;
  /** True while a photo is turned into text: the page holds navigation meanwhile. */
  onBusyChange: (busy: boolean) => void;
  disabled?: boolean;
};

function modeLabel(Icon: typeof IconCamera, label: string) {
  return (
    <Group gap={6} wrap="nowrap" justify="center">
      {/* Three labels and icons do not fit a phone's width: phones get the labels only. */}
      <Box component="span" visibleFrom="xs" style={{ display: 'flex' }}>
        <Icon size={16} aria-hidden />
      </Box>
      <span>{label}</span>
    </Group>
  );
}

/**
 * The three ways to answer (spec 02 §2): Take Photo, Upload Image, Type Answer. A photo or upload
 * is compressed, read and tidied, and the text fills the answer box, which stays editable so the
 * student can check what was read.
 */
export function AnswerInput({
  mode,
  onModeChange,
  value,
  source,
  onChange,
  error,
  onBusyChange,
  disabled = false,
}: TAnswerInputProps) {
  const [stage, setStage] = useState<TExtractionStage | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const hintId = useId();
  const busy = stage !== null;

  const processFile = async (file: File, fileSource: TAnswerSource) => {
    setFileError(null);
    if (!isAllowedUpload(file)) {
      setFileError(MESSAGES.upload.unsupportedType);
      return;
    }
    onBusyChange(true);
    try {
      const extracted = await extractStudentAnswer(file, setStage);
      onChange(extracted.text, fileSource, extracted.confidence);
    } catch (problem) {
      setFileError(
        problem instanceof ExtractionError
          ? problem.message
          : MESSAGES.submissions.processImageFailed,
      );
    } finally {
      setStage(null);
      onBusyChange(false);
    }
  };

  const fromFile = source !== 'typed' && value.trim().length > 0;

  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Text fw={500} size="sm" id={`${hintId}-mode`}>
          {T.modeLabel}
        </Text>
        <SegmentedControl
          aria-labelledby={`${hintId}-mode`}
          fullWidth
          value={mode}
          onChange={(next) => onModeChange(next as TAnswerMode)}
          disabled={disabled || busy}
          data={[
            { value: 'photo', label: modeLabel(IconCamera, T.takePhoto) },
            { value: 'upload', label: modeLabel(IconUpload, T.uploadImage) },
            { value: 'typed', label: modeLabel(IconKeyboard, T.typeAnswer) },
          ]}
          styles={{ label: { paddingInline: 6 } }}
        />
      </Stack>

      {mode === 'photo' && (
        <CameraCapture
          autoStart
          disabled={disabled || busy}
          onCapture={(file) => void processFile(file, 'photo')}
        />
      )}
      {mode === 'upload' && (
        <Group gap="sm" align="center">
          <FileButton
            onChange={(file) => file && void processFile(file, 'upload')}
            accept={UPLOAD_ACCEPT}
            disabled={disabled || busy}
          >
            {(props) => (
              <Button
                {...props}
                leftSection={<IconUpload size={18} aria-hidden />}
                disabled={disabled || busy}
              >
                {MESSAGES.imageCapture.chooseFile}
              </Button>
            )}
          </FileButton>
          <Text size="sm" c="dimmed">
            {MESSAGES.imageCapture.supportedTypes}
          </Text>
        </Group>
      )}
      {busy && <ExtractionProgress stage={stage} />}
      {fileError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
          {fileError}
        </Alert>
      )}

      <Textarea
        label={T.answerLabel}
        placeholder={T.answerPlaceholder}
        value={value}
        onChange={(event) => {
          const text = event.currentTarget.value;
          // Text typed into an emptied box is the student's own.
          onChange(text, text.trim() ? source : 'typed');
        }}
        autosize
        minRows={6}
        maxRows={16}
        disabled={disabled || busy}
        error={error}
        description={fromFile ? T.checkExtracted : undefined}
        maxLength={MAX_ANSWER_LENGTH}
        data-testid="answer-box"
        inputWrapperOrder={['label', 'description', 'input', 'error']}
      />
      <Text
        size="xs"
        c={value.length >= MAX_ANSWER_LENGTH ? 'red.7' : 'dimmed'}
        ta="right"
        mt={-8}
        aria-live="polite"
        data-testid="answer-counter"
      >
        {MESSAGES.limits.characters(value.length, MAX_ANSWER_LENGTH)}
      </Text>
    </Stack>
  );
}
