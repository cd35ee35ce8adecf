import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { changed } from '../../../lib/query-keys.ts';

export const goPrivate = () => api.delete('/me/dealer');

/** Back to selling privately: the dealer profile, and its verification, go. */
export function useGoPrivate() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: goPrivate, onSuccess: () => changed(queryClient, 'dealers') });
}
