import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useEffect } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOKING_ID } from '../../../testing/fixtures/booking.ts';
import { aMe } from '../../../testing/fixtures/user.ts';
import { answer, requests } from '../../../testing/network.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { PaymentPanel } from './payment-panel.tsx';

// Stripe.js runs in Stripe's iframes; here only its promises are faked, the flow around them is ours.
const stripe = vi.hoisted(() => ({
  card: { kind: 'card-element' },
  confirmCardPayment: vi.fn(),
  loadStripe: vi.fn(),
}));

vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripe.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => children,
  // Typing into the stand-in reports a change, as Stripe's field does from its iframe.
  CardElement: ({ onReady, onChange }: { onReady?: () => void; onChange?: (event: object) => void }) => {
    useEffect(() => onReady?.(), [onReady]);
    return <input aria-label="Card" data-stripe="card" onChange={() => onChange?.({ complete: false })} />;
  },
  useStripe: () => ({ confirmCardPayment: stripe.confirmCardPayment }),
  useElements: () => ({ getElement: () => stripe.card }),
}));

function renderPanel(onPaid = vi.fn()) {
  answer({
    'GET /me': aMe(),
    'GET /config': {
      googleSignIn: false,
      browsing: 'public',
      units: 'imperial',
      payments: { provider: 'stripe', publishableKey: 'pk_test_123' },
    },
    'POST /create-payment-intent': {
      clientSecret: 'pi_123_secret_456',
      provider: 'stripe',
      publishableKey: 'pk_test_123',
    },
    'POST /payment': { insertedId: 'pay-1' },
  });
  renderWithProviders(<PaymentPanel paidFor={{ bookingId: BOOKING_ID }} onPaid={onPaid} />, {
    path: '/buyer/bookings/x',
  });
  return { onPaid };
}

/** What the panel sent to record the payment, if it did. */
const recorded = () => requests().find((request) => request.path === '/payment');

async function clickPayWhenReady() {
  const pay = () => screen.getByRole('button', { name: /Pay \$120\.00/ });
  // The first render also loads the lazy Stripe chunk.
  await waitFor(() => expect(pay().hasAttribute('disabled')).toBe(false), { timeout: 5000 });
  await userEvent.click(pay());
}

describe('payment panel with Stripe', () => {
  beforeEach(() => {
    // jsdom has no canvas: the card field then keeps its fallback colours.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    stripe.confirmCardPayment.mockReset();
    stripe.loadStripe.mockReset().mockResolvedValue({});
  });

  it('loads Stripe with the publishable key and shows no test-mode notice', async () => {
    renderPanel();
    await waitFor(
      () =>
        expect(screen.getByRole('button', { name: /Pay \$120\.00/ }).hasAttribute('disabled')).toBe(false),
      { timeout: 5000 },
    );
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(screen.queryByText('Test mode — no real charge')).not.toBeInTheDocument();
  });

  it('confirms the card with the client secret and records the payment intent id', async () => {
    stripe.confirmCardPayment.mockResolvedValue({ paymentIntent: { id: 'pi_123', status: 'succeeded' } });
    const { onPaid } = renderPanel();
    await clickPayWhenReady();

    await waitFor(() =>
      expect(onPaid).toHaveBeenCalledWith({ transactionId: 'pi_123', insertedId: 'pay-1' }),
    );
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith('pi_123_secret_456', {
      payment_method: { card: stripe.card },
    });
    expect(recorded()?.body).toEqual({ bookingId: BOOKING_ID, transactionId: 'pi_123' });
    expect(await screen.findByText('Transaction has been successfully done.')).toBeInTheDocument();
  });

  it("shows Stripe's error in red under the form and in a toast, and records nothing", async () => {
    stripe.confirmCardPayment.mockResolvedValue({
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    const { onPaid } = renderPanel();
    await clickPayWhenReady();

    const form = screen.getByRole('form', { name: 'Card payment' });
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe('Your card was declined.'));
    expect(screen.getAllByText('Your card was declined.')).toHaveLength(2);
    expect(recorded()).toBeUndefined();
    expect(onPaid).not.toHaveBeenCalled();
  });

  it("clears Stripe's error as soon as the card is changed", async () => {
    stripe.confirmCardPayment.mockResolvedValue({
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    renderPanel();
    await clickPayWhenReady();
    const form = screen.getByRole('form', { name: 'Card payment' });
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe('Your card was declined.'));

    await userEvent.type(screen.getByRole('textbox', { name: 'Card' }), '1');
    expect(within(form).getByRole('alert').textContent).toBe('');
  });

  it('records an intent Stripe reports as already succeeded (paid before a reload)', async () => {
    stripe.confirmCardPayment.mockResolvedValue({
      error: {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: 'This PaymentIntent has already succeeded.',
        payment_intent: { id: 'pi_123', status: 'succeeded' },
      },
    });
    const { onPaid } = renderPanel();
    await clickPayWhenReady();
    await waitFor(() =>
      expect(onPaid).toHaveBeenCalledWith({ transactionId: 'pi_123', insertedId: 'pay-1' }),
    );
  });
});
