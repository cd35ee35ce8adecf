import { type ContactMessage, type ContactStatus, formatDate } from '@redline/shared';
import { useState } from 'react';
import { EmailAddress } from '../../../components/ui/email-address.tsx';
import { EmptyState, ErrorState, ListSkeleton, LoadMoreButton } from '../../../components/ui/list-states.tsx';
import { LocalDate } from '../../../components/ui/local-date.tsx';
import { toast } from '../../../lib/toast.ts';
import { useContactMessages } from '../api/get-contact-messages.ts';
import { useSetContactHandled } from '../api/set-contact-handled.ts';

const TABS: { status: ContactStatus | undefined; label: string }[] = [
  { status: 'open', label: 'Open' },
  { status: 'handled', label: 'Handled' },
  { status: undefined, label: 'All' },
];

/** A reply in the admin's own mail program, to the visitor, quoting what they wrote. */
function replyLink({ email, message, createdAt }: ContactMessage) {
  const quoted = message
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  const body = `\n\nOn ${formatDate(createdAt, 'long', 'UTC')}, you wrote:\n${quoted}`;
  const query = new URLSearchParams({ subject: 'Re: your message to Redline', body });
  // Mail programs read `%20`, not `+`, as a space.
  return `mailto:${encodeURIComponent(email)}?${query.toString().replaceAll('+', '%20')}`;
}

/**
 * The contact inbox: what visitors wrote through the contact form, newest first, the open ones by
 * default; each with a reply by e-mail and "Mark handled" (or "Reopen").
 */
export function ContactInbox() {
  const [status, setStatus] = useState<ContactStatus | undefined>('open');
  const messages = useContactMessages(status);
  const setHandled = useSetContactHandled();

  const mark = (message: ContactMessage, handled: boolean) =>
    setHandled.mutate(
      { id: message.id, handled },
      {
        onSuccess: () =>
          toast.success(handled ? `Marked handled: ${message.name}` : `Reopened: ${message.name}`),
      },
    );

  return (
    <>
      <fieldset className="join mb-5">
        <legend className="sr-only">Which messages</legend>
        {TABS.map((tab) => (
          <button
            key={tab.label}
            type="button"
            className={`btn join-item btn-sm ${status === tab.status ? 'btn-primary' : 'btn-outline'}`}
            aria-pressed={status === tab.status}
            onClick={() => setStatus(tab.status)}
          >
            {tab.label}
          </button>
        ))}
      </fieldset>
      {messages.isPending ? (
        <ListSkeleton label="Loading the messages" />
      ) : messages.isError ? (
        <ErrorState
          message={`Could not load the messages. ${messages.error.message}`}
          onRetry={() => messages.refetch()}
        />
      ) : messages.data.pages[0]?.items.length === 0 ? (
        <EmptyState title={status === 'open' ? 'Inbox zero' : 'No messages'}>
          {status === 'open'
            ? 'Every message sent through the contact form has been handled.'
            : 'Messages sent through the contact form show up here.'}
        </EmptyState>
      ) : (
        <>
          <ul className="flex flex-col gap-3">
            {messages.data.pages
              .flatMap((page) => page.items)
              .map((message) => (
                <li key={message.id}>
                  <article
                    aria-label={`Message from ${message.name}`}
                    className={`rounded-box border p-4 sm:p-5 ${message.handledAt ? 'border-base-300' : 'border-primary/40 bg-primary/5'}`}
                  >
                    <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                      <h2 className="min-w-0 font-semibold">
                        {message.name}{' '}
                        <span className="block font-normal text-base-content/75 sm:inline">
                          &lt;
                          <EmailAddress address={message.email} />
                          &gt;
                        </span>
                      </h2>
                      <span className="text-xs text-base-content/70">
                        <LocalDate value={message.createdAt} style="medium-time" />
                      </span>
                    </header>
                    <p className="mt-2 whitespace-pre-line text-sm">{message.message}</p>
                    <footer className="mt-4 flex flex-wrap items-center gap-2">
                      <a className="btn btn-primary btn-sm" href={replyLink(message)}>
                        Reply by e-mail
                      </a>
                      <button
                        type="button"
                        className="btn btn-outline btn-sm"
                        disabled={setHandled.isPending && setHandled.variables?.id === message.id}
                        onClick={() => mark(message, !message.handledAt)}
                      >
                        {message.handledAt ? 'Reopen' : 'Mark handled'}
                      </button>
                      {message.handledAt ? (
                        <span className="text-xs text-base-content/70">
                          Handled{message.handledBy ? ` by ${message.handledBy}` : ''} on{' '}
                          <LocalDate value={message.handledAt} />
                        </span>
                      ) : null}
                    </footer>
                  </article>
                </li>
              ))}
          </ul>
          <LoadMoreButton
            hasNextPage={messages.hasNextPage}
            isFetchingNextPage={messages.isFetchingNextPage}
            fetchNextPage={messages.fetchNextPage}
          />
        </>
      )}
    </>
  );
}
