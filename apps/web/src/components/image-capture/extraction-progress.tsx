import { Group, Loader, Paper, Progress, Stack, Text } from '@mantine/core';
import { MESSAGES } from '@stem/contract/messages';
import type { TExtractionStage } from '../../lib/images';

const T = MESSAGES.imageCapture;
const STAGES: readonly TExtractionStage[] = ['compressing', 'reading', 'tidying'];
const LABELS: Record<TExtractionStage, string> = {
  compressing: T.stageCompressing,
  reading: T.stageReading,
  tidying: T.stageTidying,
};

/** Where turning a photo into text has got to: compressing, reading handwriting, tidying. */
export function ExtractionProgress({ stage, title }: { stage: TExtractionStage; title?: string }) {
  const step = STAGES.indexOf(stage) + 1;
  return (
    <Paper withBorder p="md" role="status" aria-live="polite" data-testid="extraction-progress">
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap">
          <Loader size="sm" aria-hidden />
          <Stack gap={0}>
            {title && <Text fw={600}>{title}</Text>}
            <Text size="sm">{LABELS[stage]}</Text>
          </Stack>
        </Group>
        <Progress
          value={(step / STAGES.length) * 100}
          animated
          aria-label={T.stepOf(step, STAGES.length)}
        />
        <Text size="xs" c="dimmed">
          {T.stepOf(step, STAGES.length)}
        </Text>
      </Stack>
    </Paper>
  );
}
