import type { ContactStatus } from '@redline/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getContactMessages = (status: ContactStatus | undefined, cursor?: string) =>
  api.get('/contact', { query: { status, cursor } });

export const contactMessagesQueryOptions = (status?: ContactStatus) =>
  infiniteQueryOptions({
    queryKey: queryKeys.contactMessages.list(status),
    queryFn: ({ pageParam }) => getContactMessages(status, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** Messages sent through the contact form, newest first: the open ones, the handled ones, or all (admin). */
export function useContactMessages(status?: ContactStatus) {
  return useInfiniteQuery(contactMessagesQueryOptions(status));
}
