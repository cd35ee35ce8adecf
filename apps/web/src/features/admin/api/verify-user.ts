import type { User } from '@redline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { legacyApi } from '../../../lib/api-client.ts';
import { changed } from '../../../lib/query-keys.ts';
import { type ManagedRole, rolePath } from './managed-role.ts';

export const verifyUser = ({ role, id }: { role: ManagedRole; id: string }) =>
  legacyApi.patch<User>(`/user/${rolePath[role]}/${encodeURIComponent(id)}`);

export function useVerifyUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyUser,
    // The verified badge shows wherever the name does (cars, bookings, saved cars …).
    onSuccess: () => changed(queryClient, 'users'),
  });
}
