import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getMyTeam = (signal?: AbortSignal) => api.get('/me/team', { signal });

export const myTeamQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.dealers.team(), queryFn: ({ signal }) => getMyTeam(signal) });

/** The dealer's owner, members and pending invitations (for its owner and managers). */
export function useMyTeam() {
  return useQuery(myTeamQueryOptions());
}
