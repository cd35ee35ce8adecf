/** What the server tells the browser about itself (`GET /api/config`): Google sign-in, payment provider. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { appKeys } from './query-keys.ts';

export const appConfigQueryOptions = () =>
  queryOptions({
    queryKey: appKeys.config,
    queryFn: () => api.get('/config'),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useAppConfig() {
  return useQuery(appConfigQueryOptions());
}
