import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { changed } from '../../../lib/query-keys.ts';

/** The reports were unfounded: they go, and the review stays as it is. */
export const dismissReviewReports = (reviewId: string) =>
  api.delete('/reviews/:id/reports', { params: { id: reviewId } });

export function useDismissReviewReports() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: dismissReviewReports, onSuccess: () => changed(queryClient, 'reviews') });
}
