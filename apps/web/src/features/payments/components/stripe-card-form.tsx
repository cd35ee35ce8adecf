/**
 * The card form with Stripe Elements. This module is only ever imported dynamically (by the
 * payment panel, when the server runs Stripe), so Stripe.js and its React bindings stay out of
 * every other page's bundle.
 */
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe, type StripeCardElementOptions } from '@stripe/stripe-js';
import { type FormEvent, useEffect, useState } from 'react';
import type { ConfirmCard } from '../api/pay-booking.ts';
import { LockIcon, PayButton, PaymentErrorText } from './pay-controls.tsx';

type StripeCardFormProps = {
  publishableKey: string;
  clientSecret?: string;
  processing: boolean;
  error?: string;
  /** Called whenever the card field changes. */
  onCardChange: () => void;
  amount: string;
  onPay: (confirmCard: ConfirmCard) => void;
};

/** One Stripe.js instance per key for the life of the page (Stripe's own advice). */
const stripeByKey = new Map<string, Promise<Stripe | null>>();

function getStripe(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    // A failed script load may succeed on the next visit of the page.
    stripe.catch(() => stripeByKey.delete(publishableKey));
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

export default function StripeCardForm({ publishableKey, ...props }: StripeCardFormProps) {
  const [loadFailed, setLoadFailed] = useState(false);
  const [stripe] = useState(() => {
    const loading = getStripe(publishableKey);
    return loading.catch(() => {
      setLoadFailed(true);
      return null;
    });
  });

  return (
    <Elements stripe={stripe}>
      <CardForm {...props} loadFailed={loadFailed} />
    </Elements>
  );
}

function CardForm({
  clientSecret,
  processing,
  error,
  onCardChange,
  amount,
  onPay,
  loadFailed,
}: Omit<StripeCardFormProps, 'publishableKey'> & { loadFailed: boolean }) {
  const stripe = useStripe();
  const elements = useElements();
  const style = useCardStyle();
  const [cardReady, setCardReady] = useState(false);
  const [focused, setFocused] = useState(false);
  const [cardError, setCardError] = useState<string>();

  const ready = Boolean(stripe && elements && clientSecret && cardReady);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || !clientSecret) return;
    const card = elements.getElement(CardElement);
    if (!card) return;
    onPay(async () => {
      const result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card } });
      if (result.error) {
        // Confirmed earlier (say the page was reloaded before it recorded it): record that payment.
        if (result.error.payment_intent?.status === 'succeeded') return result.error.payment_intent.id;
        throw new Error(result.error.message ?? 'The payment could not be completed.');
      }
      if (result.paymentIntent.status !== 'succeeded') throw new Error('The payment has not succeeded.');
      return result.paymentIntent.id;
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Card payment">
      <fieldset
        className="fieldset py-1"
        aria-describedby={cardError ? 'stripe-card-error' : undefined}
        disabled={processing}
      >
        <legend className="fieldset-legend pb-1 text-sm font-medium">Card</legend>
        <div
          className={`input relative h-auto w-full py-3.5 ${focused ? 'outline-2 outline-offset-2 outline-base-content/40' : ''} ${cardError ? 'input-error' : ''}`}
        >
          {!cardReady && !loadFailed ? (
            <span className="skeleton absolute inset-2 rounded" aria-hidden="true" />
          ) : null}
          <div className="w-full">
            <CardElement
              options={{ ...style, disabled: processing }}
              onReady={() => setCardReady(true)}
              onFocus={() => setFocused(true)}
              onBlur={() => setFocused(false)}
              onChange={(event) => {
                setCardError(event.error?.message);
                onCardChange();
              }}
            />
          </div>
        </div>
        {cardError ? (
          <p id="stripe-card-error" className="text-error text-sm">
            {cardError}
          </p>
        ) : null}
      </fieldset>

      {loadFailed ? (
        <div role="alert" className="alert alert-error alert-soft text-sm">
          The secure card form could not be loaded. Check your connection and reload the page.
        </div>
      ) : null}

      <p className="flex items-start gap-2 text-base-content/75 text-xs">
        <LockIcon className="mt-0.5 size-3.5 shrink-0" />
        Card details go straight to Stripe over an encrypted connection; Redline never sees or stores them.
      </p>

      <PayButton ready={ready} processing={processing} amount={amount} />
      <PaymentErrorText message={error} />
    </form>
  );
}

/**
 * Stripe's card field lives in an iframe that cannot read our CSS: pass it the theme's colours
 * (resolved to rgb) and font, and again whenever the theme changes.
 */
function useCardStyle(): StripeCardElementOptions {
  const [style, setStyle] = useState(readCardStyle);
  useEffect(() => {
    const observer = new MutationObserver(() => setStyle(readCardStyle()));
    observer.observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['data-theme', 'class'],
    });
    return () => observer.disconnect();
  }, []);
  return style;
}

function readCardStyle(): StripeCardElementOptions {
  const root = getComputedStyle(document.documentElement);
  const text = toRgb(root.getPropertyValue('--color-base-content'), 1);
  const muted = toRgb(root.getPropertyValue('--color-base-content'), 0.55);
  const danger = toRgb(root.getPropertyValue('--color-error'), 1);
  return {
    style: {
      base: {
        color: text,
        iconColor: text,
        fontFamily: getComputedStyle(document.body).fontFamily,
        fontSize: '16px',
        fontSmoothing: 'antialiased',
        '::placeholder': { color: muted },
      },
      invalid: { color: danger, iconColor: danger },
    },
  };
}

/** Any CSS colour (daisyUI's are oklch) as rgba(), which Stripe's iframe accepts. */
function toRgb(cssColor: string, alpha: number): string {
  const context = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  if (!context || !cssColor.trim()) return alpha === 1 ? '#1f2937' : 'rgba(31, 41, 55, 0.55)';
  context.fillStyle = cssColor.trim();
  context.fillRect(0, 0, 1, 1);
  const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}
