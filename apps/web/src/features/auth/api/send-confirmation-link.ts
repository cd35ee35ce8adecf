import { useMutation } from '@tanstack/react-query';
import { legacyApi } from '../../../lib/api-client.ts';

/** E-mails the signed-in user a new link that confirms their address. */
export const sendConfirmationLink = (email: string) =>
  legacyApi.post('/auth/send-verification-email', { email });

export function useSendConfirmationLink() {
  return useMutation({ mutationFn: sendConfirmationLink });
}
