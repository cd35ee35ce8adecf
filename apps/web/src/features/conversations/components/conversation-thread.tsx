import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CarThumbnail } from '../../../components/ui/car-thumbnail.tsx';
import { ErrorState, ListSkeleton } from '../../../components/ui/list-states.tsx';
import { LocalDate } from '../../../components/ui/local-date.tsx';
import { NameWithBadge } from '../../../components/ui/verified-badge.tsx';
import { paths } from '../../../config/paths.ts';
import { useMe } from '../../../lib/auth.ts';
import { useMessages } from '../api/get-messages.ts';
import { useSendMessage } from '../api/send-message.ts';
import { MessageComposer } from './message-composer.tsx';
import { ReportConversationButton } from './report-conversation-button.tsx';

/**
 * One conversation: the car, the other party, the messages oldest first, and a reply; live
 * (app/live-queries.ts). An
 * admin reads a reported one as its buyer would (the buyer's messages on the right), and cannot write.
 * A message that tells an offer's move is marked as one, and the latest offer's state and moves
 * (`offer`, which the page gives: features/offers) show above the reply.
 */
export function ConversationThread({ id, offer }: { id: string; offer?: (offerId: string) => ReactNode }) {
  const thread = useMessages(id);
  const isAdmin = useMe().data?.role === 'Admin';
  const send = useSendMessage();

  if (thread.isPending) return <ListSkeleton label="Loading the conversation" rows={2} />;
  if (thread.isError) {
    return (
      <ErrorState
        message={`Could not load the conversation. ${thread.error.message}`}
        onRetry={() => thread.refetch()}
      />
    );
  }
  const { pages } = thread.data;
  const { conversation, participants } = pages[0]!;
  const messages = pages.flatMap((page) => page.items).reverse();
  const latestOfferId = messages.findLast((message) => message.offerId !== null)?.offerId;
  // An admin reads it as its buyer would: "from me" is the buyer's.
  const author = (fromMe: boolean) =>
    participants
      ? `${fromMe ? participants.buyer.name : participants.seller.name} (${fromMe ? 'buyer' : 'seller'})`
      : fromMe
        ? 'You'
        : conversation.otherParty.name;

  return (
    <div className="flex flex-col gap-4">
      <header className="flex items-center gap-3 rounded-box border border-base-300 bg-base-200/60 p-3 sm:p-4">
        <CarThumbnail src={conversation.carPhoto} name={conversation.carName} />
        <div className="min-w-0">
          <h1 className="text-lg font-bold leading-snug">
            {conversation.carId ? (
              <Link to={paths.car(conversation.carId)} className="link-hover">
                {conversation.carName}
              </Link>
            ) : (
              conversation.carName
            )}
          </h1>
          <p className="text-sm text-base-content/75">
            {participants ? (
              <>
                Between{' '}
                <NameWithBadge name={participants.buyer.name} verified={participants.buyer.verified} />{' '}
                (buyer) and{' '}
                <NameWithBadge name={participants.seller.name} verified={participants.seller.verified} />{' '}
                (seller)
              </>
            ) : (
              <>
                With{' '}
                <NameWithBadge
                  name={conversation.otherParty.name}
                  verified={conversation.otherParty.verified}
                />
              </>
            )}
          </p>
        </div>
        {isAdmin ? null : <ReportConversationButton conversationId={id} />}
      </header>
      {isAdmin ? (
        <p role="note" className="alert alert-info text-sm">
          A participant reported this conversation, so you can read it. The buyer's messages are on the right,
          the seller's on the left. Admins cannot write here.
        </p>
      ) : null}

      {thread.hasNextPage ? (
        <button
          type="button"
          className="btn btn-ghost btn-sm self-center"
          disabled={thread.isFetchingNextPage}
          onClick={() => thread.fetchNextPage()}
        >
          Load earlier messages
        </button>
      ) : null}
      <ol className="flex flex-col gap-3" aria-label="Messages">
        {messages.map((message) => (
          <li key={message.id} className={`flex ${message.fromMe ? 'justify-end' : 'justify-start'}`}>
            <div
              className={`max-w-[85%] rounded-2xl px-4 py-2.5 sm:max-w-[70%] ${
                message.fromMe
                  ? 'rounded-br-sm bg-primary text-primary-content'
                  : 'rounded-bl-sm border border-base-300 bg-base-200'
              }`}
            >
              <span className="sr-only">{author(message.fromMe)}: </span>
              {message.offerId ? (
                <p
                  className={`text-xs font-semibold uppercase tracking-wider ${message.fromMe ? 'text-primary-content/80' : 'text-primary'}`}
                >
                  Offer
                </p>
              ) : null}
              <p className="whitespace-pre-line">{message.body}</p>
              <p
                className={`mt-1 text-right text-xs ${message.fromMe ? 'text-primary-content/80' : 'text-base-content/70'}`}
              >
                <LocalDate value={message.sentAt} style="medium-time" />
              </p>
            </div>
          </li>
        ))}
      </ol>

      {latestOfferId && offer && !isAdmin ? offer(latestOfferId) : null}

      {isAdmin ? null : (
        <MessageComposer
          label={`Your message to ${conversation.otherParty.name}`}
          placeholder="Write a message…"
          pending={send.isPending}
          onSend={async (body) => {
            try {
              await send.mutateAsync({ id, body });
              return true;
            } catch {
              // The failure's toast comes from the mutation cache (lib/query-client.ts).
              return false;
            }
          }}
        />
      )}
    </div>
  );
}
