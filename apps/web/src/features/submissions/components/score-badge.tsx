import { Badge, type BadgeProps } from '@mantine/core';
import type { TSubmissionStatus } from '@stem/contract/submissions';
import { MESSAGES } from '@stem/contract/messages';

type TScoreBadgeProps = {
  status: TSubmissionStatus;
  score: number | null;
  outOf: number;
  size?: BadgeProps['size'];
};

/** A score "7/10", or "Pending" while marking runs, or "Not marked" when marking failed. */
export function ScoreBadge({ status, score, outOf, size = 'lg' }: TScoreBadgeProps) {
  const marked = status === 'marked' && score !== null;
  const text = marked
    ? `${score}/${outOf}`
    : status === 'pending'
      ? MESSAGES.submissions.pending
      : MESSAGES.dashboard.notMarked;
  const color = marked ? 'green' : status === 'pending' ? 'yellow' : 'red';
  return (
    <Badge
      size={size}
      tt="none"
      variant="light"
      color={color}
      style={{ flexShrink: 0 }}
      data-testid="score-badge"
    >
      {text}
    </Badge>
  );
}
