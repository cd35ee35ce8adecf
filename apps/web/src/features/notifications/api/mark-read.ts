import type { NotificationsRead, UnreadCount } from '@redline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notificationKeys } from './notification-keys.ts';

/** Marks the signed-in user's notifications read: these ids, or all of them. */
export const markNotificationsRead = (read: NotificationsRead) =>
  api.post<UnreadCount>('/notifications/read', read);

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: async ({ unread }) => {
      queryClient.setQueryData(notificationKeys.unread(), unread);
      await queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
    },
  });
}
