import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type TLinkButtonProps = ButtonProps & { to: string; disabled?: boolean; children: ReactNode };

/**
 * A button that navigates. Disabled, it is a real disabled button: a link styled as disabled would
 * still follow on Enter or a middle click.
 */
export function LinkButton({ to, disabled, children, ...props }: TLinkButtonProps) {
  if (disabled) {
    return (
      <Button {...props} disabled>
        {children}
      </Button>
    );
  }
  return (
    <Button {...props} component={Link} to={to}>
      {children}
    </Button>
  );
}
