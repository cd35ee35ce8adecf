import type { ConversationInput } from '@redline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { legacyApi } from '../../../lib/api-client.ts';
import { changed } from '../../../lib/query-keys.ts';

type Created = { id: string };

/** A message in a conversation the caller takes part in. */
export const sendMessage = ({ id, body }: { id: string; body: string }) =>
  legacyApi.post<Created>(`/conversations/${encodeURIComponent(id)}/messages`, { body });

/** Asks a car's seller: opens the caller's conversation about the car, or adds to it. */
export const startConversation = (input: ConversationInput) =>
  legacyApi.post<Created>('/conversations', input);

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
