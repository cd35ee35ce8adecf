import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Whether the buyer waits for a reserved car. */
export const getWaitlistPlace = (carId: string) => api.get('/cars/:id/waitlist', { params: { id: carId } });

export const waitlistPlaceQueryOptions = (carId: string) =>
  queryOptions({ queryKey: queryKeys.offers.waitlist(carId), queryFn: () => getWaitlistPlace(carId) });

export function useWaitlistPlace(carId: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...waitlistPlaceQueryOptions(carId), enabled });
}

/** Joins (`true`) or leaves the car's waitlist; the answer is the buyer's place. */
export function useSetWaitlistPlace(carId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (waiting: boolean) =>
      waiting
        ? api.put('/cars/:id/waitlist', { params: { id: carId } })
        : api.delete('/cars/:id/waitlist', { params: { id: carId } }),
    onSuccess: (place) => queryClient.setQueryData(queryKeys.offers.waitlist(carId), place),
  });
}
