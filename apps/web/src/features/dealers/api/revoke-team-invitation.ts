import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { changed } from '../../../lib/query-keys.ts';

export const revokeTeamInvitation = (id: string) =>
  api.delete('/me/team/invitations/:id', { params: { id } });

/** Revokes a pending invitation: its link stops working. */
export function useRevokeTeamInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeTeamInvitation, onSuccess: () => changed(queryClient, 'dealers') });
}
