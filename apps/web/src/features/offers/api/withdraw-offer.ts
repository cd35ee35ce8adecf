import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { changed } from '../../../lib/query-keys.ts';

/** The buyer takes back their open offer. */
export const withdrawOffer = (id: string) => api.post('/offers/:id/withdraw', { params: { id } });

export function useWithdrawOffer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: withdrawOffer, onSuccess: () => changed(queryClient, 'offers') });
}
