/** The Pay button and the payment's error line, shared by the test-mode and the Stripe card forms. */
import { Spinner } from '../../../components/ui/spinner.tsx';

export const PAYMENT_ERROR_ID = 'payment-error';

type PayButtonProps = {
  /** The payment client (Stripe.js or the test-mode form) and the client secret exist. */
  ready: boolean;
  processing: boolean;
  amount: string;
};

export function PayButton({ ready, processing, amount }: PayButtonProps) {
  return (
    <div className="mt-2 flex flex-col gap-2">
      <button
        type="submit"
        className="btn btn-primary btn-lg w-full"
        disabled={!ready || processing}
        aria-describedby={ready ? undefined : 'pay-button-hint'}
      >
        {processing ? (
          <>
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            Processing…
          </>
        ) : (
          <>
            <LockIcon />
            Pay {amount}
          </>
        )}
      </button>
      {!ready && !processing ? (
        <p
          id="pay-button-hint"
          className="flex items-center justify-center gap-2 text-base-content/75 text-sm"
        >
          <Spinner size="sm" label="Preparing the payment" />
          Preparing a secure payment…
        </p>
      ) : null}
    </div>
  );
}

/** The provider's message in red under the form; the live region exists before any message. */
export function PaymentErrorText({ message }: { message?: string }) {
  return (
    <p id={PAYMENT_ERROR_ID} role="alert" className="min-h-5 text-error text-sm font-medium">
      {message ?? ''}
    </p>
  );
}

export function LockIcon({ className = 'size-4' }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <rect x="4" y="11" width="16" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}
