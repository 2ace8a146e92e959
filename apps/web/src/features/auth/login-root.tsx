import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { cssVariablesResolver, theme } from '../../app/theme';
import { LoginView, type TLoginViewProps } from './components/login-view';

/**
 * The login page's whole tree on its own entry: Mantine's provider and the page, nothing else (no
 * router, no query client). The build renders it to HTML (src/login-prerender.tsx) and the browser
 * hydrates the same tree (src/login-main.tsx), so both must stay identical.
 */
export function LoginRoot(props: TLoginViewProps) {
  return (
    <StrictMode>
      <MantineProvider
        theme={theme}
        defaultColorScheme="light"
        cssVariablesResolver={cssVariablesResolver}
      >
        <LoginView {...props} />
      </MantineProvider>
    </StrictMode>
  );
}
