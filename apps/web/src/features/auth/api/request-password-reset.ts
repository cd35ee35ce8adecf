import { useMutation } from '@tanstack/react-query';
import { paths } from '../../../config/paths.ts';
import { authClient, unwrapAuthResult } from '../../../lib/auth-client.ts';

/** Sends a reset link by e-mail; the answer never reveals whether the account exists. */
export async function requestPasswordReset(email: string) {
  return unwrapAuthResult(await authClient.requestPasswordReset({ email, redirectTo: paths.resetPassword }));
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
