import type { SavedSearchInput } from '@redline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { changed } from '../../../lib/query-keys.ts';

export const saveSearchMutationKey = ['saved-searches', 'save'] as const;

/**
 * Keeps a search for the signed-in buyer. The server refuses one that narrows nothing (400), the
 * same filters saved again or one search too many (409).
 */
export const saveSearch = (input: SavedSearchInput) => api.post('/saved-searches', { body: input });

export function useSaveSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: saveSearchMutationKey,
    mutationFn: saveSearch,
    // The dialog shows why the server refused, beside what to change.
    meta: { errorToast: false },
    onSuccess: () => changed(queryClient, 'savedSearches'),
  });
}
