/**
 * The units the pages show (packages/shared's units.ts): the visitor's choice, remembered in the
 * `redline-units` cookie, or else the market's (the server's MARKET_UNITS). The server reads the
 * cookie and renders the page in those units (entry-server.tsx puts them in the query cache, which
 * goes with the page), so the browser hydrates it as rendered; the footer's switch changes them.
 */
import { DEFAULT_UNIT_SYSTEM, UNITS_COOKIE, type UnitSystem, unitSystemFromCookies } from '@redline/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { appKeys } from './query-keys.ts';

/** The choice is kept for a year; the pages of any path read it. */
const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * A page the browser renders alone (no server-rendered state: the Vite dev server) takes the
 * visitor's choice, or the default market's units.
 */
const unitSystemQueryOptions = queryOptions({
  queryKey: appKeys.units,
  queryFn: (): UnitSystem => unitSystemFromCookies(document.cookie) ?? DEFAULT_UNIT_SYSTEM,
  initialData: (): UnitSystem => unitSystemFromCookies(document.cookie) ?? DEFAULT_UNIT_SYSTEM,
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
});

export function useUnitSystem(): UnitSystem {
  return useQuery(unitSystemQueryOptions).data;
}

/** Shows every page in `system` from now on, this one at once, and remembers it in the cookie. */
export function useChooseUnitSystem(): (system: UnitSystem) => void {
  const queryClient = useQueryClient();
  return (system) => {
    // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is missing from Safari before 18.4 and Firefox.
    document.cookie = `${UNITS_COOKIE}=${system}; Max-Age=${COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax`;
    queryClient.setQueryData(appKeys.units, system);
  };
}
