import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getSeller = (id: string, signal?: AbortSignal) =>
  api.get('/sellers/:id', { params: { id }, signal });

export const sellerQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.sellers.profile(id), queryFn: ({ signal }) => getSeller(id, signal) });

/** What any signed-in user may know of a seller; a 404 for anyone who is not one. */
export function useSeller(id: string) {
  return useQuery(sellerQueryOptions(id));
}
