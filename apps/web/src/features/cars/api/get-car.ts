import type { CarDetail } from '@redline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { legacyApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type { CarDetail };

export const getCar = (id: string, signal?: AbortSignal) =>
  legacyApi.get<CarDetail>(`/cars/id/${encodeURIComponent(id)}`, { signal });

export const carQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.cars.detail(id), queryFn: ({ signal }) => getCar(id, signal) });

/** One car with its price history, sold ones included (`soldAt` is set). */
export function useCar(id: string) {
  return useQuery(carQueryOptions(id));
}
