import { useMutation } from '@tanstack/react-query';
import { authClient, unwrapAuthResult } from '../../../lib/auth-client.ts';

export async function resetPassword({ newPassword, token }: { newPassword: string; token: string }) {
  return unwrapAuthResult(await authClient.resetPassword({ newPassword, token }));
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
