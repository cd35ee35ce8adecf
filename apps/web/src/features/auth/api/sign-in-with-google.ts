import { useMutation } from '@tanstack/react-query';
import { paths } from '../../../config/paths.ts';
import { authClient, unwrapAuthResult } from '../../../lib/auth-client.ts';

/**
 * Leaves for Google's sign-in page; Google sends the user back to `callbackURL` (a path of ours).
 * A Google sign-up always makes a Buyer (the server decides).
 */
export async function signInWithGoogle(callbackURL: string) {
  return unwrapAuthResult(
    await authClient.signIn.social({ provider: 'google', callbackURL, errorCallbackURL: paths.login }),
  );
}

export function useSignInWithGoogle() {
  return useMutation({ mutationFn: signInWithGoogle });
}
