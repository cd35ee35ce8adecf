import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getNotificationPreferences = () => api.get('/notifications/preferences');

export const notificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.notificationSettings.preferences(),
    queryFn: getNotificationPreferences,
  });

/** The signed-in user's settings: each kind of their role, in the app and by e-mail. */
export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQueryOptions());
}
