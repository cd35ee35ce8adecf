/**
 * Dashboard tables that stack into cards on phones: a real <table> from the `md` breakpoint up;
 * below it every row is a card and every cell shows its column's name beside the value.
 */
import type { ReactNode } from 'react';

type StackTableProps = {
  /** Names the table for screen readers (not shown). */
  caption: string;
  /** Column headings; use an sr-only span for a column without a visible heading. */
  columns: readonly ReactNode[];
  children: ReactNode;
};

export function StackTable({ caption, columns, children }: StackTableProps) {
  return (
    <div className="md:overflow-x-auto md:rounded-box md:border md:border-base-300 md:bg-base-100">
      {/* As a table, a column keeps its longest word whole (an address breaks only where its markup
          allows, not mid-word) and the box scrolls sideways if it must; as cards, text wraps anywhere.
          A stranger's prose wraps anywhere in both (a report's details: ReportEntry). */}
      <table className="table block md:table md:wrap-break-word">
        <caption className="sr-only">{caption}</caption>
        <thead className="hidden bg-base-200/60 text-xs uppercase tracking-wide text-base-content/75 md:table-header-group">
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col" className="font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="flex flex-col gap-3 md:table-row-group">{children}</tbody>
      </table>
    </div>
  );
}

export function StackRow({ children }: { children: ReactNode }) {
  return (
    <tr className="flex flex-col gap-1 rounded-box border border-base-300 bg-base-100 p-4 shadow-xs md:table-row md:rounded-none md:border-0 md:border-b md:border-base-300 md:p-0 md:shadow-none md:last:border-b-0">
      {children}
    </tr>
  );
}

type StackCellProps = {
  /** The column's name, shown beside the value on phones. */
  label?: string;
  /** The row's main cell (e.g. the car): full width on phones, without a label. */
  primary?: boolean;
  /** The buttons of the row: full width at the bottom of the card on phones; none, no bar. */
  actions?: boolean;
  /** Blocks of text (a list of reports): on phones under their label, across the card, not beside it. */
  stacked?: boolean;
  children: ReactNode;
};

export function StackCell({
  label,
  primary = false,
  actions = false,
  stacked = false,
  children,
}: StackCellProps) {
  if (primary) {
    return <td className="block p-0 pb-2 md:table-cell md:px-4 md:py-3">{children}</td>;
  }
  if (actions) {
    // A row without buttons (say, a closed booking) keeps its column on wide screens, no empty bar on phones.
    if (children === null || children === undefined || children === false)
      return <td className="hidden md:table-cell" />;
    return (
      <td className="block border-t border-base-300 p-0 pt-3 mt-2 md:mt-0 md:table-cell md:border-t-0 md:px-4 md:py-3 md:text-right">
        <div className="flex flex-wrap gap-2 md:justify-end [&_.btn]:whitespace-nowrap">{children}</div>
      </td>
    );
  }
  return (
    <td
      className={`${stacked ? 'flex flex-col gap-1' : 'flex items-baseline justify-between gap-4'} p-0 py-0.5 text-sm md:table-cell md:px-4 md:py-3`}
    >
      {label ? (
        <span className="shrink-0 text-xs font-medium text-base-content/70 md:hidden">{label}</span>
      ) : null}
      <span className={`min-w-0 md:text-left ${stacked ? '' : 'text-right'}`}>{children}</span>
    </td>
  );
}
