import { Badge, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconSchool } from '@tabler/icons-react';
import { MESSAGES } from '@stem/contract/messages';
import { formatLongDate } from '../../lib/dates';

const T = MESSAGES.trial;

type TProps = {
  schoolName: string | null;
  expirationDate: string | null;
  logo?: string | null;
};

/** The registration page's trial panel (spec 01 §2): school, TRIAL badge, what the trial holds, expiry. */
export function TrialDetailsPanel({ schoolName, expirationDate, logo }: TProps) {
  return (
    <Paper withBorder radius="md" p="md" bg="blue.0" aria-label={T.trialSchool} component="section">
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap">
          {logo ? (
            <img src={logo} alt="" width={40} height={40} style={{ objectFit: 'contain' }} />
          ) : (
            <ThemeIcon size={40} radius="md" variant="light" aria-hidden="true">
              <IconSchool size={22} />
            </ThemeIcon>
          )}
          <div>
            <Title order={2} size="h4">
              {schoolName ?? T.trialSchool}
            </Title>
            <Badge color="orange" variant="filled" mt={4}>
              {T.badge}
            </Badge>
          </div>
        </Group>
        <Text fw={600} size="sm">
          {T.limitedAccess}
        </Text>
        <List
          size="sm"
          spacing={4}
          icon={
            <ThemeIcon size={18} radius="xl" color="teal" aria-hidden="true">
              <IconCheck size={12} />
            </ThemeIcon>
          }
        >
          <List.Item>{T.oneTeacher}</List.Item>
          <List.Item>{T.oneStudent}</List.Item>
        </List>
        {expirationDate && (
          <Text size="sm" c="dimmed">
            {T.expires(formatLongDate(expirationDate))}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
