/**
 * Test helpers: render with the app's providers and a memory router. The network is the only thing
 * the tests fake, and `testing/network.ts` answers it by the shared contract.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { type InitialEntry, MemoryRouter, type RouteObject, useLocation, useRoutes } from 'react-router';
import { AppToaster } from '../components/ui/toaster.tsx';
import { createQueryClient } from '../lib/query-client.ts';

/**
 * Renders route objects in a memory router with the app's query client and toaster. `pathname()`
 * is where the router is now, `search()` its search part (with the `?`).
 */
export function renderRoutes(
  routes: RouteObject[],
  { initialEntries = ['/'] }: { initialEntries?: InitialEntry[] } = {},
) {
  const queryClient = createQueryClient();
  const current = { pathname: '', search: '' };
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={initialEntries}>
        <RouteTable routes={routes} current={current} />
      </MemoryRouter>
      <AppToaster />
    </QueryClientProvider>,
  );
  return { ...result, queryClient, pathname: () => current.pathname, search: () => current.search };
}

function RouteTable({
  routes,
  current,
}: {
  routes: RouteObject[];
  current: { pathname: string; search: string };
}) {
  const { pathname, search } = useLocation();
  current.pathname = pathname;
  current.search = search;
  return useRoutes(routes);
}

/** Renders one element at `path` (with a catch-all that shows the URL it landed on). */
export function renderWithProviders(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  return renderRoutes(
    [
      { path, element: ui },
      { path: '*', Component: LocationProbe },
    ],
    { initialEntries: [path] },
  );
}

function LocationProbe() {
  return <p>Landed elsewhere</p>;
}
