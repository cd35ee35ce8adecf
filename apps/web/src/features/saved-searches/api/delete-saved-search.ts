import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { changed } from '../../../lib/query-keys.ts';

/** Deletes one of the buyer's saved searches: it tells of no more cars. */
export const deleteSavedSearch = (id: string) => api.delete('/saved-searches/:id', { params: { id } });

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedSearch,
    onSuccess: () => changed(queryClient, 'savedSearches'),
  });
}
