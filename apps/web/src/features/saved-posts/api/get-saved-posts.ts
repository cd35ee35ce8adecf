import type { Page, SavedPost } from '@redline/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { savedPostKeys } from './saved-post-keys.ts';

export type { SavedPost };

export const getSavedPosts = (email: string, cursor?: string) =>
  api.get<Page<SavedPost>>(`/savedpost/user/${encodeURIComponent(email)}`, { query: { cursor } });

export const savedPostsQueryOptions = (email: string) =>
  infiniteQueryOptions({
    queryKey: savedPostKeys.list(email),
    queryFn: ({ pageParam }) => getSavedPosts(email, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The buyer's saved cars, most recently saved first, a page at a time. */
export function useSavedPosts(email: string) {
  return useInfiniteQuery(savedPostsQueryOptions(email));
}
