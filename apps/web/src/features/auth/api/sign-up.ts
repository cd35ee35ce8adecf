import type { SignUpInput } from '@redline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client.ts';
import { refreshMe } from '../../../lib/auth.ts';
import { signIn } from './sign-in.ts';

/**
 * Creates the account (Buyer or Seller), then signs in with it. Signing up signs no one in and
 * answers alike whether or not the address has an account (its owner is e-mailed instead, ADR 35):
 * a sign-in refused as a wrong pair means it had one.
 */
export async function signUp(input: SignUpInput): Promise<{ signedIn: boolean }> {
  await api.post('/auth/sign-up/email', { body: input });
  try {
    await signIn({ email: input.email, password: input.password });
    return { signedIn: true };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { signedIn: false };
    throw error;
  }
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: ({ signedIn }) => (signedIn ? refreshMe(queryClient) : undefined),
  });
}
