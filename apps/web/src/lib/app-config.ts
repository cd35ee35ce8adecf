/** What the server tells the browser about itself (`GET /api/config`): Google sign-in, payment provider. */
import type { PublicConfig } from '@redline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { legacyApi } from './api-client.ts';
import { appKeys } from './query-keys.ts';

export type { PublicConfig };

export const appConfigQueryOptions = () =>
  queryOptions({
    queryKey: appKeys.config,
    queryFn: () => legacyApi.get<PublicConfig>('/config'),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useAppConfig() {
  return useQuery(appConfigQueryOptions());
}
