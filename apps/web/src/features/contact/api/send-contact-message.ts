import type { ContactMessageInput } from '@redline/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const sendContactMessage = (input: ContactMessageInput) => api.post('/contact', { body: input });

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
