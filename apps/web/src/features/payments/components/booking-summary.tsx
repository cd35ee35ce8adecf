import {
  formatCharge,
  formatRequestedDate,
  formatRequestedTime,
  TEST_DRIVE_FEE_CENTS,
} from '@redline/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { VerifiedBadge } from '../../../components/ui/verified-badge.tsx';
import { paths } from '../../../config/paths.ts';
import type { Booking } from '../api/get-booking.ts';

/** The booking being paid for: the car, the seller, when and where, and the fee. */
export function BookingSummary({ booking }: { booking: Booking }) {
  return (
    <section
      aria-labelledby="booking-summary-title"
      className="card overflow-hidden border border-base-300 bg-base-100 shadow-sm"
    >
      <figure className="aspect-[16/9] bg-base-200 sm:aspect-[16/10]">
        <img
          src={booking.carPhoto}
          srcSet={`${booking.carPhoto} 480w`}
          sizes="(min-width: 1024px) 420px, (min-width: 640px) 600px, 100vw"
          alt={booking.carName}
          width={480}
          height={300}
          decoding="async"
          className="h-full w-full object-cover"
        />
      </figure>
      <div className="card-body gap-4 p-5 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="text-primary text-xs font-semibold uppercase tracking-widest">Test drive</p>
            <h2 id="booking-summary-title" className="mt-1 text-xl font-bold leading-snug">
              {booking.carId ? (
                <Link to={paths.car(booking.carId)} className="link link-hover">
                  {booking.carName}
                </Link>
              ) : (
                booking.carName
              )}
            </h2>
          </div>
          {booking.isPaid ? (
            <span className="badge badge-success gap-1 font-semibold">
              <CheckIcon /> Paid
            </span>
          ) : (
            <span className="badge gap-1.5 border-base-300 font-semibold">
              <span className="size-2 rounded-full bg-warning" aria-hidden="true" />
              Awaiting payment
            </span>
          )}
        </div>

        <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm">
          <SummaryItem label="Seller">
            <span className="inline-flex flex-wrap items-center gap-1.5">
              {booking.sellerName}
              {booking.sellerVerified ? <VerifiedBadge subject="seller" /> : null}
            </span>
          </SummaryItem>
          <SummaryItem label="City">{booking.requestedLocation}</SummaryItem>
          <SummaryItem label="Date">{formatRequestedDate(booking.requestedDate, 'full')}</SummaryItem>
          <SummaryItem label="Time">
            {formatRequestedTime(booking.requestedDate, booking.requestedTime)}
          </SummaryItem>
        </dl>

        <div className="flex items-baseline justify-between border-base-300 border-t pt-4">
          <span className="text-base-content/80">Test-drive fee</span>
          <span className="font-bold text-lg tabular-nums">{formatCharge(TEST_DRIVE_FEE_CENTS)}</span>
        </div>
      </div>
    </section>
  );
}

function SummaryItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-base-content/70 text-xs font-medium uppercase tracking-wide">{label}</dt>
      <dd className="mt-0.5 font-medium">{children}</dd>
    </div>
  );
}

export function CheckIcon({ className = 'size-3.5' }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="3"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <path d="m5 12 5 5L20 7" />
    </svg>
  );
}

/** Placeholder of the same shape while the booking loads. */
export function BookingSummarySkeleton() {
  return (
    <div className="card overflow-hidden border border-base-300 bg-base-100" aria-hidden="true">
      <div className="skeleton aspect-[16/10] w-full rounded-none" />
      <div className="card-body gap-4 p-5 sm:p-6">
        <div className="skeleton h-6 w-3/4" />
        <div className="grid grid-cols-2 gap-3">
          <div className="skeleton h-10" />
          <div className="skeleton h-10" />
          <div className="skeleton h-10" />
          <div className="skeleton h-10" />
        </div>
        <div className="skeleton h-6 w-full" />
      </div>
    </div>
  );
}
