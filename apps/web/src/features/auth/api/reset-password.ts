import { useMutation } from '@tanstack/react-query';
import { legacyApi } from '../../../lib/api-client.ts';

export const resetPassword = (input: { newPassword: string; token: string }) =>
  legacyApi.post('/auth/reset-password', input);

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
