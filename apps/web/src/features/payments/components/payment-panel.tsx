/**
 * The payment side of the pay pages: gets the booking's (or the offer's deposit's) payment intent, shows the provider's card
 * form (Stripe Elements, or the built-in test mode), and pays. Stripe's code is fetched only here,
 * and only when the server runs Stripe.
 */
import { formatCharge, HOLDING_DEPOSIT_CENTS, TEST_DRIVE_FEE_CENTS } from '@redline/shared';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useAppConfig } from '../../../lib/app-config.ts';
import { changed } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { type PaidFor, usePaymentIntent } from '../api/create-payment-intent.ts';
import { type PaidBooking, usePayBooking } from '../api/pay-booking.ts';
import { LockIcon, PayButton } from './pay-controls.tsx';
import { TestCardForm } from './test-card-form.tsx';

const StripeCardForm = lazy(() => import('./stripe-card-form.tsx'));

export const PAYMENT_SUCCESS_MESSAGE = 'Transaction has been successfully done.';

type PaymentPanelProps = {
  /** A booking's test-drive fee, or an accepted offer's holding deposit. */
  paidFor: PaidFor;
  onPaid: (payment: PaidBooking) => void;
};

export function PaymentPanel({ paidFor, onPaid }: PaymentPanelProps) {
  const queryClient = useQueryClient();
  const config = useAppConfig();
  const intent = usePaymentIntent(paidFor);
  const pay = usePayBooking(paidFor);
  const deposit = 'offerId' in paidFor;
  const amount = formatCharge(deposit ? HOLDING_DEPOSIT_CENTS : TEST_DRIVE_FEE_CENTS);

  // 409: paid meanwhile (another tab, the webhook), the car gone or the reservation ended; the
  // booking or the offer tells which, so only it is asked again. Asking for the intent again would
  // answer 409 again, and a query that never had data shows pending while it is asked: the message
  // would flicker and this effect run again, for ever.
  const conflict = intent.error instanceof ApiError && intent.error.status === 409;
  useEffect(() => {
    if (conflict) void changed(queryClient, deposit ? 'offers' : 'bookings');
  }, [conflict, deposit, queryClient]);

  const provider = intent.data?.provider ?? config.data?.payments.provider;
  const publishableKey = intent.data?.publishableKey ?? config.data?.payments.publishableKey;

  const formProps = {
    clientSecret: intent.data?.clientSecret,
    processing: pay.isPending,
    error: pay.error?.message,
    // A corrected card makes the last attempt's error stale.
    onCardChange: () => {
      if (pay.isError) pay.reset();
    },
    amount,
    onPay: (confirmCard: () => Promise<string>) =>
      pay.mutate(confirmCard, {
        onSuccess: (payment) => {
          toast.success(PAYMENT_SUCCESS_MESSAGE);
          onPaid(payment);
        },
      }),
  };

  let body: ReactNode;
  if (intent.isError) {
    body = (
      <div role="alert" className="alert alert-error alert-soft flex flex-col items-start gap-3 sm:flex-row">
        <span>{intent.error.message}</span>
        {conflict ? null : (
          <button type="button" className="btn btn-sm sm:ml-auto" onClick={() => intent.refetch()}>
            Try again
          </button>
        )}
      </div>
    );
  } else if (config.isError && !provider) {
    body = (
      <div role="alert" className="alert alert-error alert-soft flex flex-col items-start gap-3 sm:flex-row">
        <span>The payment form could not be loaded. {config.error.message}</span>
        <button type="button" className="btn btn-sm sm:ml-auto" onClick={() => config.refetch()}>
          Try again
        </button>
      </div>
    );
  } else if (provider === 'test') {
    body = <TestCardForm {...formProps} />;
  } else if (provider === 'stripe' && publishableKey) {
    body = (
      <Suspense fallback={<CardFormSkeleton amount={amount} />}>
        <StripeCardForm publishableKey={publishableKey} {...formProps} />
      </Suspense>
    );
  } else {
    body = <CardFormSkeleton amount={amount} />;
  }

  return (
    <section aria-labelledby="payment-title" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-5 p-5 sm:p-7">
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id="payment-title" className="flex items-center gap-2 text-xl font-bold">
              <LockIcon className="size-5 text-primary" />
              Payment
            </h2>
            <p className="mt-1 text-base-content/75 text-sm">
              {deposit
                ? 'Pay the refundable holding deposit to hold the car until the sale.'
                : 'Pay the test-drive fee to confirm your booking.'}
            </p>
          </div>
          <p className="hidden text-right sm:block">
            <span className="block text-base-content/75 text-xs uppercase tracking-wide">Total due</span>
            <span className="font-bold text-2xl tabular-nums">{amount}</span>
          </p>
        </header>
        {body}
      </div>
    </section>
  );
}

/** Stands in for the card form while the provider's code or the payment intent loads. */
function CardFormSkeleton({ amount }: { amount: string }) {
  return (
    <form aria-label="Card payment" aria-busy="true" className="flex flex-col gap-4">
      <div className="skeleton h-24 w-full" />
      <div className="flex flex-col gap-2">
        <div className="skeleton h-4 w-24" />
        <div className="skeleton h-10 w-full" />
      </div>
      <PayButton ready={false} processing={false} amount={amount} />
    </form>
  );
}
