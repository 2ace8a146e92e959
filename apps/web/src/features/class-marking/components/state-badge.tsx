import { Badge } from '@mantine/core';
import { MESSAGES } from '@stem/contract/messages';
import type { TRowState } from '../marking-order';

const COLORS: Record<TRowState, string> = {
  none: 'gray',
  pending: 'blue',
  failed: 'red',
  toReview: 'orange',
  reviewed: 'green',
  changed: 'teal',
};

/** A student's state on the marking screen, in words and colour. */
export function StateBadge({ state, size = 'sm' }: { state: TRowState; size?: 'xs' | 'sm' }) {
  return (
    <Badge variant="light" size={size} color={COLORS[state]} tt="none" style={{ flexShrink: 0 }}>
      {MESSAGES.classMarking.state[state]}
    </Badge>
  );
}
