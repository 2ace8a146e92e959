import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { TRole } from '@stem/contract/roles';
import { theme } from '../../app/theme';
import { saveSession } from '../../lib/session';

// env="test" turns Mantine transitions off, so dropdowns and drawers open at once in jsdom.
// The machines running these tests are shared and busy: give async queries room.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no FontFaceSet; Mantine's autosizing Textarea listens on document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

// jsdom has no scrollIntoView; Mantine's Select scrolls to the chosen option.
Element.prototype.scrollIntoView ??= () => undefined;

type TEntry = string | { pathname: string; state?: unknown };

/** Renders pages in the app's providers and an in-memory router. */
export function renderRoutes(routes: { path: string; element: ReactElement }[], entry: TEntry) {
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const result = render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, router, queryClient };
}

/** Shows where the router went and the navigation state it carried. */
export function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
    </output>
  );
}

export function signIn(role: TRole, userId = '00000000-0000-4000-8000-000000000900') {
  saveSession({
    token: `${role}-token`,
    refreshToken: 'refresh',
    user: {
      userId,
      name: 'Ada Lovelace',
      email: `${role}@example.com`,
      role,
      school: { name: 'Hilltop', code: 'ABCD1234EFGH5678' },
      schoolCode: 'ABCD1234EFGH5678',
      schoolType: 'classroom',
      plan: 'classroom',
      permissions: [],
      accountType: 'paid',
    },
  });
}
