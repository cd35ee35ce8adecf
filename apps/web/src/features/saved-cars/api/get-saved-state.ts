import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getSavedState = (carId: string) => api.get('/savedpost/:carId', { params: { carId } });

export const savedStateQueryOptions = (carId: string) =>
  queryOptions({ queryKey: queryKeys.savedCars.state(carId), queryFn: () => getSavedState(carId) });

/** Whether the signed-in buyer saved this car (only asked for buyers: `enabled`). */
export function useSavedState(carId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...savedStateQueryOptions(carId), enabled });
}
