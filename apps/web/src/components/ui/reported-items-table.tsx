/**
 * The admins' tables of reported things (cars, conversations, reviews): loading, failed, empty, a
 * page at a time, and the row actions that ask for a confirmation first (dismiss the reports,
 * delete the post). Each feature gives its words, its cells and its actions.
 */
import { formatDate } from '@redline/shared';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { EmptyState, ErrorState, ListSkeleton, LoadMoreButton } from './list-states.tsx';
import { ConfirmDialog } from './modal.tsx';
import { StackRow, StackTable } from './stack-table.tsx';

/** A row action the admin confirms: what the dialog says, the request it sends and its toast. */
export type ConfirmedAction<Item> = {
  title: string;
  confirmLabel: string;
  tone?: 'danger' | 'primary';
  /** What happens to the item, in the dialog. */
  explain: (item: Item) => ReactNode;
  /** The request, given the item's id (its mutation's `mutate` and `isPending`). */
  mutation: {
    mutate: (id: string, options: { onSuccess: () => void; onSettled: () => void }) => void;
    isPending: boolean;
  };
  /** Toasted once it is done. */
  done: string;
};

/** "Dismiss reports": each table's action that removes an item's reports as unfounded. */
export const dismissReports = <Item,>(
  action: Pick<ConfirmedAction<Item>, 'explain' | 'mutation' | 'done'>,
): ConfirmedAction<Item> => ({
  title: 'Dismiss these reports?',
  confirmLabel: 'Dismiss reports',
  tone: 'primary',
  ...action,
});

/**
 * One report of an item, in its row: the reason, the details, who sent it and when. The details are
 * a stranger's prose: they wrap anywhere, also where the table keeps a column's longest word whole,
 * so that one long word cannot stretch the column past the screen.
 */
export function ReportEntry({
  report,
  by,
}: {
  report: { reason: string; details: string; createdAt: string };
  by: string;
}) {
  return (
    <li className="rounded-box bg-base-200 p-2.5">
      <p className="font-medium">{report.reason}</p>
      {report.details ? <p className="mt-0.5 whitespace-pre-line wrap-anywhere">{report.details}</p> : null}
      <p className="mt-1 text-xs text-base-content/70">
        {by} · {formatDate(report.createdAt)}
      </p>
    </li>
  );
}

type ReportedItemsTableProps<Item, Action extends string> = {
  query: UseInfiniteQueryResult<InfiniteData<{ items: Item[] }>>;
  /** "Reported items": names the table, and what is loading or failed to load. */
  caption: string;
  columns: readonly ReactNode[];
  empty: { title: string; text: string };
  /** The item's id: its row's key, and what its actions send. */
  idOf: (item: Item) => string;
  /** A row's cells; `ask` opens the confirmation of one of `actions` for this item. */
  cells: (item: Item, ask: (action: Action) => void) => ReactNode;
  actions: Record<Action, ConfirmedAction<Item>>;
  /** The feature's own dialogs, beside the table. */
  children?: ReactNode;
};

export function ReportedItemsTable<Item, Action extends string>({
  query,
  caption,
  columns,
  empty,
  idOf,
  cells,
  actions,
  children,
}: ReportedItemsTableProps<Item, Action>) {
  const [asked, setAsked] = useState<{ action: Action; item: Item } | null>(null);
  const what = caption.toLowerCase();

  if (query.isPending) return <ListSkeleton label={`Loading ${what}`} />;
  if (query.isError) {
    return (
      <ErrorState
        message={`Could not load the ${what}. ${query.error.message}`}
        onRetry={() => query.refetch()}
      />
    );
  }
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <EmptyState title={empty.title}>{empty.text}</EmptyState>;

  return (
    <>
      <StackTable caption={caption} columns={columns}>
        {items.map((item) => (
          <StackRow key={idOf(item)}>{cells(item, (action) => setAsked({ action, item }))}</StackRow>
        ))}
      </StackTable>
      <LoadMoreButton
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        fetchNextPage={query.fetchNextPage}
      />
      {(Object.keys(actions) as Action[]).map((name) => {
        const action = actions[name];
        const item = asked?.action === name ? asked.item : null;
        return (
          <ConfirmDialog
            key={name}
            open={item !== null}
            onClose={() => setAsked(null)}
            onConfirm={() => {
              if (item === null) return;
              action.mutation.mutate(idOf(item), {
                onSuccess: () => toast.success(action.done),
                onSettled: () => setAsked(null),
              });
            }}
            pending={action.mutation.isPending}
            tone={action.tone}
            title={action.title}
            confirmLabel={action.confirmLabel}
          >
            {item === null ? null : action.explain(item)}
          </ConfirmDialog>
        );
      })}
      {children}
    </>
  );
}
