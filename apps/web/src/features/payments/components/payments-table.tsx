/**
 * Every recorded payment for admins, newest first: a table on wide screens that stacks into cards
 * on phones, a page at a time with Load more.
 */

import { formatCharge, formatDate, type Payment, type Refund } from '@redline/shared';
import { useState } from 'react';
import { EmailAddress } from '../../../components/ui/email-address.tsx';
import { EmptyState, ErrorState, ListSkeleton, LoadMoreButton } from '../../../components/ui/list-states.tsx';
import { ConfirmDialog } from '../../../components/ui/modal.tsx';
import { StackCell, StackRow, StackTable } from '../../../components/ui/stack-table.tsx';
import { toast } from '../../../lib/toast.ts';
import { usePayments } from '../api/get-payments.ts';
import { useRefundPayment } from '../api/refund-payment.ts';

const COLUMNS = ['Date', 'For', 'Buyer', 'Seller', 'Car', 'Amount', 'Transaction', 'Refund'];

/** Why money went back, in the ledger's words. */
const REFUND_REASONS: Record<Refund['reason'], string> = {
  declined: 'Seller declined',
  'car-sold': 'Car sold',
  'car-removed': 'Car removed',
  'buyer-cancelled': 'Buyer cancelled',
  'late-payment': 'Paid after cancelling',
  admin: 'By an admin',
  released: 'Reservation released',
  lapsed: 'Reservation lapsed',
};

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

export function PaymentsTable() {
  const payments = usePayments();
  const refund = useRefundPayment();
  const [toRefund, setToRefund] = useState<Payment | null>(null);

  const confirmRefund = () => {
    if (!toRefund) return;
    refund.mutate(toRefund.id, {
      onSuccess: (made) =>
        toast.success(
          made.status === 'succeeded' ? 'Payment refunded' : 'Refund asked of the payment provider',
        ),
      onSettled: () => setToRefund(null),
    });
  };

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
            <StackCell label="For">
              <span className="whitespace-nowrap">
                {payment.kind === 'deposit' ? 'Holding deposit' : 'Test drive'}{' '}
                <ShortId id={payment.offerId ?? payment.bookingId ?? payment.id} />
              </span>
            </StackCell>
            <StackCell label="Buyer">
              <EmailAddress address={payment.paidBy} />
            </StackCell>
            <StackCell label="Seller">
              <EmailAddress address={payment.productBy} />
            </StackCell>
            <StackCell label="Car">{payment.product}</StackCell>
            <StackCell label="Amount">
              <span className="whitespace-nowrap font-semibold tabular-nums">
                {formatCharge(payment.price)}
              </span>
            </StackCell>
            <StackCell label="Transaction">
              <span
                className={`badge badge-sm whitespace-nowrap ${payment.provider === 'stripe' ? 'badge-info' : 'badge-ghost'}`}
                title={PROVIDERS[payment.provider]?.title}
              >
                {PROVIDERS[payment.provider]?.label ?? payment.provider}
              </span>
              <code className="mt-1 block break-all font-mono text-xs md:max-w-32">
                {payment.transactionId}
              </code>
            </StackCell>
            <StackCell label="Refund">
              {payment.refund?.status === 'succeeded' ? (
                <span className="block">
                  <span className="badge badge-info badge-sm whitespace-nowrap font-semibold">Refunded</span>
                  <span className="mt-1 block text-xs text-base-content/70">
                    {REFUND_REASONS[payment.refund.reason]}
                    {payment.refund.refundedAt ? `, ${formatDate(payment.refund.refundedAt)}` : ''}
                  </span>
                </span>
              ) : (
                <span className="flex flex-wrap items-center gap-2">
                  {payment.refund ? (
                    <span className="badge badge-warning badge-sm whitespace-nowrap">
                      {payment.refund.status === 'failed' ? 'Refund failed' : 'Refund pending'}
                    </span>
                  ) : null}
                  <button
                    type="button"
                    className="btn btn-outline btn-xs whitespace-nowrap"
                    aria-label={`${payment.refund ? 'Retry the refund' : 'Refund'} of ${payment.paidBy} for the ${payment.product}`}
                    onClick={() => setToRefund(payment)}
                  >
                    {payment.refund ? 'Retry' : 'Refund'}
                  </button>
                </span>
              )}
            </StackCell>
          </StackRow>
        ))}
      </StackTable>
      <LoadMoreButton
        hasNextPage={payments.hasNextPage}
        isFetchingNextPage={payments.isFetchingNextPage}
        fetchNextPage={payments.fetchNextPage}
      />
      <ConfirmDialog
        open={toRefund !== null}
        onClose={() => setToRefund(null)}
        onConfirm={confirmRefund}
        pending={refund.isPending}
        title="Refund this payment?"
        confirmLabel="Refund"
        cancelLabel="Keep it"
      >
        {toRefund ? (
          <p>
            {formatCharge(toRefund.price)} goes back to {toRefund.paidBy}'s card for the test drive of the{' '}
            <strong>{toRefund.product}</strong>. A test drive still ahead is cancelled, and both people are
            told.
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
