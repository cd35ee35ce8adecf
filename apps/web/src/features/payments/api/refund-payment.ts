import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { changed } from '../../../lib/query-keys.ts';

/** Gives a payment's money back (admins); asking again for a refund not yet made asks the provider again. */
export const refundPayment = (id: string) => api.post('/payments/:id/refund', { params: { id } });

export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundPayment,
    onSuccess: () => changed(queryClient, 'payments'),
  });
}
