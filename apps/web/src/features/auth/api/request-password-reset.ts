import { useMutation } from '@tanstack/react-query';
import { paths } from '../../../config/paths.ts';
import { api } from '../../../lib/api-client.ts';

/** Sends a reset link by e-mail; the answer never reveals whether the account exists. */
export const requestPasswordReset = (email: string) =>
  api.post('/auth/request-password-reset', { email, redirectTo: paths.resetPassword });

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
