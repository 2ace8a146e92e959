import {
  Alert,
  Button,
  Fieldset,
  Group,
  Modal,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconDeviceFloppy, IconPencil, IconSparkles } from '@tabler/icons-react';
import { useRef, useState, type ReactNode } from 'react';
import { MESSAGES } from '@stem/contract/messages';
import type { TUpdateQuestionRequest } from '@stem/contract/teaching';
import { generateErrorMessage, useGenerateRubric } from '../api/generate-rubric';
import { isWordingDraft, rubricEngineLabel } from '../rubric-engine-label';
import {
  applyMarksInput,
  applyRangeInput,
  canOfferSave,
  generationProblem,
  marksError,
  rangeErrors,
  saveProblem,
  toQuestionRequest,
  type TQuestionFormValues,
  type TRubricMode,
} from '../question-form-rules';

const T = MESSAGES.questionsPage;

type TQuestionFormProps = {
  initialValues: TQuestionFormValues;
  initialMode: TRubricMode;
  submitLabel: string;
  saving: boolean;
  /** The trial limit is reached or the trial is over: the fields and Save are off. */
  saveBlocked?: boolean;
  saveError: ReactNode;
  onSave: (request: TUpdateQuestionRequest) => void;
};

/**
 * The Insert New Question and Edit Question form (spec 02 §4 and §5): question, marks (auto-filling
 * both ranges), the two ranges with live messages, a rubric generated with AI or written by hand in
 * two editable texts, and Save behind a review confirmation.
 */
