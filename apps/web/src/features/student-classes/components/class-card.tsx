import { Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconChevronRight, IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { TStudentClass } from '@stem/contract/teaching';
import { questionCountText, teacherNameOf } from '../format';
import classes from '../../../components/cards.module.css';

/** One enrolled class as a card that opens `to`: name, teacher and question count. */
export function ClassCard({ cls, to }: { cls: TStudentClass; to: string }) {
  return (
    <Card
      component={Link}
      to={to}
      withBorder
      padding="lg"
      h="100%"
      className={classes.cardLink}
      data-testid="student-class-card"
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Group wrap="nowrap" align="flex-start" gap="sm" style={{ minWidth: 0 }}>
          <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
            <IconUsersGroup size={22} />
          </ThemeIcon>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
              {cls.name}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {`Teacher: ${teacherNameOf(cls)}`}
            </Text>
            <Text size="sm" c="dimmed">
              {questionCountText(cls.questionCount)}
            </Text>
          </Stack>
        </Group>
        <IconChevronRight size={20} aria-hidden style={{ flexShrink: 0 }} />
      </Group>
    </Card>
  );
}
