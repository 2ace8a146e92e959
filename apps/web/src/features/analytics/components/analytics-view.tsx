import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import {
  Badge,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  useMatches,
} from '@mantine/core';
import { useId, useMemo, useState, type ReactNode } from 'react';
import {
  ANALYTICS_MESSAGES,
  type TAttemptMovement,
  type TClassAnalytics,
  type TQuestionStats,
  type TSummary,
} from '@stem/contract/analytics';
import { useSparseDateAxis } from '../../../lib/chart-axis';
import { ScoreGrid } from './score-grid';

const T = ANALYTICS_MESSAGES;
const pct = T.percent;
/** Each band named under its bar (issue 26: every other one had no label); the % is in the hint. */
const HISTOGRAM_LABELS = Array.from({ length: 10 }, (_, i) =>
  i === 9 ? '90–100' : `${i * 10}–${i * 10 + 9}`,
);
const HISTOGRAM_TOOLTIP = Array.from({ length: 10 }, (_, i) => `${HISTOGRAM_LABELS[i]}%`);

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Every week from the first to the last, in order, those without answers included (as null): the
 * axis spaces weeks evenly, so a missing week made two weeks apart look one apart (issue 26).
 */
export function everyWeek<T extends { week: string; meanShare: number }>(
  weeks: T[],
): (T | { week: string; meanShare?: undefined })[] {
  const first = weeks[0];
  const last = weeks[weeks.length - 1];
  if (!first || !last) return [];
  const byWeek = new Map(weeks.map((w) => [w.week, w]));
  const filled: (T | { week: string; meanShare?: undefined })[] = [];
  const end = Date.parse(`${last.week}T00:00:00Z`);
  for (let at = Date.parse(`${first.week}T00:00:00Z`); at <= end; at += WEEK_MS) {
    const week = new Date(at).toISOString().slice(0, 10);
    filled.push(byWeek.get(week) ?? { week });
  }
  return filled;
}

/** A week's mean share in percent, one decimal; null for a week without answers. */
export function weekPercent(point: { week: string; meanShare?: number }): number | null {
  return point.meanShare === undefined ? null : Math.round(point.meanShare * 1000) / 10;
}

