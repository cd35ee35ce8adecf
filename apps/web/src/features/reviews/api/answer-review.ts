import type { ReviewAnswerInput } from '@redline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { changed } from '../../../lib/query-keys.ts';

/** The reviewed seller answers a review once, publicly. */
export const answerReview = ({ id, ...input }: ReviewAnswerInput & { id: string }) =>
  api.post('/reviews/:id/answer', { params: { id }, body: input });

export function useAnswerReview() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: answerReview, onSuccess: () => changed(queryClient, 'reviews') });
}
