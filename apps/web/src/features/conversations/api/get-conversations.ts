import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getConversations = (cursor?: string) => api.get('/conversations', { query: { cursor } });

export const conversationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.conversations.list(),
    queryFn: ({ pageParam }) => getConversations(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The signed-in user's conversations, the latest message first. */
export function useConversations() {
  return useInfiniteQuery(conversationsQueryOptions());
}
