import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** E-mails the signed-in user a new link that confirms their address. */
export const sendConfirmationLink = (email: string) =>
  api.post('/auth/send-verification-email', { body: { email } });

export function useSendConfirmationLink() {
  return useMutation({ mutationFn: sendConfirmationLink });
}
