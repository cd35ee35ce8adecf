import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getOffer = (id: string) => api.get('/offers/:id', { params: { id } });

export const offerQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.offers.detail(id), queryFn: () => getOffer(id) });

/** One offer: where it stands and whose turn it is. */
export function useOffer(id: string) {
  return useQuery(offerQueryOptions(id));
}
