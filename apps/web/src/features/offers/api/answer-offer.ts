import type { OfferAnswer } from '@redline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { changed } from '../../../lib/query-keys.ts';

/** Accept, decline (the seller) or counter, by the side whose turn it is. */
export const answerOffer = ({ id, answer }: { id: string; answer: OfferAnswer }) =>
  api.post('/offers/:id/answer', { params: { id }, body: answer });

export function useAnswerOffer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: answerOffer, onSuccess: () => changed(queryClient, 'offers') });
}
