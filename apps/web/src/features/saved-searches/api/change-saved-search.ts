import type { SavedSearchChange } from '@redline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { savedSearchesQueryOptions } from './get-saved-searches.ts';

export const changeSavedSearchMutationKey = ['saved-searches', 'change'] as const;

/** Renames one of the buyer's saved searches, or changes when it tells of new cars. */
export const changeSavedSearch = ({ id, ...change }: SavedSearchChange & { id: string }) =>
  api.patch('/saved-searches/:id', { params: { id }, body: change });

export function useChangeSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: changeSavedSearchMutationKey,
    mutationFn: changeSavedSearch,
    onSuccess: (changed) =>
      queryClient.setQueryData(savedSearchesQueryOptions().queryKey, (list) =>
        list ? { items: list.items.map((search) => (search.id === changed.id ? changed : search)) } : list,
      ),
  });
}
