import { Badge, type BadgeProps } from '@mantine/core';
import type { TSubmissionStatus } from '@stem/contract/submissions';
import { MESSAGES } from '@stem/contract/messages';

type TScoreBadgeProps = {
  status: TSubmissionStatus;
  score: number | null;
  outOf: number;
  size?: BadgeProps['size'];
  /** The teacher holds this mark until review (issue 18): without a score it says so. */
  held?: boolean | undefined;
  /** Held until the teacher releases the class's marks (issue 27): it says that instead. */
  releaseHeld?: boolean | undefined;
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
 * marked" (grey) when marking failed, or "Awaiting teacher review" (indigo) for a held mark.
 */
export function ScoreBadge({
  status,
  score,
  outOf,
  size = 'lg',
  held = false,
  releaseHeld = false,
}: TScoreBadgeProps) {
  const marked = status === 'marked' && score !== null;
  // A mark the teacher has not released reaches the student without its score (issue 18).
  const withheld = held && status === 'marked' && score === null;
  const text = marked
    ? `${score}/${outOf}`
    : withheld
      ? releaseHeld
        ? MESSAGES.release.waitingBadge
        : MESSAGES.review.heldTotal
      : status === 'pending'
        ? MESSAGES.submissions.pending
        : MESSAGES.dashboard.notMarked;
  const color = marked
    ? scoreColor(score, outOf)
    : withheld
      ? 'indigo'
      : status === 'pending'
        ? 'yellow'
        : 'gray';
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
