import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  Modal,
  NumberInput,
  Radio,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { TEST_TITLE_MAX } from '@stem/contract/class-tests';
import { MESSAGES } from '@stem/contract/messages';
import {
  SCAN_MESSAGES,
  SCAN_PAGES,
  type TPaperSize,
  type TSheetFormat,
} from '@stem/contract/scans';
import { QuestionOrderList } from '../../../components/question-order/question-order-list';
import { useQuestionOrder } from '../../../components/question-order/use-question-order';
import { describeError } from '../../../lib/http';
import { useClassTests, useSaveTest } from '../../class-tests/api';
import { downloadAnswerSheets, saveBlob } from '../api/scans';

const T = SCAN_MESSAGES;
const TT = MESSAGES.classTests;
const NEW_TEST = 'new';

type TProps = {
  classId: string;
  studentCount: number;
  questions: { _id: string; question: string }[];
};

/**
 * "Print answer sheets" on /class/{id}: one sheet per question (named or blank), or a test booklet
 * per student printed from a saved test of the class (or one made here, saved with a title, its
 * questions in the order set here), a continuation page or not; paper; download. Printing the same
 * test the same way again gives the same booklet layout (issues 28, 29); each download is a printing
 * of its own, named by its pages' codes (a second sitting is told from a re-scan).
 */
export function PrintSheetsButton({ classId, studentCount, questions }: TProps) {
  const [opened, setOpened] = useState(false);
  const [format, setFormat] = useState<TSheetFormat>('sheets');
  const order = useQuestionOrder(questions);
  const [testChoice, setTestChoice] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [continuation, setContinuation] = useState(true);
  const [paper, setPaper] = useState<TPaperSize>('a4');
  const [blank, setBlank] = useState(studentCount === 0);
  const [copies, setCopies] = useState<number>(Math.max(1, studentCount));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const tests = useClassTests(classId);
  const saveTest = useSaveTest(classId);

  const booklet = format === 'booklet';
  const saved = (tests.data ?? []).filter((t) => t.questions.length > 0);
  // A saved test by default once there is one; otherwise a new one made here.
  const choice = testChoice ?? saved[0]?.id ?? NEW_TEST;
  const chosenTest = saved.find((t) => t.id === choice);
  const isNewTest = booklet && !chosenTest;

  const download = async () => {
    if ((!booklet || isNewTest) && order.chosenInOrder.length === 0) {
      setError(T.chooseQuestion);
      return;
    }
    if (isNewTest && title.trim() === '') {
      setError(TT.titleRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      let testId = chosenTest?.id;
      if (isNewTest) {
        const made = await saveTest.mutateAsync({
          title: title.trim(),
          questionIds: order.chosenInOrder,
        });
        testId = made.data.id;
        setTestChoice(testId);
        setTitle('');
      }
      const file = await downloadAnswerSheets({
        classId,
        questionIds: order.chosenInOrder,
        paper,
        blank: booklet ? false : blank,
        copies,
        format,
        continuation,
        ...(booklet && testId ? { testId } : {}),
      });
      saveBlob(file.blob, file.name);
      setOpened(false);
    } catch (err) {
      setError(describeError(err, { fallback: T.downloadFailed }));
    } finally {
      setBusy(false);
    }
  };

  const questionList = (
    <QuestionOrderList
      label={booklet ? T.bookletQuestionsLabel : T.questionsLabel}
      order={order}
      movable={booklet}
      upLabel={T.questionOrderUp}
      downLabel={T.questionOrderDown}
    />
  );

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
              {booklet ? (
                <>
                  <Select
                    label={TT.printTestLabel}
                    description={TT.printTestHint}
                    placeholder={TT.printTestPlaceholder}
                    data={[
                      ...saved.map((t) => ({
                        value: t.id,
                        label: `${t.title} (${TT.questionCount(t.questions.length)})`,
                      })),
                      { value: NEW_TEST, label: TT.printNewTest },
                    ]}
                    value={choice}
                    onChange={(value) => setTestChoice(value ?? NEW_TEST)}
                    allowDeselect={false}
                  />
                  {chosenTest ? (
                    <div>
                      <Text size="sm" fw={500}>
                        {TT.printTestQuestions}
                      </Text>
                      <List type="ordered" size="sm" mt={4} data-testid="print-test-questions">
                        {chosenTest.questions.map((q) => (
                          <List.Item key={q.id} style={{ overflowWrap: 'anywhere' }}>
                            {q.question}
                          </List.Item>
                        ))}
                      </List>
                    </div>
                  ) : (
                    <>
                      <TextInput
                        label={TT.titleLabel}
                        placeholder={TT.titlePlaceholder}
                        value={title}
                        maxLength={TEST_TITLE_MAX}
                        onChange={(event) => setTitle(event.currentTarget.value)}
                        required
                      />
                      {questionList}
                    </>
                  )}
                </>
              ) : (
                questionList
              )}
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
                  {busy ? T.downloading : isNewTest ? TT.printSaveAndDownload : T.download}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </Modal>
    </>
  );
}
