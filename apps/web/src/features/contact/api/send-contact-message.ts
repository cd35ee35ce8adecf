import type { ContactMessageInput } from '@redline/shared';
import { useMutation } from '@tanstack/react-query';
import { legacyApi } from '../../../lib/api-client.ts';

export const sendContactMessage = (input: ContactMessageInput) =>
  legacyApi.post<{ id: string }>('/contact', input);

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
