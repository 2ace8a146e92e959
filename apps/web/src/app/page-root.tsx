import { MantineProvider } from '@mantine/core';
import { StrictMode, type ReactNode } from 'react';
import { cssVariablesResolver, theme } from './theme';

/**
 * The tree of a page with an entry of its own (the landing page, the login page): Mantine's provider
 * and the page, nothing else (no router, no query client). The build renders it to HTML and the
 * browser hydrates the same tree, so both must stay identical.
 */
export function PageRoot({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <MantineProvider
        theme={theme}
        defaultColorScheme="light"
        cssVariablesResolver={cssVariablesResolver}
      >
        {children}
      </MantineProvider>
    </StrictMode>
  );
}
