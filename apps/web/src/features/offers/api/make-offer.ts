import type { OfferInput } from '@redline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { changed } from '../../../lib/query-keys.ts';

/** A buyer's offer on a car: it opens (or joins) their conversation with the seller. */
export const makeOffer = (input: OfferInput) => api.post('/offers', { body: input });

export function useMakeOffer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: makeOffer, onSuccess: () => changed(queryClient, 'offers') });
}
