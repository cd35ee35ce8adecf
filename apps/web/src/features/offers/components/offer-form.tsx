import { formatMoney, MESSAGE_MAX_LENGTH } from '@redline/shared';
import { type FormEvent, useId, useState } from 'react';
import { readCents } from '../../../lib/number-text.ts';

type OfferFormProps = {
  /** The amount field's label ("Your offer", "Your counter"). */
  label: string;
  /** The car's asking price, when the page knows it: an offer is at most this much (the server checks a counter). */
  askingPrice?: number;
  submitLabel: string;
  pending: boolean;
  /** Sends the amount in cents and the message (a refusal's toast is the mutation cache's). */
  onSubmit: (amount: number, message: string) => Promise<void>;
};

/** The smallest offer, as the server's rule (packages/shared offers.ts). */
const MIN_OFFER_CENTS = 100;

/** An amount in dollars (at least a dollar, at most the asking price) and an optional message. */
export function OfferForm({ label, askingPrice, submitLabel, pending, onSubmit }: OfferFormProps) {
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const amountId = useId();
  const messageId = useId();
  const errorId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const cents = readCents(amount);
    if (cents === undefined || Number.isNaN(cents) || cents < MIN_OFFER_CENTS) {
      setError(`Enter an amount in dollars, at least ${formatMoney(MIN_OFFER_CENTS)}`);
      return;
    }
    if (askingPrice !== undefined && cents > askingPrice) {
      setError(`At most the asking price, ${formatMoney(askingPrice)}`);
      return;
    }
    setError(null);
    await onSubmit(cents, message);
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={amountId} className="font-medium">
          {label}{' '}
          {askingPrice === undefined ? null : (
            <span className="font-normal text-base-content/70">(asking {formatMoney(askingPrice)})</span>
          )}
        </label>
        <label className={`input input-bordered w-full ${error ? 'input-error' : ''}`}>
          <span aria-hidden="true">$</span>
          <input
            id={amountId}
            inputMode="decimal"
            autoComplete="off"
            data-autofocus
            value={amount}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => setAmount(event.target.value)}
          />
        </label>
        {error ? (
          <p id={errorId} className="text-sm text-error">
            {error}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={messageId} className="font-medium">
          Message <span className="font-normal text-base-content/70">(optional)</span>
        </label>
        <textarea
          id={messageId}
          className="textarea textarea-bordered min-h-20 w-full"
          value={message}
          maxLength={MESSAGE_MAX_LENGTH}
          onChange={(event) => setMessage(event.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-primary self-end" disabled={pending}>
        {pending ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
        {submitLabel}
      </button>
    </form>
  );
}
