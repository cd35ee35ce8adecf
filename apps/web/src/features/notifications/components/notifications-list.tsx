import type { Notification } from '@redline/shared';
import { Link } from 'react-router';
import { EmptyState, ErrorState, ListSkeleton, LoadMoreButton } from '../../../components/ui/list-states.tsx';
import { LocalDate } from '../../../components/ui/local-date.tsx';
import { useNotifications } from '../api/get-notifications.ts';
import { useMarkRead } from '../api/mark-read.ts';

/**
 * The signed-in user's notifications, newest first: each opens the page it is about and is marked
 * read on the way; "Mark all as read" clears the rest.
 */
export function NotificationsList() {
  const notifications = useNotifications();
  const markRead = useMarkRead();

  if (notifications.isPending) return <ListSkeleton label="Loading your notifications" />;
  if (notifications.isError) {
    return (
      <ErrorState
        message={`Could not load your notifications. ${notifications.error.message}`}
        onRetry={() => notifications.refetch()}
      />
    );
  }

  const { pages } = notifications.data;
  const items = pages.flatMap((page) => page.items);
  const unread = pages[0]?.unread ?? 0;
  if (items.length === 0) {
    return (
      <EmptyState title="Nothing new yet">
        Test-drive requests, payments, price drops on cars you saved and news about your account show up here.
      </EmptyState>
    );
  }

  const open = (notification: Notification) => {
    if (!notification.readAt) markRead.mutate({ ids: [notification.id] });
  };

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-base-content/75" aria-live="polite">
          {unread ? `${unread} unread` : 'All caught up'}
        </p>
        {unread ? (
          <button
            type="button"
            className="btn btn-outline btn-sm"
            disabled={markRead.isPending}
            onClick={() => markRead.mutate({})}
          >
            Mark all as read
          </button>
        ) : null}
      </div>
      <ul className="flex flex-col gap-2">
        {items.map((notification) => (
          <li key={notification.id}>
            <Link
              to={notification.link}
              onClick={() => open(notification)}
              className={`flex gap-3 rounded-box border p-4 transition-colors hover:bg-base-200 focus-visible:outline-2 focus-visible:outline-primary ${
                notification.readAt ? 'border-base-300' : 'border-primary/40 bg-primary/5'
              }`}
            >
              <span
                aria-hidden="true"
                className={`mt-1.5 size-2.5 shrink-0 rounded-full ${notification.readAt ? 'bg-transparent' : 'bg-primary'}`}
              />
              <span className="flex min-w-0 flex-1 flex-col gap-1">
                <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className={notification.readAt ? 'font-medium' : 'font-semibold'}>
                    {notification.title}
                    {notification.readAt ? null : <span className="sr-only"> (unread)</span>}
                  </span>
                  <span className="text-xs text-base-content/70">
                    <LocalDate value={notification.createdAt} style="medium-time" />
                  </span>
                </span>
                <span className="text-sm text-base-content/80">{notification.body}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <LoadMoreButton
        hasNextPage={notifications.hasNextPage}
        isFetchingNextPage={notifications.isFetchingNextPage}
        fetchNextPage={notifications.fetchNextPage}
      />
    </>
  );
}
