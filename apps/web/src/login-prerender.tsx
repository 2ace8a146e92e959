/**
 * The login page rendered to HTML at build time (`npm run build` runs scripts/prerender-login.mjs on
 * this module's server build): login.html, which the server sends for a first visit to `/login`,
 * then carries the page as a visitor who is not signed in first sees it, so it shows as soon as the
 * HTML and the stylesheet arrive instead of after the app, the router and the page's chunk have
 * loaded. The app (src/main.tsx) then renders the same page in its place once the router is ready.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { cssVariablesResolver, theme } from './app/theme';
import LoginPage from './features/auth/pages/login-page';

export function render(): string {
  return renderToString(
    <MantineProvider
      theme={theme}
      defaultColorScheme="light"
      cssVariablesResolver={cssVariablesResolver}
    >
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/login']}>
          <LoginPage />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
