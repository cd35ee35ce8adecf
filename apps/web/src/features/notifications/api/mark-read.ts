import type { NotificationsRead } from '@redline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { changed, queryKeys } from '../../../lib/query-keys.ts';

/** Marks the signed-in user's notifications read: these ids, or all of them. */
export const markNotificationsRead = (read: NotificationsRead) =>
  api.post('/notifications/read', { body: read });

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: async ({ unread }) => {
      queryClient.setQueryData(queryKeys.notifications.unread(), unread);
      await changed(queryClient, 'notifications');
    },
  });
}
