import type { DeletedCount } from '@redline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { legacyApi } from '../../../lib/api-client.ts';
import { changed } from '../../../lib/query-keys.ts';

/** The reports were unfounded: they go, and the admins can no longer read the conversation. */
export const dismissConversationReports = (conversationId: string) =>
  legacyApi.delete<DeletedCount>(`/conversations/${encodeURIComponent(conversationId)}/reports`);

export function useDismissConversationReports() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissConversationReports,
    onSuccess: () => changed(queryClient, 'conversations'),
  });
}
