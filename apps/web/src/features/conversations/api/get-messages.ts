import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getMessages = (id: string, cursor?: string) =>
  api.get('/conversations/:id/messages', { params: { id }, query: { cursor } });

export const messagesQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.conversations.messages(id),
    queryFn: ({ pageParam }) => getMessages(id, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** A conversation and its messages, newest first, a page at a time (reading it marks it read). */
export function useMessages(id: string) {
  return useInfiniteQuery(messagesQueryOptions(id));
}
