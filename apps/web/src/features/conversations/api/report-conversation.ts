import type { ConversationReportInput } from '@redline/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Reports a conversation the caller takes part in to the admins, who may then read it. */
export const reportConversation = ({ id, ...input }: ConversationReportInput & { id: string }) =>
  api.post('/conversations/:id/report', { params: { id }, body: input });

export function useReportConversation() {
  return useMutation({ mutationFn: reportConversation });
}
