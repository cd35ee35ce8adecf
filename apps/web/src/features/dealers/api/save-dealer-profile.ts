import type { DealerProfileInput } from '@redline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { changed } from '../../../lib/query-keys.ts';

export const saveDealerProfile = (input: DealerProfileInput) => api.put('/me/dealer', { body: input });

/** Becomes a dealer, or updates the profile (a new business name or address drops a verification). */
export function useSaveDealerProfile() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveDealerProfile, onSuccess: () => changed(queryClient, 'dealers') });
}
