import { formatDate } from '@redline/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmailAddress } from '../../../components/ui/email-address.tsx';
import { EmptyState, ErrorState, ListSkeleton, LoadMoreButton } from '../../../components/ui/list-states.tsx';
import { ConfirmDialog } from '../../../components/ui/modal.tsx';
import { StackCell, StackRow, StackTable } from '../../../components/ui/stack-table.tsx';
import { paths } from '../../../config/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useDismissConversationReports } from '../api/dismiss-conversation-reports.ts';
import { type ReportedConversation, useReportedConversations } from '../api/get-reported-conversations.ts';

export const DISMISSED_CONVERSATION_MESSAGE = 'Reports dismissed: the conversation is private again';

const COLUMNS = [
  'Conversation',
  'Between',
  'Reports',
  <span key="actions" className="sr-only">
    Actions
  </span>,
];

function Person({ label, person }: { label: string; person: ReportedConversation['buyer'] }) {
  return (
    <p className="text-sm">
      <span className="text-base-content/70">{label}: </span>
      <span className="font-medium">{person.name}</span>{' '}
      <span className="text-base-content/70">
        (<EmailAddress address={person.email} />)
      </span>
    </p>
  );
}

/** Reported conversations: read one (the reports let the admins), or dismiss its reports. */
export function ReportedConversationsTable() {
  const reported = useReportedConversations();
  const dismiss = useDismissConversationReports();
  const [toDismiss, setToDismiss] = useState<ReportedConversation | null>(null);

  if (reported.isPending) return <ListSkeleton label="Loading reported conversations" />;
  if (reported.isError) {
    return (
      <ErrorState
        message={`Could not load the reported conversations. ${reported.error.message}`}
        onRetry={() => reported.refetch()}
      />
    );
  }

  const items = reported.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <EmptyState title="No reported conversations">
        When a buyer or seller reports a conversation, it appears here for you to read and review.
      </EmptyState>
    );
  }

  const confirmDismiss = () => {
    if (!toDismiss) return;
    dismiss.mutate(toDismiss.id, {
      onSuccess: () => toast.success(DISMISSED_CONVERSATION_MESSAGE),
      onSettled: () => setToDismiss(null),
    });
  };

  return (
    <>
      <StackTable caption="Reported conversations" columns={COLUMNS}>
        {items.map((conversation) => (
          <StackRow key={conversation.id}>
            <StackCell primary>
              <p className="font-semibold leading-snug md:min-w-48">About the {conversation.carName}</p>
            </StackCell>
            <StackCell label="Between">
              <div className="flex flex-col gap-0.5">
                <Person label="Buyer" person={conversation.buyer} />
                <Person label="Seller" person={conversation.seller} />
              </div>
            </StackCell>
            <StackCell label="Reports">
              <ol className="flex flex-col gap-2 text-sm" aria-label="Reports">
                {conversation.reports.map((report) => (
                  <li
                    key={`${report.reporterName}-${report.createdAt}`}
                    className="rounded-box bg-base-200 p-2.5"
                  >
                    <p className="font-medium">{report.reason}</p>
                    {report.details ? <p className="mt-0.5 whitespace-pre-line">{report.details}</p> : null}
                    <p className="mt-1 text-xs text-base-content/70">
                      {report.reporterName} · {formatDate(report.createdAt)}
                    </p>
                  </li>
                ))}
              </ol>
            </StackCell>
            <StackCell actions>
              <div className="flex w-full flex-wrap gap-2 md:w-auto md:flex-col md:items-stretch">
                <Link
                  to={paths.conversation(conversation.id)}
                  className="btn btn-sm flex-1 md:flex-none"
                  aria-label={`Read the conversation about the ${conversation.carName}`}
                >
                  Read
                </Link>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm flex-1 md:flex-none"
                  aria-label={`Dismiss reports about the conversation about the ${conversation.carName}`}
                  onClick={() => setToDismiss(conversation)}
                >
                  Dismiss
                </button>
              </div>
            </StackCell>
          </StackRow>
        ))}
      </StackTable>
      <LoadMoreButton
        hasNextPage={reported.hasNextPage}
        isFetchingNextPage={reported.isFetchingNextPage}
        fetchNextPage={reported.fetchNextPage}
      />
      <ConfirmDialog
        open={toDismiss !== null}
        onClose={() => setToDismiss(null)}
        onConfirm={confirmDismiss}
        pending={dismiss.isPending}
        tone="primary"
        title="Dismiss these reports?"
        confirmLabel="Dismiss reports"
      >
        {toDismiss ? (
          <p>
            The reports about the conversation between {toDismiss.buyer.name} and {toDismiss.seller.name} will
            be removed as unfounded, and the admins will no longer be able to read it.
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
