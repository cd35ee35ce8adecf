import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { changed } from '../../../lib/query-keys.ts';

/** The buyer confirms they are buying the car their accepted offer reserved: it no longer lapses. */
export const confirmPurchase = (id: string) => api.post('/offers/:id/confirm', { params: { id } });

export function useConfirmPurchase() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: confirmPurchase, onSuccess: () => changed(queryClient, 'offers') });
}
