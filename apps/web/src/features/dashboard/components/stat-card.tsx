import { Card, Group, Skeleton, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from '../../../components/cards.module.css';

type TStatCardProps = {
  label: string;
  value: number;
  to: string;
  icon: ReactNode;
  loading: boolean;
};

/** A count that links to the list it counts. */
export function StatCard({ label, value, to, icon, loading }: TStatCardProps) {
  return (
    <Card
      component={Link}
      to={to}
      withBorder
      padding="lg"
      className={classes.cardLink}
      aria-busy={loading || undefined}
    >
      <Group justify="space-between" wrap="nowrap" align="center">
        <div>
          <Text size="sm" c="dimmed" fw={600}>
            {label}
          </Text>
          {loading ? (
            <Skeleton h={36} w={56} mt={4} />
          ) : (
            <Text fz={32} fw={700} lh={1.2} data-testid={`stat-${label}`}>
              {value}
            </Text>
          )}
        </div>
        <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
          {icon}
        </ThemeIcon>
      </Group>
    </Card>
  );
}
