import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { changed } from '../../../lib/query-keys.ts';

/** The reports were unfounded: they go, and the admins can no longer read the conversation. */
export const dismissConversationReports = (conversationId: string) =>
  api.delete('/conversations/:id/reports', { params: { id: conversationId } });

export function useDismissConversationReports() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissConversationReports,
    onSuccess: () => changed(queryClient, 'conversations'),
  });
}
