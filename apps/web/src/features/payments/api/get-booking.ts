import type { Booking } from '@redline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type { Booking };

export const getBooking = (id: string, signal?: AbortSignal) =>
  api.get('/testdrivebooking/:id', { params: { id }, signal });

export const bookingQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.bookings.detail(id), queryFn: ({ signal }) => getBooking(id, signal) });

/** The booking to pay for: the buyer's own (anyone else's answers 404). */
export function useBooking(id: string) {
  return useQuery(bookingQueryOptions(id));
}
