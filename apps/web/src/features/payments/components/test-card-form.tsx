/**
 * Test mode's card form (no Stripe account configured): number, expiry and CVC, checked by the
 * built-in provider with Stripe's test-card rules. Nothing is charged and nothing is stored.
 */
import { type ChangeEvent, useEffect, useEffectEvent } from 'react';
import { useForm } from 'react-hook-form';
import { TextField } from '../../../components/ui/form-field.tsx';
import { lazyZodResolver } from '../../../lib/lazy-resolver.ts';
import { confirmTestPayment } from '../api/confirm-test-payment.ts';
import type { ConfirmCard } from '../api/pay-booking.ts';
import { caretAfterDigits, countDigits, formatCardNumber, formatExpiry } from '../utils/card-input.ts';
import type { CardFormInput, CardFormOutput } from '../utils/schemas.ts';
import { PayButton, PaymentErrorText } from './pay-controls.tsx';

export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', result: 'Succeeds' },
  { number: '4000 0000 0000 0002', result: 'Declined' },
  { number: '4000 0000 0000 9995', result: 'Insufficient funds' },
] as const;

type TestCardFormProps = {
  clientSecret?: string;
  processing: boolean;
  error?: string;
  /** Called whenever a card field changes (typed or filled with a test card). */
  onCardChange: () => void;
  amount: string;
  onPay: (confirmCard: ConfirmCard) => void;
};

/** Reformats an input in place, keeping the caret after the same digit it followed. */
function reformat(input: HTMLInputElement, format: (value: string) => string) {
  const { value } = input;
  const caret = input.selectionStart ?? value.length;
  const atEnd = caret >= value.length;
  const next = format(value);
  if (next === value) return;
  input.value = next;
  if (input.ownerDocument.activeElement !== input) return;
  const position = atEnd ? next.length : caretAfterDigits(next, countDigits(value.slice(0, caret)));
  input.setSelectionRange(position, position);
}

export function TestCardForm({
  clientSecret,
  processing,
  error,
  onCardChange,
  amount,
  onPay,
}: TestCardFormProps) {
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    watch,
    formState: { errors },
  } = useForm<CardFormInput, unknown, CardFormOutput>({
    resolver: lazyZodResolver(() => import('../utils/schemas.ts').then((m) => m.cardFormSchema)),
    defaultValues: { number: '', expiry: '', cvc: '' },
  });

  // Every change of a value, typed or set by a "Use" button.
  const cardChanged = useEffectEvent(onCardChange);
  useEffect(() => {
    const subscription = watch(() => cardChanged());
    return () => subscription.unsubscribe();
  }, [watch]);

  const numberField = register('number');
  const expiryField = register('expiry');

  const onSubmit = handleSubmit(({ number, expiry, cvc }) => {
    if (!clientSecret) return;
    onPay(async () => {
      const card = { number, expMonth: expiry.month, expYear: expiry.year, cvc };
      const { transactionId } = await confirmTestPayment({ clientSecret, card });
      return transactionId;
    });
  });

  /** Fills a test card (and a valid expiry and CVC when they are still empty). */
  const fillTestCard = (number: string) => {
    const options = { shouldValidate: false, shouldDirty: true } as const;
    setValue('number', number, options);
    const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');
    if (!getValues('expiry')) setValue('expiry', `12/${nextYear}`, options);
    if (!getValues('cvc')) setValue('cvc', '123', options);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Card payment">
      <TestModeNotice onUseCard={fillTestCard} disabled={processing} />

      <fieldset disabled={processing} className="flex min-w-0 flex-col">
        <legend className="sr-only">Card details</legend>
        <TextField
          id="card-number"
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          maxLength={23}
          className="font-mono tracking-wide"
          error={errors.number?.message}
          {...numberField}
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            reformat(event.target, formatCardNumber);
            return numberField.onChange(event);
          }}
        />
        <div className="grid grid-cols-2 gap-4">
          <TextField
            id="card-expiry"
            label="Expiry (MM/YY)"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            maxLength={7}
            className="font-mono"
            error={errors.expiry?.message}
            {...expiryField}
            onChange={(event: ChangeEvent<HTMLInputElement>) => {
              reformat(event.target, formatExpiry);
              return expiryField.onChange(event);
            }}
          />
          <TextField
            id="card-cvc"
            label="CVC"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            className="font-mono"
            error={errors.cvc?.message}
            {...register('cvc')}
          />
        </div>
      </fieldset>

      <PayButton ready={Boolean(clientSecret)} processing={processing} amount={amount} />
      <PaymentErrorText message={error} />
    </form>
  );
}

function TestModeNotice({ onUseCard, disabled }: { onUseCard: (number: string) => void; disabled: boolean }) {
  return (
    <section
      aria-labelledby="test-mode-title"
      className="rounded-box border border-dashed border-warning/60 bg-warning/10 p-4"
    >
      <p id="test-mode-title" className="flex items-center gap-2 font-semibold">
        <FlaskIcon />
        <span>Test mode — no real charge</span>
      </p>
      <p className="mt-1 text-base-content/80 text-sm">
        No card is charged and card details are never stored. Use any future expiry date and any CVC with one
        of these test cards:
      </p>
      <ul className="mt-3 flex flex-col gap-2.5">
        {TEST_CARDS.map((card) => (
          <li key={card.number} className="flex items-center gap-3 text-sm">
            <span className="min-w-0 flex-1 sm:flex sm:items-baseline sm:gap-3">
              <span className="block font-mono font-medium tracking-wide">{card.number}</span>
              <span className="block text-base-content/75 text-xs sm:text-sm">{card.result}</span>
            </span>
            <button
              type="button"
              className="btn btn-outline btn-xs"
              disabled={disabled}
              onClick={() => onUseCard(card.number)}
              aria-label={`Use test card ${card.number} (${card.result.toLowerCase()})`}
            >
              Use
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function FlaskIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="size-5 shrink-0 text-warning"
    >
      <path d="M9 3h6M10 3v6L4.5 18.5A1.7 1.7 0 0 0 6 21h12a1.7 1.7 0 0 0 1.5-2.5L14 9V3" />
      <path d="M7.5 15h9" />
    </svg>
  );
}
