import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { changed } from '../../../lib/query-keys.ts';

/** The seller frees the car an accepted offer reserved: it is for sale again. */
export const releaseOffer = (id: string) => api.post('/offers/:id/release', { params: { id } });

export function useReleaseOffer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: releaseOffer, onSuccess: () => changed(queryClient, 'offers') });
}
