import type { ReportedState } from '@redline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Query keys of the reports feature's buyer side. */
export const reportKeys = {
  state: (carId: string) => ['reports', 'state', carId] as const,
};

export const getReportedState = (carId: string) =>
  api.get<ReportedState>(`/reportedpost/${encodeURIComponent(carId)}`);

/** Whether the signed-in buyer reported this car (only asked for buyers: `enabled`). */
export function useReportedState(carId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    ...queryOptions({ queryKey: reportKeys.state(carId), queryFn: () => getReportedState(carId) }),
    enabled,
  });
}
