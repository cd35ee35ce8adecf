import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** What an e-mail's unsubscribe link stops (asking changes nothing). */
export const getUnsubscribeState = (token: string) =>
  api.get('/notifications/unsubscribe', { query: { token } });

export const unsubscribeStateQueryOptions = (token: string) =>
  queryOptions({
    queryKey: queryKeys.notificationSettings.unsubscribe(token),
    queryFn: () => getUnsubscribeState(token),
  });

export function useUnsubscribeState(token: string) {
  return useQuery({ ...unsubscribeStateQueryOptions(token), enabled: token !== '' });
}

/** Stops the e-mails the link names, without signing in. */
export const unsubscribe = (token: string) => api.post('/notifications/unsubscribe', { query: { token } });

export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unsubscribe(token),
    onSuccess: (state) => queryClient.setQueryData(queryKeys.notificationSettings.unsubscribe(token), state),
  });
}
