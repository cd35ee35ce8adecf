import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getCar = (id: string, signal?: AbortSignal) =>
  api.get('/cars/id/:id', { params: { id }, signal });

export const carQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.cars.detail(id), queryFn: ({ signal }) => getCar(id, signal) });

/** One car with its price history, sold ones included (`soldAt` is set). */
export function useCar(id: string) {
  return useQuery(carQueryOptions(id));
}
