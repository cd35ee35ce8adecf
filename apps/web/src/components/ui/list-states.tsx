/** What a list shows while it loads, when it is empty, when it failed, and its "Load more". */

import { formatNumber } from '@redline/shared';
import type { ReactNode } from 'react';

export function ListSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div aria-busy="true" role="status" className="flex flex-col gap-3">
      <span className="sr-only">{label}…</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-4 rounded-box border border-base-300 p-4">
          <div className="skeleton h-16 w-24 shrink-0" />
          <div className="flex flex-1 flex-col gap-2">
            <div className="skeleton h-4 w-2/3 max-w-xs" />
            <div className="skeleton h-3 w-1/2 max-w-52" />
          </div>
          <div className="skeleton hidden h-9 w-28 sm:block" />
        </div>
      ))}
    </div>
  );
}

type EmptyStateProps = {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
};

export function EmptyState({ title, children, action, icon }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 bg-base-200/40 px-6 py-12 text-center">
      {icon ? <div className="text-base-content/50">{icon}</div> : null}
      <h2 className="text-lg font-semibold">{title}</h2>
      {children ? <div className="max-w-md text-sm text-base-content/75">{children}</div> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="alert alert-error alert-soft">
      <span>{message}</span>
      <button type="button" className="btn btn-sm" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

type LoadMoreProps = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
};

/** Renders nothing once the last page is in. */
export function LoadMoreButton({ hasNextPage, isFetchingNextPage, fetchNextPage }: LoadMoreProps) {
  if (!hasNextPage) return null;
  return (
    <div className="mt-6 flex justify-center">
      <button
        type="button"
        className="btn btn-outline min-w-40"
        onClick={() => fetchNextPage()}
        disabled={isFetchingNextPage}
      >
        {isFetchingNextPage ? (
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        ) : null}
        {isFetchingNextPage ? 'Loading…' : 'Load more'}
      </button>
    </div>
  );
}

type MorePagesProps = LoadMoreProps & {
  /** How many items show, of `total`, in how many pages. */
  shown: number;
  total: number;
  pages: number;
  /** What the items are called, one and many ("car", "cars"). */
  noun: [string, string];
};

/**
 * Under a list read a page at a time: how many of its items show (once it has, or had, more than
 * one page), and the button that loads the next page.
 */
export function MorePages({ shown, total, pages, noun: [one, many], ...more }: MorePagesProps) {
  return (
    <>
      {more.hasNextPage || pages > 1 ? (
        <p className="mt-10 text-center text-sm text-base-content/70" aria-live="polite">
          Showing {formatNumber(shown)} of {formatNumber(total)} {total === 1 ? one : many}
        </p>
      ) : null}
      <LoadMoreButton {...more} />
    </>
  );
}
