import { Card, Group, Text, ThemeIcon } from '@mantine/core';
import { IconChevronRight, IconQuestionMark, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MESSAGES } from '@stem/contract/messages';
import type { TClassSummary } from '@stem/contract/teaching';
import classes from '../../../components/cards.module.css';

const T = MESSAGES.classesPage;

/** A class card (spec 02 §2): name, student count and question count; opens /class/{id}. */
export function ClassCard({ cls }: { cls: TClassSummary }) {
  return (
    <Card
      component={Link}
      to={`/class/${cls._id}`}
      withBorder
      padding="lg"
      className={classes.cardLink}
      data-testid="class-card"
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text fw={700} fz="lg" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {cls.name}
        </Text>
        <IconChevronRight size={20} aria-hidden style={{ flexShrink: 0 }} />
      </Group>
      <Group gap="lg" mt="md">
        <Group gap={6} wrap="nowrap">
          <ThemeIcon size="sm" variant="light" aria-hidden>
            <IconUsers size={14} />
          </ThemeIcon>
          <Text size="sm">{T.studentCount(cls.studentCount)}</Text>
        </Group>
        <Group gap={6} wrap="nowrap">
          <ThemeIcon size="sm" variant="light" color="grape" aria-hidden>
            <IconQuestionMark size={14} />
          </ThemeIcon>
          <Text size="sm">{T.questionCount(cls.questionCount)}</Text>
        </Group>
      </Group>
    </Card>
  );
}
