import type { NotificationPreferences } from '@redline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Sets the named kinds' settings; answers all of the user's settings. */
export const setNotificationPreferences = (preferences: NotificationPreferences) =>
  api.put('/notifications/preferences', { body: preferences });

export function useSetNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setNotificationPreferences,
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.notificationSettings.preferences(), saved),
  });
}
