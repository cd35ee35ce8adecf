import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { changed } from '../../../lib/query-keys.ts';
import { type ManagedRole, verifyUserPath } from './managed-role.ts';

export const verifyUser = ({ role, id }: { role: ManagedRole; id: string }) =>
  api.patch(verifyUserPath[role], { params: { id } });

export function useVerifyUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyUser,
    // The verified badge shows wherever the name does (cars, bookings, saved cars …).
    onSuccess: () => changed(queryClient, 'users'),
  });
}
