import type { SignInInput } from '@redline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshMe } from '../../../lib/auth.ts';
import { authClient, unwrapAuthResult } from '../../../lib/auth-client.ts';

export async function signIn(input: SignInInput) {
  return unwrapAuthResult(await authClient.signIn.email(input));
}

/** E-mail + password sign-in; a failure becomes an error toast with the server's message. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: () => refreshMe(queryClient),
  });
}
