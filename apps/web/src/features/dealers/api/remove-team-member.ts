import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { changed } from '../../../lib/query-keys.ts';

export const removeTeamMember = (id: string) => api.delete('/me/team/members/:id', { params: { id } });

/** Removes a member: their access ends, what they did stays the dealer's. */
export function useRemoveTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeTeamMember, onSuccess: () => changed(queryClient, 'dealers') });
}