/** "3 Nov" from "2026-11-03". */
export function weekLabel(week: string): string {
  return new Date(`${week}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}

/** "2.5" for 2.5 marks, "–" for none. */
const marksText = (value: number | null) =>
  value === null ? '–' : String(Math.round(value * 10) / 10);

function Section({
  title,
  hint,
  children,
}: {
  title: string;
  hint?: string;
  children: React.ReactNode;
}) {
  const id = useId();
  return (
    // Clipped: recharts keeps a tooltip where the pointer last left it, so after the screen narrows
    // (a tablet turned, a window resized) an old one stood past the edge and the page scrolled sideways.
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby={id}
      style={{ overflow: 'clip' }}
    >
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      {hint && (
        <Text size="sm" c="dimmed" mb="sm">
          {hint}
        </Text>
      )}
      {!hint && <div style={{ height: 'var(--mantine-spacing-sm)' }} />}
      {children}
    </Paper>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="xl" fw={700} data-testid={`stat-${label}`}>
        {value}
      </Text>
    </Paper>
  );
}

/** Answers, students, mean and median share, overrides. */
export function SummaryStats({ summary }: { summary: TSummary }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
      <Stat label={T.answers} value={String(summary.answers)} />
      <Stat label={T.studentsWithMarks} value={T.ofStudents(summary.students, summary.enrolled)} />
      <Stat label={T.mean} value={pct(summary.meanShare)} />
      <Stat label={T.median} value={pct(summary.medianShare)} />
      <Stat label={T.overridden} value={String(summary.overridden)} />
    </SimpleGrid>
  );
}

/**
 * The histogram's x-axis: every band carries its label (issue 26: every other one had none), short
 * ("40–49", the unit in the hint), slanted where ten do not fit side by side (a phone, a half-width
 * card).
 */
export function histogramAxis(slanted: boolean) {
  return {
    interval: 0 as const,
    tickFormatter: (label: string) => label,
    // Mantine draws ticks with its own `tick` object (a translate that undoes a rotation): the
    // slant goes in the tick itself.
    ...(slanted
      ? {
          angle: -40,
          textAnchor: 'end' as const,
          height: 48,
          tick: {
            angle: -40,
            textAnchor: 'end' as const,
            fontSize: 10,
            fill: 'currentColor',
            dy: 4,
          },
        }
      : {}),
  };
}

/** The share-of-marks histogram. */
export function DistributionChart({ histogram }: { histogram: number[] }) {
  const data = histogram.map((n, i) => ({ band: HISTOGRAM_LABELS[i] ?? '', answers: n }));
  // Ten labels side by side need the card's full width on a wide screen; a half-width card at
  // 1280 px put '80–89' against '90–100'.
  const slanted = useMatches({ base: true, xl: false });
  const bandAxis = histogramAxis(slanted);
  return (
    <Section title={T.distributionTitle} hint={T.distributionHint}>
      <BarChart
        h={slanted ? 236 : 220}
        data={data}
        dataKey="band"
        series={[{ name: 'answers', label: T.answers, color: 'blue.6' }]}
        tickLine="y"
        xAxisProps={bandAxis}
        tooltipProps={{
          labelFormatter: (label: ReactNode) =>
            HISTOGRAM_TOOLTIP[HISTOGRAM_LABELS.indexOf(String(label))] ?? label,
        }}
        role="img"
        aria-label={T.distributionTitle}
      />
    </Section>
  );
}

/** Mean share at each attempt, and first against latest. */
export function AttemptsPanel({ attempts }: { attempts: TAttemptMovement }) {
  const data = attempts.byAttempt.map((a) => ({
    attempt: `${T.attemptLabel(a.attempt)} (${T.attemptAnswers(a.answers)})`,
    mean: Math.round(a.mean * 1000) / 10,
  }));
  // On a phone 'Attempt 1 (49 answers)' is wider than its bar and recharts dropped it: the axis
  // names the attempt only there (the tooltip keeps the count).
  const shortTicks = useMatches({ base: true, sm: false });
  const attemptAxis = {
    interval: 0 as const,
    tickFormatter: (label: string, index: number) => {
      const attempt = attempts.byAttempt[index]?.attempt;
      return shortTicks && attempt !== undefined ? T.attemptLabel(attempt) : label;
    },
  };
  return (
    <Section title={T.attemptsTitle} hint={T.attemptsHint}>
      {attempts.pairs === 0 ? (
        <Text c="dimmed">{T.attemptsNone}</Text>
      ) : (
        <Group gap="xs" mb="sm" data-testid="attempt-movement">
          <Badge color="green" variant="light">
            {T.improved}: {attempts.improved}
          </Badge>
          <Badge color="gray" variant="light">
            {T.same}: {attempts.same}
          </Badge>
          <Badge color="red" variant="light">
            {T.worse}: {attempts.worse}
          </Badge>
          <Text size="sm">
            {T.firstMean} {pct(attempts.firstMean)} → {T.latestMean} {pct(attempts.latestMean)}
          </Text>
        </Group>
      )}
      {data.length > 0 && (
        <Text size="xs" c="dimmed" mb={4}>
          {T.attemptsChartHint}
        </Text>
      )}
      {data.length > 0 && (
        <BarChart
          h={180}
          data={data}
          dataKey="attempt"
          xAxisProps={attemptAxis}
          unit="%"
          yAxisProps={{ domain: [0, 100] }}
          series={[{ name: 'mean', label: T.mean, color: 'teal.6' }]}
          role="img"
          aria-label={T.attemptsTitle}
        />
      )}
    </Section>
  );
}

/** Per question: mean, median, answers, and the rubric bands as a 100 % stacked bar. */
function QuestionsPanel({
  questions,
  questionLink,
}: {
  questions: TQuestionStats[];
  questionLink?: (questionId: string) => React.ReactNode;
}) {
  // Numbered as in the class; the charts leave out questions nobody has answered yet.
  const numbered = questions.map((q, i) => ({ ...q, label: T.questionHeader(i + 1) }));
  const answered = numbered.filter((q) => q.answers > 0);
  const [chosen, setChosen] = useState<string | null>(answered[0]?.id ?? null);
  const selected = answered.find((q) => q.id === chosen) ?? answered[0];
  const bands = answered.map((q) => ({
    question: q.label,
    low: q.bands.low,
    between: q.bands.between,
    high: q.bands.high,
    other: q.bands.other,
  }));
  const scores = (selected?.scores ?? []).map((n, score) => ({ score: String(score), answers: n }));
  return (
    <>
      <Section title={T.questionsTitle}>
        <Table.ScrollContainer minWidth={480}>
          <Table striped verticalSpacing="xs" aria-label={T.questionsTitle}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">#</Table.Th>
                <Table.Th scope="col">{T.questionsTitle}</Table.Th>
                <Table.Th scope="col">{T.answers}</Table.Th>
                <Table.Th scope="col">{T.mean}</Table.Th>
                <Table.Th scope="col">{T.median}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {questions.map((q, i) => (
                <Table.Tr key={q.id}>
                  <Table.Td>{T.questionHeader(i + 1)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Text size="sm" lineClamp={2}>
                      {q.question}
                    </Text>
                    {questionLink?.(q.id)}
                  </Table.Td>
                  <Table.Td>{q.answers}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {marksText(q.mean)} / {q.marks}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {marksText(q.median)} / {q.marks}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Section>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title={T.bandsTitle}>
          <BarChart
            h={Math.max(160, 40 * bands.length + 60)}
            data={bands}
            dataKey="question"
            type="percent"
            orientation="vertical"
            withLegend
            legendProps={{ verticalAlign: 'bottom' }}
            series={[
              { name: 'low', label: T.bandLow, color: 'red.5' },
              { name: 'between', label: T.bandBetween, color: 'yellow.5' },
              { name: 'high', label: T.bandHigh, color: 'green.6' },
              { name: 'other', label: T.bandOther, color: 'gray.5' },
            ]}
            role="img"
            aria-label={T.bandsTitle}
          />
        </Section>
        <Section title={T.scoresTitle}>
          {answered.length > 1 && (
            <Select
              label={T.questionsTitle}
              data={answered.map((q) => ({
                value: q.id,
                label: `${q.label}: ${q.question.slice(0, 80)}`,
              }))}
              value={selected?.id ?? null}
              onChange={setChosen}
              allowDeselect={false}
              mb="sm"
            />
          )}
          <BarChart
            h={200}
            data={scores}
            dataKey="score"
            series={[{ name: 'answers', label: T.answers, color: 'indigo.6' }]}
            role="img"
            aria-label={T.scoresTitle}
          />
        </Section>
      </SimpleGrid>
    </>
  );
}

/** Mean share per week for the whole group, or one student beside it. */
function ProgressPanel({ analytics }: { analytics: TClassAnalytics }) {
  const [studentId, setStudentId] = useState<string | null>(null);
  const active = analytics.students.filter((s) => s.answers > 0);
  const student = active.find((s) => s.id === studentId) ?? null;
  const data = useMemo(() => {
    const mine = new Map(
      analytics.progress.filter((p) => p.studentId === studentId).map((p) => [p.week, p]),
    );
    return everyWeek(analytics.weeks).map((w) => ({
      week: weekLabel(w.week),
      group: weekPercent(w),
      ...(student && mine.has(w.week)
        ? { student: Math.round((mine.get(w.week)?.meanShare ?? 0) * 1000) / 10 }
        : {}),
    }));
  }, [analytics, studentId, student]);
  const weekAxis = useSparseDateAxis(data.length);
  return (
    <Section title={T.progressTitle} hint={T.progressHint}>
      <Select
        label={T.progressStudent}
        data={[
          { value: '', label: T.progressAll },
          ...active.map((s) => ({ value: s.id, label: s.name })),
        ]}
        value={studentId ?? ''}
        onChange={(v) => setStudentId(v ? v : null)}
        allowDeselect={false}
        searchable
        maw={360}
        mb="sm"
      />
      <LineChart
        h={240}
        data={data}
        dataKey="week"
        xAxisProps={weekAxis}
        unit="%"
        yAxisProps={{ domain: [0, 100] }}
        curveType="linear"
        connectNulls
        withLegend={Boolean(student)}
        series={[
          { name: 'group', label: T.progressAll, color: 'gray.6' },
          ...(student ? [{ name: 'student', label: student.name, color: 'blue.6' }] : []),
        ]}
        role="img"
        aria-label={T.progressTitle}
      />
    </Section>
  );
}

/**
 * Everything a teacher reads about a class or a question: headline figures, the distribution, each
 * question with its rubric bands and scores, attempts, the students × questions grid and progress.
 */
export function AnalyticsView({
  analytics,
  onOpenSubmission,
  questionLink,
}: {
  analytics: TClassAnalytics;
  /** Opens an answer from the grid; without it the grid's cells are not buttons. */
  onOpenSubmission?: (submissionId: string, questionId: string) => void;
  questionLink?: (questionId: string) => React.ReactNode;
}) {
  if (analytics.summary.answers === 0) {
    return (
      <Paper withBorder p="xl" radius="md">
        <Text c="dimmed" ta="center" role="status">
          {T.noAnswers}
        </Text>
      </Paper>
    );
  }
  return (
    <Stack gap="md">
      <SummaryStats summary={analytics.summary} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <DistributionChart histogram={analytics.summary.histogram} />
        <AttemptsPanel attempts={analytics.attempts} />
      </SimpleGrid>
      <QuestionsPanel questions={analytics.questions} questionLink={questionLink} />
      <Section title={T.gridTitle} hint={T.gridHint}>
        <ScoreGrid
          students={analytics.students}
          questions={analytics.questions}
          cells={analytics.grid}
          onOpen={onOpenSubmission}
        />
      </Section>
      <ProgressPanel analytics={analytics} />
    </Stack>
  );
}
