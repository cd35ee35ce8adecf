import type { ListedSeller, ListedUser, Page } from '@redline/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { type ManagedRole, usersPath } from './managed-role.ts';

/** Typed as either list: each route answers users of its own role, sellers with their dealership. */
export const getUsers = (role: ManagedRole, cursor?: string): Promise<Page<ListedUser | ListedSeller>> =>
  api.get(usersPath[role], { query: { cursor } });

export const usersQueryOptions = (role: ManagedRole) =>
  infiniteQueryOptions({
    queryKey: queryKeys.users.list(role),
    queryFn: ({ pageParam }) => getUsers(role, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** All buyers or all sellers, a page at a time (admin). */
export function useUsers(role: ManagedRole) {
  return useInfiniteQuery(usersQueryOptions(role));
}
