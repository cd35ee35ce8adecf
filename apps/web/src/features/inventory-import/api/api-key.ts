import type { ImportCommitInput } from '@redline/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { changed, queryKeys } from '../../../lib/query-keys.ts';

export const getApiKey = (signal?: AbortSignal) => api.get('/dealer/api-key', { signal });

export const apiKeyQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.imports.apiKey(), queryFn: ({ signal }) => getApiKey(signal) });

/** The dealer's feed key as kept (its first characters, when made and last used), or null. */
export function useApiKey() {
  return useQuery(apiKeyQueryOptions());
}

/** The key takes the same declarations as a commit: made once for every car the feed will send. */
export const createApiKey = (input: ImportCommitInput) => api.post('/dealer/api-key', { body: input });

/** Makes the feed's key, or a new one in place of the old; the answer holds the key this once. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createApiKey, onSuccess: () => changed(queryClient, 'imports') });
}

export const revokeApiKey = () => api.delete('/dealer/api-key');

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeApiKey, onSuccess: () => changed(queryClient, 'imports') });
}
