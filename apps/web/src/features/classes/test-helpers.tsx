import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { TSessionUser } from '@stem/contract/auth';
import { theme } from '../../app/theme';
import { saveSession } from '../../lib/session';

// env="test" turns Mantine transitions off, so dropdowns and modals open at once in jsdom.
// The machines running these tests are shared and busy: give async queries room.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no FontFaceSet; Mantine's autosizing Textarea listens on document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

// Nor scrollIntoView, which Mantine's Combobox calls on the selected option.
if (typeof Element.prototype.scrollIntoView !== 'function') {
  Element.prototype.scrollIntoView = () => undefined;
}

/** Renders pages in the app's providers (with notifications) and an in-memory router. */
export function renderRoutes(
  routes: { path: string; element: ReactElement }[],
  initialEntry: string,
) {
  notifications.clean();
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const result = render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, router, queryClient };
}

/** Shows where the router went. */
export function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

export const TEACHER_ID = '6f1c2b0e-8a52-4c1e-9d35-1b2a3c4d5e6f';

export function signInTeacher(extra: Partial<TSessionUser> = {}) {
  saveSession({
    token: 'teacher-token',
    refreshToken: 'refresh',
    user: {
      userId: TEACHER_ID,
      name: 'Grace Hopper',
      email: 'grace@example.com',
      role: 'teacher',
      school: { name: 'Hilltop', code: 'ABCD1234EFGH5678' },
      schoolCode: 'ABCD1234EFGH5678',
      schoolType: 'classroom',
      plan: 'classroom',
      permissions: [],
      accountType: 'paid',
      ...extra,
    },
  });
}

export const trialReply = (limitType: 'classes' | 'questions', canProceed: boolean, count = 0) => ({
  status: 200,
  body: {
    success: true,
    canProceed,
    isTrial: !canProceed,
    limitType,
    count,
    limit: canProceed ? null : 3,
    message: canProceed
      ? 'Paid plans have no class or question limit.'
      : `Trial accounts are limited to 3 ${limitType}. Upgrade to a paid plan to create more.`,
  },
});
