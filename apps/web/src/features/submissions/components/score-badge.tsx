import { Badge, type BadgeProps } from '@mantine/core';
import type { TSubmissionStatus } from '@stem/contract/submissions';
import { MESSAGES } from '@stem/contract/messages';

type TScoreBadgeProps = {
  status: TSubmissionStatus;
  score: number | null;
  outOf: number;
  size?: BadgeProps['size'];
};

/** The badge colour of a mark: green for a good share of the marks, orange for some, red for few. */
export function scoreColor(score: number, outOf: number): 'green' | 'orange' | 'red' {
  const share = outOf > 0 ? score / outOf : 0;
  if (share >= 0.6) return 'green';
  if (share >= 0.3) return 'orange';
  return 'red';
}

/**
 * A score "7/10" coloured by how good it is, or "Pending" (yellow) while marking runs, or "Not
 * marked" (grey) when marking failed.
 */
export function ScoreBadge({ status, score, outOf, size = 'lg' }: TScoreBadgeProps) {
  const marked = status === 'marked' && score !== null;
  const text = marked
    ? `${score}/${outOf}`
    : status === 'pending'
      ? MESSAGES.submissions.pending
      : MESSAGES.dashboard.notMarked;
  const color = marked ? scoreColor(score, outOf) : status === 'pending' ? 'yellow' : 'gray';
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
