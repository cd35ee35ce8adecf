import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { refreshMe } from '../../../lib/auth.ts';

export const acceptTeamInvitation = (token: string) =>
  api.post('/team-invitations/:token/acceptance', { params: { token } });

/** Joins the dealer's team: from now on the member's lists are the dealer's, so all of them are loaded again. */
export function useAcceptTeamInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: acceptTeamInvitation, onSuccess: () => refreshMe(queryClient) });
}
