import { useMutation } from '@tanstack/react-query';
import { paths } from '../../../config/paths.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * Leaves for Google's sign-in page: the server answers the provider's URL, and Google sends the user
 * back to `callbackURL` (a path of ours). A Google sign-up always makes a Buyer (the server decides).
 */
export async function signInWithGoogle(callbackURL: string) {
  const { url } = await api.post('/auth/sign-in/social', {
    body: { provider: 'google', callbackURL, errorCallbackURL: paths.login },
  });
  if (/^https?:/i.test(url)) window.location.assign(url);
}

export function useSignInWithGoogle() {
  return useMutation({ mutationFn: signInWithGoogle });
}
