import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getNotifications = (cursor?: string, limit?: number) =>
  api.get('/notifications', { query: { cursor, limit } });

export const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.notifications.list(),
    queryFn: ({ pageParam }) => getNotifications(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The signed-in user's notifications, newest first, a page at a time. */
export function useNotifications() {
  return useInfiniteQuery(notificationsQueryOptions());
}

/**
 * The bell's unread count: loaded with every page the server renders for its visitor
 * (app/page-data.ts), asked again when the server says it changed (lib/live-updates.ts).
 */
export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.notifications.unread(),
    queryFn: async () => (await getNotifications(undefined, 1)).unread,
  });

/** How many of the signed-in user's notifications are unread (asked only when `enabled`: signed in). */
export function useUnreadCount(enabled: boolean) {
  return useQuery({ ...unreadCountQueryOptions(), enabled });
}
