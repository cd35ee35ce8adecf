import type { CreatePaymentIntentInput } from '@redline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The server fixes the amount; only the booking is sent. */
export const createPaymentIntent = (input: CreatePaymentIntentInput) =>
  api.post('/create-payment-intent', { body: input });

/**
 * Read as a query although it is a POST: the server keeps one intent per booking (idempotent),
 * and the pay form needs its client secret as soon as the page shows.
 */
export const paymentIntentQueryOptions = (bookingId: string) =>
  queryOptions({
    queryKey: queryKeys.payments.intent(bookingId),
    queryFn: () => createPaymentIntent({ bookingId }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function usePaymentIntent(bookingId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...paymentIntentQueryOptions(bookingId), enabled });
}
