import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getTeamInvitation = (token: string, signal?: AbortSignal) =>
  api.get('/team-invitations/:token', { params: { token }, signal });

export const teamInvitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: queryKeys.dealers.invitation(token),
    queryFn: ({ signal }) => getTeamInvitation(token, signal),
    // A used, revoked or expired link stays so: asking again tells nothing new.
    retry: false,
  });

/** Which dealer an e-mailed invitation is from, for which address and role. */
export function useTeamInvitation(token: string) {
  return useQuery(teamInvitationQueryOptions(token));
}
