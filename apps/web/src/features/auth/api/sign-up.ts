import type { SignUpInput } from '@redline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { refreshMe } from '../../../lib/auth.ts';

/** Creates the account (Buyer or Seller) and signs the new user in. */
export const signUp = (input: SignUpInput) => api.post('/auth/sign-up/email', input);

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: () => refreshMe(queryClient),
  });
}
