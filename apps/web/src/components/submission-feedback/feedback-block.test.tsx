import '@testing-library/jest-dom/vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@stem/contract/messages';
import { FeedbackBlock, isBareScore } from './feedback-block';

const T = MESSAGES.submissionsPage;

function renderBlock(markRange: string) {
  return render(
    <MantineProvider>
      <FeedbackBlock
        feedback={[{ aiComment: 'Good start.', suggestion: 'Add a reason.', markRange }]}
      />
    </MantineProvider>,
  );
}

describe('the mark range under feedback', () => {
  it('names the band a mark falls in', () => {
    renderBlock('2-3');
    expect(screen.getByText(T.markRange('2-3'))).toBeInTheDocument();
  });

  it('says nothing for a middle mark given as the score alone ("Mark range: 1")', () => {
    renderBlock('1');
    expect(screen.queryByText(T.markRange('1'))).toBeNull();
    expect(screen.getByText('Good start.')).toBeInTheDocument();
    expect(isBareScore(' 2 ')).toBe(true);
    expect(isBareScore('0-1')).toBe(false);
  });
});
