import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changed, queryKeys } from '../../../lib/query-keys.ts';
import { type PaidFor, paidForId } from './create-payment-intent.ts';
import { recordPayment } from './record-payment.ts';

/** Confirms the card with the provider and answers the transaction (payment intent) id. */
export type ConfirmCard = () => Promise<string>;

export type PaidBooking = { transactionId: string; insertedId: string };

/**
 * Paying a booking's fee or an offer's holding deposit is two steps: the provider confirms the card (Stripe.js or the test-mode call), then the
 * server verifies that transaction with the provider and records it. A failure of either step is
 * one error (its message toasted by the query client and shown under the form).
 */
export function usePayBooking(paidFor: PaidFor) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (confirmCard: ConfirmCard): Promise<PaidBooking> => {
      const transactionId = await confirmCard();
      const { insertedId } = await recordPayment({ ...paidFor, transactionId });
      return { transactionId, insertedId };
    },
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: queryKeys.payments.intent(paidForId(paidFor)) });
      await changed(queryClient, 'payments');
    },
  });
}
