import { Text } from '@mantine/core';
import { MESSAGES } from '@stem/contract/messages';
import { useAgreement } from '../api/review';

const R = MESSAGES.review;

/**
 * How often the AI's mark stood on one question, for the review queue's answer to it: 'On this
 * question, AI and you agreed on 18 of 22 answers (within 1 mark: 21)'. It sits in the answer it is
 * about: one line for the whole card read as the card's count, and said "No reviewed answers yet" on
 * a card whose other answers (to other questions) showed "Reviewed on …".
 */
export function AgreementLine({ questionId }: { questionId: string | null | undefined }) {
  const agreement = useAgreement(Boolean(questionId));
  const row = questionId ? agreement.data?.get(questionId) : undefined;
  if (!questionId || agreement.isPending) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="agreement">
      {row && row.reviewed > 0
        ? R.questionAgreement(row.agreed, row.reviewed, row.withinOne)
        : R.noAgreementYet}
    </Text>
  );
}
