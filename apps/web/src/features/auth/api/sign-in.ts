import type { SignInInput } from '@redline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { refreshMe } from '../../../lib/auth.ts';

/** Better Auth's e-mail sign-in; it sets the session cookie. */
export const signIn = (input: SignInInput) => api.post('/auth/sign-in/email', { body: input });

/** E-mail + password sign-in; a failure becomes an error toast with the server's message. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: () => refreshMe(queryClient),
  });
}
