/**
 * What the server needs before it renders a page (entry-server.tsx): whether the page is for signed-in
 * visitors only, read from the guards in router.tsx, so that a signed-out visitor is sent to sign in
 * before any HTML; and the queries a page shows first, loaded into the query cache so that its HTML
 * holds its content and the browser asks nothing again. A page not listed here renders its loading
 * state on the server and fetches its data in the browser, as before.
 */
import type { QueryClient } from '@tanstack/react-query';
import { isValidElement } from 'react';
import { matchPath, matchRoutes, type Params } from 'react-router';
import { routePatterns as r } from '../config/paths.ts';
import { RequireAuth, RequireRole } from '../features/auth/index.ts';
import {
  advertisedCarsQueryOptions,
  carQueryOptions,
  categoryCarsQueryOptions,
} from '../features/cars/index.ts';
import { categoriesQueryOptions } from '../features/categories/index.ts';
import { routes } from './router.tsx';

type PageData = (client: QueryClient, params: Params) => Promise<void>[];

const pageData: Record<string, PageData> = {
  [r.home]: (client) => [
    client.prefetchQuery(categoriesQueryOptions()),
    client.prefetchInfiniteQuery(advertisedCarsQueryOptions()),
  ],
  [r.categories]: (client) => [client.prefetchQuery(categoriesQueryOptions())],
  [r.category]: (client, { id = '' }) => [
    client.prefetchQuery(categoriesQueryOptions()),
    client.prefetchInfiniteQuery(categoryCarsQueryOptions(id)),
  ],
  [r.car]: (client, { id = '' }) => [client.prefetchQuery(carQueryOptions(id))],
};

/** Loads the page's first data into `client`; a failed query is left out, for the browser to ask. */
export async function loadPageData(client: QueryClient, pathname: string): Promise<void> {
  for (const [pattern, load] of Object.entries(pageData)) {
    const match = matchPath(pattern, pathname);
    if (match) {
      await Promise.all(load(client, match.params));
      return;
    }
  }
}

/** Whether a guard of router.tsx (RequireAuth, RequireRole) stands above the page at `pathname`. */
export function needsSignIn(pathname: string): boolean {
  return (matchRoutes(routes, pathname) ?? []).some(
    ({ route }) =>
      route.Component === RequireAuth ||
      (isValidElement(route.element) && route.element.type === RequireRole),
  );
}
