import { formatCharge, formatDate, TEST_DRIVE_FEE_CENTS } from '@redline/shared';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { CheckIcon } from './booking-summary.tsx';

type PaymentReceiptProps = {
  transactionId: string;
  /** When the server recorded it; unknown for a moment right after paying. */
  paidAt?: string;
  /** Paid just now on this page (rather than found already paid). */
  justPaid: boolean;
};

/** Shown instead of the card form once the booking is paid. */
export function PaymentReceipt({ transactionId, paidAt, justPaid }: PaymentReceiptProps) {
  const heading = useRef<HTMLHeadingElement>(null);

  // The form the buyer was using is gone: bring keyboard and screen-reader users to the outcome.
  useEffect(() => {
    if (justPaid) heading.current?.focus();
  }, [justPaid]);

  return (
    <section aria-labelledby="receipt-title" className="card border border-success/40 bg-base-100 shadow-sm">
      <div className="card-body items-center gap-5 p-6 text-center sm:p-8">
        <span className="flex size-16 items-center justify-center rounded-full bg-success/15 text-success">
          <CheckIcon className="size-8" />
        </span>
        <div>
          <h2
            id="receipt-title"
            ref={heading}
            tabIndex={-1}
            className="text-2xl font-bold focus:outline-none"
          >
            {justPaid ? 'Payment successful' : 'This test drive is paid'}
          </h2>
          <p className="mt-2 text-base-content/75">
            {justPaid
              ? 'The seller now sees your test drive as paid and can call you to arrange it.'
              : 'This booking has already been paid. There is nothing more to pay.'}
          </p>
        </div>

        <dl className="w-full divide-y divide-base-300 rounded-box border border-base-300 text-left text-sm">
          <ReceiptRow label="Status">
            <span className="badge badge-success gap-1 font-semibold">
              <CheckIcon /> Paid
            </span>
          </ReceiptRow>
          <ReceiptRow label="Amount">
            <span className="font-semibold tabular-nums">{formatCharge(TEST_DRIVE_FEE_CENTS)}</span>
          </ReceiptRow>
          <ReceiptRow label="Transaction ID">
            <TransactionId id={transactionId} />
          </ReceiptRow>
          <ReceiptRow label="Paid on">{paidAt ? formatDate(paidAt, 'medium-time') : 'Just now'}</ReceiptRow>
        </dl>

        <div className="flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
          <Link to={paths.dashBuyerBookings} className="btn btn-primary">
            Go to My Bookings
          </Link>
          <Link to={paths.categories} className="btn btn-ghost">
            Browse more cars
          </Link>
        </div>
      </div>
    </section>
  );
}

function ReceiptRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3">
      <dt className="text-base-content/75">{label}</dt>
      <dd className="min-w-0 font-medium">{children}</dd>
    </div>
  );
}

function TransactionId({ id }: { id: string }) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(id);
      setCopied(true);
    } catch {
      // Clipboard refused (permissions, insecure context): the id stays selectable on screen.
    }
  };

  return (
    <span className="flex min-w-0 items-center gap-2">
      <code className="break-all rounded bg-base-200 px-1.5 py-0.5 font-mono text-xs">{id}</code>
      <button type="button" className="btn btn-ghost btn-xs shrink-0" onClick={copy}>
        {copied ? 'Copied' : 'Copy'}
        <span className="sr-only"> transaction ID</span>
      </button>
    </span>
  );
}
