import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { SCAN_MESSAGES, SCAN_PAGES, type TPaperSize } from '@stem/contract/scans';
import { downloadAnswerSheets, saveBlob } from '../api/scans';

const T = SCAN_MESSAGES;

type TProps = {
  classId: string;
  studentCount: number;
  questions: { _id: string; question: string }[];
};

/** "Print answer sheets" on /class/{id}: choose questions, paper and named or blank, then download. */
export function PrintSheetsButton({ classId, studentCount, questions }: TProps) {
  const [opened, setOpened] = useState(false);
  const [chosen, setChosen] = useState<string[]>(() => questions.map((q) => q._id));
  const [paper, setPaper] = useState<TPaperSize>('a4');
  const [blank, setBlank] = useState(studentCount === 0);
  const [copies, setCopies] = useState<number>(Math.max(1, studentCount));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    if (chosen.length === 0) {
      setError(T.chooseQuestion);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const ordered = questions.filter((q) => chosen.includes(q._id)).map((q) => q._id);
      const file = await downloadAnswerSheets({
        classId,
        questionIds: ordered,
        paper,
        blank,
        copies,
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
          <Text size="sm">{T.printIntro}</Text>
          {questions.length === 0 ? (
            <Alert color="yellow">{T.noQuestions}</Alert>
          ) : (
            <>
              <Checkbox.Group label={T.questionsLabel} value={chosen} onChange={setChosen}>
                <Stack gap="xs" mt="xs">
                  {questions.map((q, i) => (
                    <Checkbox
                      key={q._id}
                      value={q._id}
                      label={`${i + 1}. ${q.question}`}
                      styles={{ label: { overflowWrap: 'anywhere' } }}
                    />
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
              <Switch
                label={T.blankLabel}
                checked={blank}
                disabled={studentCount === 0}
                onChange={(event) => setBlank(event.currentTarget.checked)}
              />
              {studentCount === 0 && <Text size="sm">{T.noStudents}</Text>}
              {blank && (
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
