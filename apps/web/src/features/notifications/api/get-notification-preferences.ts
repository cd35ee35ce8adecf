import type { NotificationPreferences } from '@redline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { legacyApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getNotificationPreferences = () =>
  legacyApi.get<NotificationPreferences>('/notifications/preferences');

export const notificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.notificationSettings.preferences(),
    queryFn: getNotificationPreferences,
  });

/** The signed-in user's settings: each kind of their role, in the app and by e-mail. */
export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQueryOptions());
}
