import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The car's test drives still ahead that marking it sold or deleting it would cancel (its seller). */
export const getCarBookingsAhead = (id: string, signal?: AbortSignal) =>
  api.get('/testdrivebooking/car/:id/ahead', { params: { id }, signal });

/** Asked afresh each time a confirmation shows it: buyers book and pay without the car changing. */
export function useCarBookingsAhead(id: string) {
  return useQuery({
    queryKey: queryKeys.bookings.ahead(id),
    queryFn: ({ signal }) => getCarBookingsAhead(id, signal),
    staleTime: 0,
  });
}
