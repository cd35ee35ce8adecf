/**
 * The signed-in user, shared by every feature: `useMe()` reads `GET /api/me` through TanStack Query
 * (`null` when signed out). Sign-in forms live in features/auth.
 */
import type { User } from '@redline/shared';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client.ts';

export type { User };

export const meQueryKey = ['me'] as const;

export function getMe(): Promise<User | null> {
  return api.get<User | null>('/me');
}

export const meQueryOptions = () => queryOptions({ queryKey: meQueryKey, queryFn: getMe });

/** `data` is the user, `null` when signed out, `undefined` while loading. */
export function useMe() {
  return useQuery(meQueryOptions());
}

/**
 * Signs out, lets the caller leave the page (e.g. navigate home, so guards do not bounce a
 * signed-out user to the login page first), then forgets every cached query so no one else's
 * data stays on screen.
 */
export function useSignOut({ onSignedOut }: { onSignedOut?: () => unknown } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/auth/sign-out', {}),
    onSuccess: async () => {
      await onSignedOut?.();
      queryClient.clear();
      queryClient.setQueryData(meQueryKey, null);
    },
  });
}

/**
 * After sign-in or sign-up: drop every cached query (it belonged to nobody or to someone else)
 * and load the new user, so guards see them before we navigate on.
 */
export async function refreshMe(queryClient: QueryClient): Promise<User | null> {
  queryClient.clear();
  return queryClient.fetchQuery(meQueryOptions());
}
