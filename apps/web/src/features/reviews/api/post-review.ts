import type { ReviewInput } from '@redline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { changed } from '../../../lib/query-keys.ts';

export const postReviewMutationKey = ['reviews', 'post'] as const;

/** The buyer reviews the seller of a test drive that took place, once. */
export const postReview = (input: ReviewInput) => api.post('/reviews', { body: input });

export function usePostReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: postReviewMutationKey,
    mutationFn: postReview,
    onSuccess: () => changed(queryClient, 'reviews'),
  });
}
