import type { ConversationInput } from '@redline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { changed } from '../../../lib/query-keys.ts';

/** A message in a conversation the caller takes part in. */
export const sendMessage = ({ id, body }: { id: string; body: string }) =>
  api.post('/conversations/:id/messages', { params: { id }, body: { body } });

/** Asks a car's seller: opens the caller's conversation about the car, or adds to it. */
export const startConversation = (input: ConversationInput) => api.post('/conversations', { body: input });

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: () => changed(queryClient, 'conversations'),
  });
}

export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startConversation,
    onSuccess: () => changed(queryClient, 'conversations'),
  });
}
