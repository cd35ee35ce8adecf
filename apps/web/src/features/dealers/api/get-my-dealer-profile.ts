import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getMyDealerProfile = (signal?: AbortSignal) => api.get('/me/dealer', { signal });

export const myDealerProfileQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.dealers.mine(), queryFn: ({ signal }) => getMyDealerProfile(signal) });

/** The signed-in seller's dealer profile, or null while they sell privately. */
export function useMyDealerProfile() {
  return useQuery(myDealerProfileQueryOptions());
}
