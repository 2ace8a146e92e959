import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { COPIED_LABEL_MS, SUCCESS_MESSAGE_MS } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import { formatSchoolCode } from '@stem/contract/school-code';

const G = MESSAGES.gettingStarted;

/**
 * The school code with a Copy button: 'Copied!' on the button for 2 s and the success text for 3 s;
 * on failure the code stays selectable and a message says to copy it by hand (spec 01 §2, §8). Shown in
 * Settings, on the teacher's dashboard and in Create Class (one page may hold two: ids are its own).
 */
export function CopySchoolCode({ code }: { code: string }) {
  const labelId = useId();
  const [copiedLabel, setCopiedLabel] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    if (!copiedLabel) return;
    const timer = window.setTimeout(() => setCopiedLabel(false), COPIED_LABEL_MS);
    return () => window.clearTimeout(timer);
  }, [copiedLabel]);

  useEffect(() => {
    if (!message?.ok) return;
    const timer = window.setTimeout(() => setMessage(null), SUCCESS_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [message]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopiedLabel(true);
      setMessage({ ok: true, text: MESSAGES.settings.copied });
    } catch {
      setCopiedLabel(false);
      setMessage({ ok: false, text: MESSAGES.settings.copyFailed });
    }
  };

  return (
    <Stack gap={4}>
      <Text size="sm" fw={600} id={labelId}>
        {G.codeLabel}
      </Text>
      <Group gap="sm" wrap="wrap">
        <Code
          fz="md"
          aria-labelledby={labelId}
          style={{ userSelect: 'all', letterSpacing: '0.05em' }}
        >
          {formatSchoolCode(code)}
        </Code>
        <Button
          size="xs"
          variant="light"
          leftSection={copiedLabel ? <IconCheck size={14} /> : <IconCopy size={14} />}
          onClick={() => void copy()}
        >
          {copiedLabel ? MESSAGES.settings.copiedLabel : G.copy}
        </Button>
      </Group>
      {message && (
        <Text size="sm" c={message.ok ? 'green.8' : 'red.8'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </Text>
      )}
    </Stack>
  );
}
