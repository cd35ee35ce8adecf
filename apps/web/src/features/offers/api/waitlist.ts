import type { Car, User, WaitlistPlace } from '@redline/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Whether the buyer waits for a reserved car. */
export const getWaitlistPlace = (carId: string) => api.get('/cars/:id/waitlist', { params: { id: carId } });

export const waitlistPlaceQueryOptions = (carId: string) =>
  queryOptions({ queryKey: queryKeys.offers.waitlist(carId), queryFn: () => getWaitlistPlace(carId) });

/** The buyer's place by a car reserved for someone (asked only then): waiting, or holding it. */
export function useWaitlistPlace(
  car: Pick<Car, 'id' | 'soldAt' | 'reservedAt'>,
  user: User | null,
): WaitlistPlace | undefined {
  const reserved = Boolean(car.reservedAt && !car.soldAt && user?.role === 'Buyer');
  return useQuery({ ...waitlistPlaceQueryOptions(car.id), enabled: reserved }).data;
}

/** Whether the car is reserved for a buyer other than `user`: it then takes no test drive from them. */
export function useReservedForAnother(car: Pick<Car, 'id' | 'soldAt' | 'reservedAt'>, user: User | null) {
  const place = useWaitlistPlace(car, user);
  return place !== undefined && place.reservedBy === null;
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
