import type { ReviewVisibilityInput } from '@redline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { changed } from '../../../lib/query-keys.ts';

/** An admin hides a review or shows it again, with a note for the log. */
export const setReviewVisibility = ({ id, ...input }: ReviewVisibilityInput & { id: string }) =>
  api.put('/reviews/:id/visibility', { params: { id }, body: input });

export function useSetReviewVisibility() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setReviewVisibility, onSuccess: () => changed(queryClient, 'reviews') });
}
