import type { CreatePaymentIntentInput } from '@redline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** What a payment pays for: a booking's test-drive fee, or the holding deposit of an accepted offer. */
export type PaidFor = { bookingId: string } | { offerId: string };

export const paidForId = (paidFor: PaidFor) => ('offerId' in paidFor ? paidFor.offerId : paidFor.bookingId);

/** The server fixes the amount; only the booking or the offer is sent. */
export const createPaymentIntent = (input: CreatePaymentIntentInput) =>
  api.post('/create-payment-intent', { body: input });

/**
 * Read as a query although it is a POST: the server keeps one intent per booking or offer
 * (idempotent), and the pay form needs its client secret as soon as the page shows.
 */
export const paymentIntentQueryOptions = (paidFor: PaidFor) =>
  queryOptions({
    queryKey: queryKeys.payments.intent(paidForId(paidFor)),
    queryFn: () => createPaymentIntent(paidFor),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function usePaymentIntent(paidFor: PaidFor, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...paymentIntentQueryOptions(paidFor), enabled });
}
