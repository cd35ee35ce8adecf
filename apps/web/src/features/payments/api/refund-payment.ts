import type { Refund } from '@redline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { legacyApi } from '../../../lib/api-client.ts';
import { changed } from '../../../lib/query-keys.ts';

/** Gives a payment's money back (admins); asking again for a refund not yet made asks the provider again. */
export const refundPayment = (id: string) =>
  legacyApi.post<Refund>(`/payments/${encodeURIComponent(id)}/refund`);

export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundPayment,
    onSuccess: () => changed(queryClient, 'payments'),
  });
}
