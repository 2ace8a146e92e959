import '@testing-library/jest-dom/vitest';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@stem/contract/messages';
import {
  EMPTY_SCHOOL_CODE,
  SchoolCodeInput,
  type TSchoolCodeParts,
} from './components/school-code-input';

function Harness({ initial = EMPTY_SCHOOL_CODE }: { initial?: TSchoolCodeParts }) {
  const [parts, setParts] = useState(initial);
  return (
    <MantineProvider>
      <SchoolCodeInput value={parts} onChange={setParts} />
      <output data-testid="code">{parts.join('|')}</output>
    </MantineProvider>
  );
}

const box = (n: number) =>
  screen.getByRole('textbox', { name: MESSAGES.registerPage.schoolCodeBox(n * 4 - 3, n * 4) });

describe('SchoolCodeInput', () => {
  it('upper-cases, strips other characters and keeps four per box', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness />);
    await user.type(box(1), 'a-b c');
    expect(box(1)).toHaveValue('ABC');
    await user.click(box(3));
    await user.type(box(3), 'wx!yz9');
    expect(box(3)).toHaveValue('WXYZ');
  });

  it('moves to the next box when a box fills, and continues typing there', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness />);
    await user.type(box(1), 'abcd');
    expect(box(2)).toHaveFocus();
    await user.keyboard('efgh');
    expect(box(2)).toHaveValue('EFGH');
    expect(box(3)).toHaveFocus();
  });

  it('fills all four boxes when a whole code is pasted into any box, with or without dashes', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness />);
    await user.click(box(3));
    await user.paste('abcd-efgh-ijkl-mnop');
    expect(screen.getByTestId('code')).toHaveTextContent('ABCD|EFGH|IJKL|MNOP');
    expect(box(4)).toHaveFocus();

    await user.click(box(2));
    await user.paste('QRSTUVWX12345678');
    expect(screen.getByTestId('code')).toHaveTextContent('QRST|UVWX|1234|5678');
  });

  it('goes back to the previous box on Backspace in an empty box', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness initial={['ABCD', '', '', '']} />);
    await user.click(box(2));
    await user.keyboard('{Backspace}');
    expect(box(1)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(box(1)).toHaveValue('ABC');
  });
});
