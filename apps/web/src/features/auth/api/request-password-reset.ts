import { useMutation } from '@tanstack/react-query';
import { paths } from '../../../config/paths.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * Sends a reset link by e-mail; the answer never reveals whether the account exists. The link leads
 * back to the address this page was opened at (the server accepts only its own addresses).
 */
export const requestPasswordReset = (email: string) =>
  api.post('/auth/request-password-reset', {
    body: { email, redirectTo: new URL(paths.resetPassword, window.location.origin).href },
  });

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
