import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import {
  createMemoryRouter,
  Link,
  RouterProvider,
  useLocation,
  type RouteObject,
} from 'react-router';
import { InternalLinkContext } from '../components/internal-link';
import { theme } from '../app/theme';

type TEntry = string | { pathname: string; state?: unknown };

type TRenderOptions = {
  /** Mounts Mantine's notifications (as the app's providers do) and clears any left over. */
  withNotifications?: boolean;
  /** A query client to use instead of a fresh one, e.g. one a test has seeded. */
  queryClient?: QueryClient;
};

/**
 * Renders routes in the app's providers (with the router's links, as app/router.tsx gives them)
 * and an in-memory data router. env="test" turns Mantine
 * transitions off, so dropdowns, drawers and modals open at once in jsdom; queries don't retry.
 */
export function renderRoutes(routes: RouteObject[], entry: TEntry, options: TRenderOptions = {}) {
  if (options.withNotifications) notifications.clean();
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  const queryClient =
    options.queryClient ??
    new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const result = render(
    <MantineProvider theme={theme} env="test">
      {options.withNotifications ? <Notifications /> : null}
      <QueryClientProvider client={queryClient}>
        <InternalLinkContext.Provider value={Link}>
          <RouterProvider router={router} />
        </InternalLinkContext.Provider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, router, queryClient };
}

/** A stand-in page that shows where the router went and the navigation state it carried. */
export function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
    </output>
  );
}
