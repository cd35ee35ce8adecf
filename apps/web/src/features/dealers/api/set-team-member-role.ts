import type { TeamRole } from '@redline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { changed } from '../../../lib/query-keys.ts';

export const setTeamMemberRole = ({ id, role }: { id: string; role: TeamRole }) =>
  api.put('/me/team/members/:id', { params: { id }, body: { role } });

/** Makes a member a manager or a salesperson. */
export function useSetTeamMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setTeamMemberRole, onSuccess: () => changed(queryClient, 'dealers') });
}
