import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { refreshMe } from '../../../lib/auth.ts';

export const leaveTeam = () => api.delete('/me/team/membership');

/** Stops selling for the dealer: every list the member saw was the dealer's, so all of it is loaded again. */
export function useLeaveTeam() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: leaveTeam, onSuccess: () => refreshMe(queryClient) });
}
