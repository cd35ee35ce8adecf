import type { ReportedCar } from '@redline/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type { ReportedCar };

export const getReportedCars = (cursor?: string) => api.get('/reportedpost', { query: { cursor } });

export const reportedCarsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.reports.list(),
    queryFn: ({ pageParam }) => getReportedCars(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** Reported cars, most recently reported first, each with its reports (admin). */
export function useReportedCars() {
  return useInfiniteQuery(reportedCarsQueryOptions());
}
