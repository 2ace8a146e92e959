// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailText } from './email-text';

describe('EmailText', () => {
  it('offers a line break before the @ and keeps the address whole as text', () => {
    const { container } = render(<EmailText email="student25.0idu@example.com" />);
    expect(container.textContent).toBe('student25.0idu@example.com');
    expect(container.innerHTML).toBe('student25.0idu<wbr>@example.com');
  });

  it('leaves an address without a local part alone', () => {
    const { container } = render(<EmailText email="nobody" />);
    expect(container.innerHTML).toBe('nobody');
  });
});
