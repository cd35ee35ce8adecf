import { Link } from 'react-router';
import { EmailAddress } from '../../../components/ui/email-address.tsx';
import {
  dismissReports,
  ReportEntry,
  ReportedItemsTable,
} from '../../../components/ui/reported-items-table.tsx';
import { StackCell } from '../../../components/ui/stack-table.tsx';
import { paths } from '../../../config/paths.ts';
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
  const dismiss = useDismissConversationReports();
  return (
    <ReportedItemsTable
      query={useReportedConversations()}
      caption="Reported conversations"
      columns={COLUMNS}
      empty={{
        title: 'No reported conversations',
        text: 'When a buyer or seller reports a conversation, it appears here for you to read and review.',
      }}
      idOf={(conversation) => conversation.id}
      actions={{
        dismiss: dismissReports<ReportedConversation>({
          mutation: dismiss,
          done: DISMISSED_CONVERSATION_MESSAGE,
          explain: (conversation) => (
            <p>
              The reports about the conversation between {conversation.buyer.name} and{' '}
              {conversation.seller.name} will be removed as unfounded, and the admins will no longer be able
              to read it.
            </p>
          ),
        }),
      }}
      cells={(conversation, ask) => (
        <>
          <StackCell primary>
            <p className="font-semibold leading-snug md:min-w-48">About the {conversation.carName}</p>
          </StackCell>
          <StackCell label="Between">
            <div className="flex flex-col gap-0.5">
              <Person label="Buyer" person={conversation.buyer} />
              <Person label="Seller" person={conversation.seller} />
            </div>
          </StackCell>
          <StackCell label="Reports" stacked>
            <ol className="flex flex-col gap-2 text-sm" aria-label="Reports">
              {conversation.reports.map((report) => (
                <ReportEntry
                  key={`${report.reporterName}-${report.createdAt}`}
                  report={report}
                  by={report.reporterName}
                />
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
                onClick={() => ask('dismiss')}
              >
                Dismiss
              </button>
            </div>
          </StackCell>
        </>
      )}
    />
  );
}