export function QuestionForm(props: TQuestionFormProps) {
  const { initialValues, initialMode, submitLabel, saving, saveBlocked, saveError, onSave } = props;
  const [values, setValues] = useState(initialValues);
  const [mode, setMode] = useState<TRubricMode>(initialMode);
  const [engine, setEngine] = useState<string | null>(null);
  const [rubricError, setRubricError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  // The marks the rubric was written for: a later change of marks leaves its wording behind.
  const [rubricMarks, setRubricMarks] = useState(initialValues.marks);
  const lowRubricRef = useRef<HTMLTextAreaElement>(null);
  const generation = useGenerateRubric();

  const set = (patch: Partial<TQuestionFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setFormError(null);
  };
  const ranges = rangeErrors(values);

  const generate = () => {
    const problem = generationProblem(values);
    setRubricError(problem);
    if (problem) return;
    generation.mutate(
      {
        question: values.question.trim(),
        marks: Number(values.marks),
        lowMarkRange: values.lowMarkRange.trim(),
        highMarkRange: values.highMarkRange.trim(),
      },
      {
        onSuccess: (rubric) => {
          set({ lowRubric: rubric.lowMarkRangeRubric, highRubric: rubric.highMarkRangeRubric });
          setRubricMarks(values.marks);
          setEngine(rubric.engine);
          setMode('ai');
        },
        onError: (error) => setRubricError(generateErrorMessage(error)),
      },
    );
  };

  const writeManually = () => {
    // Spec 02 §4: switching to manual clears the rubric text.
    set({ lowRubric: '', highRubric: '' });
    setRubricMarks(values.marks);
    setMode('manual');
    setEngine(null);
    setRubricError(null);
    window.setTimeout(() => lowRubricRef.current?.focus(), 0);
  };

  const save = () => {
    const problem = saveProblem(values);
    setFormError(problem);
    if (!problem) setConfirming(true);
  };

  const confirmSave = () => {
    setConfirming(false);
    onSave(toQuestionRequest(values));
  };

  return (
    <Stack gap="lg">
      {/* Blocked (an expired trial, a trial at its limit): nothing can be typed in vain (issue 26). */}
      <Fieldset
        variant="unstyled"
        disabled={saveBlocked === true}
        p={0}
        m={0}
        data-testid="question-fields"
      >
        <Stack gap="lg">
          <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
            <Stack>
              <Textarea
                label={T.questionLabel}
                placeholder={T.questionPlaceholder}
                required
                autosize
                minRows={3}
                maxRows={12}
                maxLength={5000}
                value={values.question}
                onChange={(event) => set({ question: event.currentTarget.value })}
              />
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
                <NumberInput
                  label={T.marksLabel}
                  description={T.marksHint}
                  required
                  autoComplete="off"
                  // Digits only (spec 02 §5): no sign, no decimals, no grouping.
                  allowDecimal={false}
                  allowNegative={false}
                  thousandSeparator={false}
                  min={1}
                  step={1}
                  value={values.marks}
                  error={marksError(values.marks)}
                  onChange={(value) => {
                    const raw = String(value);
                    setValues((current) => applyMarksInput(current, raw));
                    setFormError(null);
                  }}
                />
                <TextInput
                  label={T.lowRangeLabel}
                  description={T.lowRangeHint}
                  required
                  inputMode="numeric"
                  autoComplete="off"
                  value={values.lowMarkRange}
                  error={ranges.lowMarkRange}
                  onChange={(event) =>
                    set({ lowMarkRange: applyRangeInput(event.currentTarget.value) })
                  }
                />
                <TextInput
                  label={T.highRangeLabel}
                  description={T.highRangeHint}
                  required
                  inputMode="numeric"
                  autoComplete="off"
                  value={values.highMarkRange}
                  error={ranges.highMarkRange}
                  onChange={(event) =>
                    set({ highMarkRange: applyRangeInput(event.currentTarget.value) })
                  }
                />
              </SimpleGrid>
            </Stack>
          </Paper>

          <Paper
            withBorder
            p={{ base: 'md', sm: 'lg' }}
            radius="md"
            component="section"
            aria-label={T.rubricHeading}
          >
            <Stack>
              <div>
                <Title order={2} size="h3">
                  {T.rubricHeading}
                </Title>
                <Text size="sm" c="dimmed">
                  {T.rubricHint}
                </Text>
              </div>
              <Group gap="sm">
                <Button
                  leftSection={<IconSparkles size={18} aria-hidden />}
                  onClick={generate}
                  loading={generation.isPending}
                  disabled={saving || saveBlocked === true}
                >
                  {T.generateWithAi}
                </Button>
                <Button
                  variant={mode === 'manual' ? 'light' : 'default'}
                  leftSection={<IconPencil size={18} aria-hidden />}
                  onClick={writeManually}
                  aria-pressed={mode === 'manual'}
                  disabled={generation.isPending || saving}
                >
                  {T.writeManually}
                </Button>
              </Group>
              {rubricError && (
                <Alert color="red" role="alert" data-testid="rubric-error">
                  {rubricError}
                </Alert>
              )}
              {mode !== 'none' &&
                (values.lowRubric.trim() !== '' || values.highRubric.trim() !== '') &&
                marksError(values.marks) === null &&
                rubricMarks !== '' &&
                Number(rubricMarks) !== Number(values.marks) && (
                  <Alert color="yellow" data-testid="rubric-marks-changed">
                    {T.rubricMarksChanged(rubricMarks, values.marks)}
                  </Alert>
                )}
              {mode !== 'none' && (
                <Stack>
                  {mode === 'ai' && engine && (
                    <Text size="xs" c="dimmed">
                      {rubricEngineLabel(engine)}
                    </Text>
                  )}
                  {mode === 'ai' && engine && isWordingDraft(engine) && (
                    <Alert color="blue" variant="light" data-testid="draft-needs-answer">
                      {T.draftNeedsAnswer}
                    </Alert>
                  )}
                  <Textarea
                    ref={lowRubricRef}
                    label={T.lowRubricLabel}
                    description={
                      values.lowMarkRange ? T.rubricRangeHint(values.lowMarkRange) : undefined
                    }
                    placeholder={T.lowRubricPlaceholder}
                    autosize
                    minRows={5}
                    maxRows={20}
                    value={values.lowRubric}
                    onChange={(event) => set({ lowRubric: event.currentTarget.value })}
                  />
                  <Textarea
                    label={T.highRubricLabel}
                    description={
                      values.highMarkRange ? T.rubricRangeHint(values.highMarkRange) : undefined
                    }
                    placeholder={T.highRubricPlaceholder}
                    autosize
                    minRows={5}
                    maxRows={20}
                    value={values.highRubric}
                    onChange={(event) => set({ highRubric: event.currentTarget.value })}
                  />
                </Stack>
              )}
              <Switch
                label={MESSAGES.questions.holdFeedbackLabel}
                description={MESSAGES.questions.holdFeedbackHint}
                checked={values.holdFeedback}
                onChange={(event) => set({ holdFeedback: event.currentTarget.checked })}
              />
            </Stack>
          </Paper>
        </Stack>
      </Fieldset>

      {formError && (
        <Alert color="red" role="alert" data-testid="form-error">
          {formError}
        </Alert>
      )}
      {saveError}
      <Group justify="flex-end">
        <Button
          size="md"
          leftSection={<IconDeviceFloppy size={18} aria-hidden />}
          onClick={save}
          loading={saving}
          disabled={!canOfferSave(values, mode) || saveBlocked === true || generation.isPending}
        >
          {submitLabel}
        </Button>
      </Group>

      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={T.confirmTitle}
        centered
      >
        <Stack>
          <Text>{MESSAGES.questions.reviewConfirm}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {T.cancel}
            </Button>
            <Button onClick={confirmSave} data-autofocus>
              {T.save}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
