import type { SignUpInput } from '@redline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshMe } from '../../../lib/auth.ts';
import { authClient, unwrapAuthResult } from '../../../lib/auth-client.ts';

/** Creates the account (Buyer or Seller) and signs the new user in. */
export async function signUp(input: SignUpInput) {
  return unwrapAuthResult(await authClient.signUp.email(input));
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: () => refreshMe(queryClient),
  });
}
