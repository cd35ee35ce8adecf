import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getReportedState = (carId: string) => api.get('/reportedpost/:carId', { params: { carId } });

/** Whether the signed-in buyer reported this car (only asked for buyers: `enabled`). */
export function useReportedState(carId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    ...queryOptions({ queryKey: queryKeys.reports.state(carId), queryFn: () => getReportedState(carId) }),
    enabled,
  });
}
