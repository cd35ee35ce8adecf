import type { DeletedCount } from '@redline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { legacyApi } from '../../../lib/api-client.ts';
import { changed } from '../../../lib/query-keys.ts';

/** Deletes one of the buyer's saved searches: it tells of no more cars. */
export const deleteSavedSearch = (id: string) =>
  legacyApi.delete<DeletedCount>(`/saved-searches/${encodeURIComponent(id)}`);

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedSearch,
    onSuccess: () => changed(queryClient, 'savedSearches'),
  });
}
