import type { TeamInvitationInput } from '@redline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { changed } from '../../../lib/query-keys.ts';

export const inviteTeamMember = (input: TeamInvitationInput) =>
  api.post('/me/team/invitations', { body: input });

/** E-mails an invitation to the team; a pending one of the same address is replaced. */
export function useInviteTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: inviteTeamMember, onSuccess: () => changed(queryClient, 'dealers') });
}
