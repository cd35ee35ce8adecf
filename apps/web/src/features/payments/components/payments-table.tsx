/**
 * Every recorded payment for admins, newest first: a table on wide screens that stacks into cards
 * on phones, a page at a time with Load more.
 */

import { formatCharge, formatDate } from '@redline/shared';
import { EmptyState, ErrorState, ListSkeleton, LoadMoreButton } from '../../../components/ui/list-states.tsx';
import { StackCell, StackRow, StackTable } from '../../../components/ui/stack-table.tsx';
import { usePayments } from '../api/get-payments.ts';

const COLUMNS = ['Date', 'Booking', 'Buyer', 'Seller', 'Car', 'Amount', 'Transaction ID', 'Provider'];

/** Short, so the table fits beside the dashboard menu; the full name is the badge's title. */
const PROVIDERS: Record<string, { label: string; title: string }> = {
  test: { label: 'Test', title: 'Test mode (no real charge)' },
  stripe: { label: 'Stripe', title: 'Stripe' },
};

/** Enough of a UUID to tell bookings apart at a glance; the whole id for screen readers and on hover. */
function ShortId({ id }: { id: string }) {
  return (
    <code className="font-mono text-xs" title={id}>
      <span aria-hidden="true">{id.slice(0, 8)}…</span>
      <span className="sr-only">{id}</span>
    </code>
  );
}

/** An e-mail address that may wrap before its "@" rather than anywhere in the middle. */
function Email({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  if (at <= 0) return <span className="break-all">{address}</span>;
  return (
    <span className="wrap-anywhere">
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </span>
  );
}

export function PaymentsTable() {
  const payments = usePayments();

  if (payments.isPending) return <ListSkeleton label="Loading payments" rows={5} />;
  if (payments.isError) {
    return (
      <ErrorState
        message={`Could not load the payments. ${payments.error.message}`}
        onRetry={() => payments.refetch()}
      />
    );
  }

  const items = payments.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <EmptyState title="No payments yet">
        When a buyer pays the fee of a test drive, the payment appears here.
      </EmptyState>
    );
  }

  return (
    <>
      <p className="mb-3 text-base-content/75 text-sm" aria-live="polite">
        Showing {items.length} {items.length === 1 ? 'payment' : 'payments'}
        {payments.hasNextPage ? '' : ' (all)'}
      </p>
      <StackTable caption="Payments, newest first" columns={COLUMNS}>
        {items.map((payment) => (
          <StackRow key={payment.id}>
            <StackCell primary>
              <span className="font-semibold md:font-normal md:whitespace-nowrap">
                {formatDate(payment.createdAt)}
                <span className="text-base-content/70 md:block">
                  <span className="md:hidden">, </span>
                  {formatDate(payment.createdAt, 'time')}
                </span>
              </span>
            </StackCell>
            <StackCell label="Booking">
              <ShortId id={payment.bookingId} />
            </StackCell>
            <StackCell label="Buyer">
              <Email address={payment.paidBy} />
            </StackCell>
            <StackCell label="Seller">
              <Email address={payment.productBy} />
            </StackCell>
            <StackCell label="Car">{payment.product}</StackCell>
            <StackCell label="Amount">
              <span className="whitespace-nowrap font-semibold tabular-nums">
                {formatCharge(payment.price)}
              </span>
            </StackCell>
            <StackCell label="Transaction ID">
              <code className="block break-all font-mono text-xs md:max-w-32">{payment.transactionId}</code>
            </StackCell>
            <StackCell label="Provider">
              <span
                className={`badge badge-sm whitespace-nowrap ${payment.provider === 'stripe' ? 'badge-info' : 'badge-ghost'}`}
                title={PROVIDERS[payment.provider]?.title}
              >
                {PROVIDERS[payment.provider]?.label ?? payment.provider}
              </span>
            </StackCell>
          </StackRow>
        ))}
      </StackTable>
      <LoadMoreButton
        hasNextPage={payments.hasNextPage}
        isFetchingNextPage={payments.isFetchingNextPage}
        fetchNextPage={payments.fetchNextPage}
      />
    </>
  );
}
