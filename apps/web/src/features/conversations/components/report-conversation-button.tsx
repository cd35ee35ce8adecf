import { CONVERSATION_REPORT_REASONS } from '@redline/shared';
import { ReportDialog } from '../../../components/ui/report-dialog.tsx';
import { useReportConversation } from '../api/report-conversation.ts';

export const CONVERSATION_REPORTED_MESSAGE = 'Thanks: the admins will review this conversation.';

/** "Report": a reason and details, once per participant; it shares the conversation with the admins. */
export function ReportConversationButton({ conversationId }: { conversationId: string }) {
  const report = useReportConversation();
  return (
    <ReportDialog
      label="Report"
      className="btn btn-ghost btn-sm ml-auto text-base-content/80"
      title="Report this conversation"
      description="Tell the admins what is wrong. The admins will be able to read this conversation."
      id="conversation-report"
      legend="Reason"
      reasons={CONVERSATION_REPORT_REASONS}
      reasonsAsList
      placeholder="What happened? Anything that helps the admins."
      loadSchema={() => import('../utils/schemas.ts').then((m) => m.conversationReportInputSchema)}
      send={(values) => report.mutateAsync({ id: conversationId, ...values })}
      pending={report.isPending}
      reportedMessage={CONVERSATION_REPORTED_MESSAGE}
    />
  );
}
