import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Radio,
  SegmentedControl,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  SCAN_MESSAGES,
  SCAN_PAGES,
  type TPaperSize,
  type TSheetFormat,
} from '@stem/contract/scans';
import { downloadAnswerSheets, saveBlob } from '../api/scans';

const T = SCAN_MESSAGES;

type TProps = {
  classId: string;
  studentCount: number;
  questions: { _id: string; question: string }[];
};

/**
 * "Print answer sheets" on /class/{id}: one sheet per question (named or blank) or a test booklet per
 * student (the chosen questions in the order set here, a continuation page or not); paper; download.
 */
export function PrintSheetsButton({ classId, studentCount, questions }: TProps) {
  const [opened, setOpened] = useState(false);
  const [format, setFormat] = useState<TSheetFormat>('sheets');
  const [chosen, setChosen] = useState<string[]>(() => questions.map((q) => q._id));
  // The print order: the class's order until the teacher moves a question (booklets).
  const [order, setOrder] = useState<string[]>(() => questions.map((q) => q._id));
  const [continuation, setContinuation] = useState(true);
  const [paper, setPaper] = useState<TPaperSize>('a4');
  const [blank, setBlank] = useState(studentCount === 0);
  const [copies, setCopies] = useState<number>(Math.max(1, studentCount));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const booklet = format === 'booklet';
  const byId = new Map(questions.map((q) => [q._id, q]));
  // Questions added to the class since the dialog first opened go last.
  const ordering = [
    ...order.flatMap((id) => byId.get(id) ?? []),
    ...questions.filter((q) => !order.includes(q._id)),
  ];
  const numberOf = (id: string) =>
    ordering.filter((q) => chosen.includes(q._id)).findIndex((q) => q._id === id) + 1;
  const move = (index: number, by: -1 | 1) => {
    const ids = ordering.map((q) => q._id);
    const [id] = ids.splice(index, 1);
    if (id === undefined) return;
    ids.splice(index + by, 0, id);
    setOrder(ids);
  };

  const download = async () => {
    if (chosen.length === 0) {
      setError(T.chooseQuestion);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const ordered = ordering.filter((q) => chosen.includes(q._id)).map((q) => q._id);
      const file = await downloadAnswerSheets({
        classId,
        questionIds: ordered,
        paper,
        blank: booklet ? false : blank,
        copies,
        format,
        continuation,
      });
      saveBlob(file.blob, file.name);
      setOpened(false);
    } catch (err) {
      console.error(err);
      setError(T.downloadFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        variant="default"
        leftSection={<IconPrinter size={16} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        {T.printSheets}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={T.printTitle} size="lg">
        <Stack>
          {questions.length === 0 ? (
            <Alert color="yellow">{T.noQuestions}</Alert>
          ) : (
            <>
              <Radio.Group
                label={T.formatLabel}
                value={format}
                onChange={(value) => setFormat(value === 'booklet' ? 'booklet' : 'sheets')}
              >
                <Stack gap="xs" mt="xs">
                  <Radio value="sheets" label={T.formatSheets} description={T.printIntro} />
                  <Radio
                    value="booklet"
                    label={T.formatBooklet}
                    description={studentCount === 0 ? T.noStudents : T.formatBookletHint}
                    disabled={studentCount === 0}
                  />
                </Stack>
              </Radio.Group>
              <Checkbox.Group
                label={booklet ? T.bookletQuestionsLabel : T.questionsLabel}
                value={chosen}
                onChange={setChosen}
              >
                <Stack gap="xs" mt="xs">
                  {ordering.map((q, i) => (
                    <Group key={q._id} gap="xs" wrap="nowrap" align="flex-start">
                      <Checkbox
                        value={q._id}
                        style={{ flex: 1, minWidth: 0 }}
                        label={`${chosen.includes(q._id) ? `${numberOf(q._id)}. ` : ''}${q.question}`}
                        styles={{ label: { overflowWrap: 'anywhere' } }}
                      />
                      {booklet && (
                        <Group gap={4} wrap="nowrap">
                          <ActionIcon
                            variant="subtle"
                            aria-label={T.questionOrderUp(i + 1)}
                            disabled={i === 0}
                            onClick={() => move(i, -1)}
                          >
                            <IconArrowUp size={16} aria-hidden />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            aria-label={T.questionOrderDown(i + 1)}
                            disabled={i === ordering.length - 1}
                            onClick={() => move(i, 1)}
                          >
                            <IconArrowDown size={16} aria-hidden />
                          </ActionIcon>
                        </Group>
                      )}
                    </Group>
                  ))}
                </Stack>
              </Checkbox.Group>
              <div>
                <Text size="sm" fw={500} mb={4} id="sheet-paper-label">
                  {T.paperLabel}
                </Text>
                <SegmentedControl
                  aria-labelledby="sheet-paper-label"
                  value={paper}
                  onChange={(value) => setPaper(value === 'letter' ? 'letter' : 'a4')}
                  data={[
                    { value: 'a4', label: T.paperA4 },
                    { value: 'letter', label: T.paperLetter },
                  ]}
                />
              </div>
              {booklet ? (
                <Switch
                  label={T.continuationLabel}
                  checked={continuation}
                  onChange={(event) => setContinuation(event.currentTarget.checked)}
                />
              ) : (
                <Switch
                  label={T.blankLabel}
                  checked={blank}
                  disabled={studentCount === 0}
                  onChange={(event) => setBlank(event.currentTarget.checked)}
                />
              )}
              {studentCount === 0 && <Text size="sm">{T.noStudents}</Text>}
              {blank && !booklet && (
                <NumberInput
                  label={T.copiesLabel}
                  min={1}
                  max={200}
                  value={copies}
                  onChange={(value) => setCopies(typeof value === 'number' ? value : 1)}
                  w={220}
                />
              )}
              {error && (
                <Alert color="red" role="alert">
                  {error}
                </Alert>
              )}
              <Group justify="space-between" wrap="wrap">
                <Anchor
                  component={Link}
                  to={`${SCAN_PAGES.uploadStack}?class=${classId}`}
                  size="sm"
                >
                  {T.uploadStackLink}
                </Anchor>
                <Button onClick={() => void download()} loading={busy}>
                  {busy ? T.downloading : T.download}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </Modal>
    </>
  );
}
