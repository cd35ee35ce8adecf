import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { changed } from '../../../lib/query-keys.ts';

/** Deletes a buyer or seller with what the deletion rules remove; their sessions end at once. */
export const deleteUser = (email: string) => api.delete('/users/:email', { params: { email } });

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    // A deleted seller's cars go too, with what a car's deletion changes.
    onSuccess: () => changed(queryClient, 'users'),
  });
}
