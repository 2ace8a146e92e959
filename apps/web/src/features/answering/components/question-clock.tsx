import { Group, Text } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { MESSAGES } from '@stem/contract/messages';

/** Spec 02 §9: the clock is refreshed every second. */
export const CLOCK_REFRESH_MS = 1_000;

/** The current time, refreshed every second (not announced: a screen reader would hear it tick). */
export function QuestionClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), CLOCK_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <Group gap={6} wrap="nowrap" c="dimmed">
      <IconClock size={18} aria-hidden />
      <Text
        component="time"
        dateTime={now.toISOString()}
        aria-label={MESSAGES.answeringPage.clockLabel}
        ff="monospace"
        size="sm"
        data-testid="clock"
      >
        {now.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' })}
      </Text>
    </Group>
  );
}
