import { Link } from 'react-router';
import { CarThumbnail } from '../../../components/ui/car-thumbnail.tsx';
import { EmptyState, ErrorState, ListSkeleton, LoadMoreButton } from '../../../components/ui/list-states.tsx';
import { LocalDate } from '../../../components/ui/local-date.tsx';
import { NameWithBadge } from '../../../components/ui/verified-badge.tsx';
import { paths } from '../../../config/paths.ts';
import { useConversations } from '../api/get-conversations.ts';

/** The signed-in user's conversations, the latest message first, kept up to date as messages come (app/live-queries.ts). */
export function ConversationsList() {
  const conversations = useConversations();

  if (conversations.isPending) return <ListSkeleton label="Loading your conversations" />;
  if (conversations.isError) {
    return (
      <ErrorState
        message={`Could not load your conversations. ${conversations.error.message}`}
        onRetry={() => conversations.refetch()}
      />
    );
  }
  const items = conversations.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <EmptyState
        title="No conversations yet"
        action={
          <Link to={paths.search()} className="btn btn-primary">
            Find a car
          </Link>
        }
      >
        Ask a seller about a car from its page ("Message the seller"); buyers' questions about your cars show
        up here too.
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="flex flex-col gap-2">
        {items.map((conversation) => (
          <li key={conversation.id}>
            <Link
              to={paths.conversation(conversation.id)}
              className={`flex items-center gap-3 rounded-box border p-3 transition-colors hover:bg-base-200 sm:gap-4 sm:p-4 ${
                conversation.unread ? 'border-primary/40 bg-primary/5' : 'border-base-300'
              }`}
            >
              <CarThumbnail src={conversation.carPhoto} name={conversation.carName} />
              <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-semibold">
                    <NameWithBadge
                      name={conversation.otherParty.name}
                      verified={conversation.otherParty.verified}
                    />
                  </span>
                  {conversation.lastMessage ? (
                    <span className="text-xs text-base-content/70">
                      <LocalDate value={conversation.lastMessage.sentAt} style="medium-time" />
                    </span>
                  ) : null}
                </span>
                <span className="text-sm text-base-content/80">{conversation.carName}</span>
                {conversation.lastMessage ? (
                  <span className="truncate text-sm text-base-content/70">
                    {conversation.lastMessage.fromMe ? 'You: ' : ''}
                    {conversation.lastMessage.body}
                  </span>
                ) : null}
              </span>
              {conversation.unread ? (
                <span className="badge badge-primary badge-sm shrink-0 font-bold">
                  {conversation.unread}
                  <span className="sr-only"> unread</span>
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
      <LoadMoreButton
        hasNextPage={conversations.hasNextPage}
        isFetchingNextPage={conversations.isFetchingNextPage}
        fetchNextPage={conversations.fetchNextPage}
      />
    </>
  );
}
