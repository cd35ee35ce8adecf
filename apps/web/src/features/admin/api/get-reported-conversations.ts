import type { ReportedConversation } from '@redline/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type { ReportedConversation };

export const getReportedConversations = (cursor?: string) =>
  api.get('/conversations/reported', { query: { cursor } });

export const reportedConversationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.conversations.reported(),
    queryFn: ({ pageParam }) => getReportedConversations(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** Reported conversations, most recently reported first, each with its reports (admin). */
export function useReportedConversations() {
  return useInfiniteQuery(reportedConversationsQueryOptions());
}
