/**
 * Test helpers: render with the app's providers and a memory router, and answer `/api/*` calls
 * from a table of canned responses (the network is the only thing we fake).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { type InitialEntry, MemoryRouter, type RouteObject, useLocation, useRoutes } from 'react-router';
import { vi } from 'vitest';
import { AppToaster } from '../components/ui/toaster.tsx';
import { createQueryClient } from '../lib/query-client.ts';

export type MockResponse = { status?: number; body?: unknown };
export type MockRoutes = Record<
  string,
  MockResponse | ((init: RequestInit | undefined, url: URL) => MockResponse)
>;

export const json = (body: unknown, status = 200): MockResponse => ({ status, body });

/**
 * Stubs global fetch. Keys are "METHOD /api/path" or just "/api/path" (any method); a function
 * answers from the request (its init and URL, with the search part). Unknown calls answer 404 in
 * the API's error shape. Returns the mock to inspect calls.
 */
export function mockFetch(routes: MockRoutes) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    const entry = routes[`${method} ${url.pathname}`] ?? routes[url.pathname];
    const response =
      typeof entry === 'function'
        ? entry(init, url)
        : (entry ?? { status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } });
    const status = response.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(response.body ?? null), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

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
