/**
 * The signed-in user, shared by every feature: `useMe()` reads `GET /api/me` through TanStack Query
 * (`null` when signed out). Sign-in forms live in features/auth.
 */
import type { Me, User } from '@redline/shared';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { useLocation } from 'react-router';
import { api } from './api-client.ts';
import { appKeys } from './query-keys.ts';

export type { Me, User };

export function getMe(): Promise<Me | null> {
  return api.get('/me');
}

export const meQueryOptions = () => queryOptions({ queryKey: appKeys.me, queryFn: getMe });

/** `data` is the user, `null` when signed out, `undefined` while loading. */
export function useMe() {
  return useQuery(meQueryOptions());
}

/**
 * The path of the page the server rendered (main.tsx, entry-server.tsx): the server ran that page's
 * guards before sending any of it, redirecting a visitor they refuse. A page it rendered for every
 * signed-in visitor alike (app/page-data.ts, `sharedPages`) carries no `me`, which the browser asks
 * for once the page has hydrated.
 */
export const ServerCheckedPathContext = createContext<string | undefined>(undefined);

/**
 * Whether the page on screen is the one whose guards the server checked: a guard still waiting for
 * `me` then renders the page, as the server did, rather than a progress bar.
 */
export function useGuardsCheckedByServer(): boolean {
  return useContext(ServerCheckedPathContext) === useLocation().pathname;
}

/**
 * Signs out, lets the caller leave the page (e.g. navigate home, so guards do not bounce a
 * signed-out user to the login page first), then forgets every cached query so no one else's
 * data stays on screen.
 */
export function useSignOut({ onSignedOut }: { onSignedOut?: () => unknown } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/auth/sign-out'),
    onSuccess: async () => {
      await onSignedOut?.();
      queryClient.clear();
      queryClient.setQueryData(appKeys.me, null);
    },
  });
}

/**
 * After sign-in or sign-up: drop every cached query (it belonged to nobody or to someone else)
 * and load the new user, so guards see them before we navigate on.
 */
export async function refreshMe(queryClient: QueryClient): Promise<Me | null> {
  queryClient.clear();
  return queryClient.fetchQuery(meQueryOptions());
}
