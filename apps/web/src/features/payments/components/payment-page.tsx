import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHead } from '../../../components/ui/page-head.tsx';
import { paths } from '../../../config/paths.ts';

type PaymentPageProps = {
  head: { title: string; description: string };
  /** The dashboard list the paid thing belongs to ("My Bookings"), then this page's own crumb. */
  list: { to: string; label: string };
  crumb: string;
  heading: string;
  lead: ReactNode;
  /** What the page loads, as its error names it ("the booking"), and its query. */
  loads: string;
  query: { isPending: boolean; error: Error | null; refetch: () => unknown };
  /** What shows while it loads. */
  pending: ReactNode;
  /** The page once loaded: what is paid for, and the card form or the receipt. */
  children: () => ReactNode;
};

/** The frame of a page where a buyer pays (a test drive's fee, a holding deposit): crumbs, heading, loading and its error. */
export function PaymentPage({
  head,
  list,
  crumb,
  heading,
  lead,
  loads,
  query,
  pending,
  children,
}: PaymentPageProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <PageHead title={head.title} description={head.description} />
      <nav aria-label="Breadcrumb" className="breadcrumbs mb-4 p-0 text-sm">
        <ul>
          <li>
            <Link to={paths.dashboard}>Dashboard</Link>
          </li>
          <li>
            <Link to={list.to}>{list.label}</Link>
          </li>
          <li>
            <span aria-current="page">{crumb}</span>
          </li>
        </ul>
      </nav>
      <header className="mb-8 max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{heading}</h1>
        <p className="mt-2 text-base-content/75">{lead}</p>
      </header>
      {query.isPending ? (
        pending
      ) : query.error ? (
        <div
          role="alert"
          className="alert alert-error alert-soft flex flex-col items-start gap-3 sm:flex-row"
        >
          <span>
            Could not load {loads}. {query.error.message}
          </span>
          <button type="button" className="btn btn-sm sm:ml-auto" onClick={() => query.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:gap-8">
          {children()}
        </div>
      )}
    </div>
  );
}
