import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const resetPassword = (input: { newPassword: string; token: string }) =>
  api.post('/auth/reset-password', { body: input });

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
