import type { SavedSearch } from '@redline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type { SavedSearch };

export const getSavedSearches = () => api.get('/saved-searches');

export const savedSearchesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.savedSearches.list(), queryFn: getSavedSearches });

/** The signed-in buyer's saved searches, newest first (SAVED_SEARCHES_MAX at most: one answer holds them all). */
export function useSavedSearches() {
  return useQuery(savedSearchesQueryOptions());
}
