import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aBooking, BOOKING_ID } from '../../testing/fixtures/booking.ts';
import { aMe, buyer } from '../../testing/fixtures/user.ts';
import { type Answers, answer, apiError, requests } from '../../testing/network.ts';
import { renderRoutes } from '../../testing/test-utils.tsx';
import PayBookingPage from './pay-booking.tsx';

const intent = { clientSecret: 'pi_test_1_secret_abc', provider: 'test' } as const;
const declined = apiError(402, 'card_declined', 'Your card was declined.');

/** The bodies of the requests to `path`, in order. */
function bodiesSentTo(path: string) {
  return requests()
    .filter((request) => request.path === path)
    .map((request) => request.body);
}

/** A promise the test resolves when it wants the server to answer. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

function renderPage(routes: Answers) {
  answer({
    'GET /me': aMe(),
    'GET /config': {
      googleSignIn: false,
      browsing: 'public',
      units: 'imperial',
      payments: { provider: 'test' },
    },
    'GET /testdrivebooking/:id': aBooking(),
    'POST /create-payment-intent': intent,
    ...routes,
  });
  return { render: () => renderPage.mount() };
}
renderPage.mount = () =>
  renderRoutes(
    [
      { path: '/buyer/bookings/:id', Component: PayBookingPage },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [`/buyer/bookings/${BOOKING_ID}`] },
  );

async function fillCard(number: string) {
  await userEvent.type(await screen.findByLabelText('Card number'), number);
  await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '1234');
  await userEvent.type(screen.getByLabelText('CVC'), '123');
}

describe('pay page', () => {
  it('summarises the booking and offers the test-mode card form with the test cards', async () => {
    const { render } = renderPage({});
    render();

    expect(await screen.findByRole('heading', { name: '2021 Porsche 911 Turbo S' })).toBeInTheDocument();
    expect(screen.getByText('Sam Seller')).toBeInTheDocument();
    expect(screen.getByText('Austin')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '2021 Porsche 911 Turbo S' })).toBeInTheDocument();
    expect(screen.getAllByText('$120.00').length).toBeGreaterThan(0);
    expect(await screen.findByText('Test mode — no real charge')).toBeInTheDocument();
    expect(screen.getByText('4242 4242 4242 4242')).toBeInTheDocument();
    expect(screen.getByText('4000 0000 0000 0002')).toBeInTheDocument();
    expect(screen.getByLabelText('Card number').getAttribute('autocomplete')).toBe('cc-number');
    expect(screen.getByLabelText('Expiry (MM/YY)').getAttribute('autocomplete')).toBe('cc-exp');
    expect(screen.getByLabelText('CVC').getAttribute('autocomplete')).toBe('cc-csc');
  });

  it('keeps Pay disabled until the client secret has arrived', async () => {
    const intentGate = gate();
    const { render } = renderPage({
      'POST /create-payment-intent': async () => {
        await intentGate.opened;
        return intent;
      },
    });
    render();

    await screen.findByLabelText('Card number');
    const pay = () => screen.getByRole('button', { name: /Pay \$120\.00/ });
    expect(pay().hasAttribute('disabled')).toBe(true);
    intentGate.open();
    await waitFor(() => expect(pay().hasAttribute('disabled')).toBe(false));
  });

  it('spaces the card number and writes the expiry as MM/YY while typing', async () => {
    const { render } = renderPage({});
    render();
    const number = (await screen.findByLabelText('Card number')) as HTMLInputElement;
    await userEvent.type(number, '4242424242424242');
    expect(number.value).toBe('4242 4242 4242 4242');
    const expiry = screen.getByLabelText('Expiry (MM/YY)') as HTMLInputElement;
    await userEvent.type(expiry, '1230');
    expect(expiry.value).toBe('12/30');
  });

  it('pays: confirms the card, records the payment, and shows the success toast, the transaction id and Paid', async () => {
    const paid = aBooking({
      isPaid: true,
      payment: { transactionId: 'pi_test_1', paidAt: '2031-03-02T09:30:00.000Z', refund: null },
    });
    let recorded = false;
    const { render } = renderPage({
      'GET /testdrivebooking/:id': () => (recorded ? paid : aBooking()),
      'POST /payments/test-mode/confirm': { status: 'succeeded', transactionId: 'pi_test_1' },
      'POST /payment': () => {
        recorded = true;
        return { insertedId: 'pay-1' };
      },
    });
    const { queryClient } = render();
    queryClient.setQueryData(['bookings', 'buyer', buyer.email], { items: [], nextCursor: null });

    await fillCard('4242424242424242');
    const pay = screen.getByRole('button', { name: /Pay \$120\.00/ });
    await waitFor(() => expect(pay.hasAttribute('disabled')).toBe(false));
    await userEvent.click(pay);

    expect(await screen.findByText('Transaction has been successfully done.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
    expect(screen.getByText('pi_test_1')).toBeInTheDocument();
    expect(screen.getAllByText('Paid').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Go to My Bookings' }).getAttribute('href')).toBe(
      '/dash/buyer/bookings',
    );
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();

    expect(bodiesSentTo('/payments/test-mode/confirm')[0]).toEqual({
      clientSecret: intent.clientSecret,
      card: { number: '4242424242424242', expMonth: 12, expYear: 34, cvc: '123' },
    });
    expect(bodiesSentTo('/payment')[0]).toEqual({
      bookingId: BOOKING_ID,
      transactionId: 'pi_test_1',
    });
    expect(bodiesSentTo('/create-payment-intent')[0]).toEqual({ bookingId: BOOKING_ID });
    // My Bookings reads isPaid: its cached lists must be refreshed.
    expect(queryClient.getQueryState(['bookings', 'buyer', buyer.email])?.isInvalidated).toBe(true);
    const receipt = screen.getByRole('region', { name: 'Payment successful' });
    await waitFor(() => expect(within(receipt).queryByText('Just now')).not.toBeInTheDocument());
    expect(within(receipt).getByText(/2031/)).toBeInTheDocument();
  });

  it('shows a declined card in red under the form and in a toast, and records nothing', async () => {
    const { render } = renderPage({ 'POST /payments/test-mode/confirm': declined });
    render();

    await fillCard('4000000000000002');
    const pay = screen.getByRole('button', { name: /Pay \$120\.00/ });
    await waitFor(() => expect(pay.hasAttribute('disabled')).toBe(false));
    await userEvent.click(pay);

    const form = screen.getByRole('form', { name: 'Card payment' });
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe('Your card was declined.'));
    expect(within(form).getByRole('alert').className).toContain('text-error');
    // The same message also as a toast, outside the form.
    expect(screen.getAllByText('Your card was declined.').length).toBe(2);
    expect(bodiesSentTo('/payment')).toHaveLength(0);
    expect(screen.getByRole('button', { name: /Pay \$120\.00/ }).hasAttribute('disabled')).toBe(false);
    expect(screen.getByText('Awaiting payment')).toBeInTheDocument();
  });

  it("clears a declined card's error as soon as the card is corrected (typed or a test card chosen)", async () => {
    const { render } = renderPage({ 'POST /payments/test-mode/confirm': declined });
    render();
    await fillCard('4000000000000002');
    const pay = screen.getByRole('button', { name: /Pay \$120\.00/ });
    await waitFor(() => expect(pay.hasAttribute('disabled')).toBe(false));
    const form = screen.getByRole('form', { name: 'Card payment' });
    const errorLine = () => within(form).getByRole('alert').textContent;

    await userEvent.click(pay);
    await waitFor(() => expect(errorLine()).toBe('Your card was declined.'));
    await userEvent.type(screen.getByLabelText('Card number'), '{Backspace}');
    expect(errorLine()).toBe('');

    await userEvent.click(pay);
    await waitFor(() => expect(errorLine()).toBe('Your card was declined.'));
    await userEvent.click(screen.getByRole('button', { name: /Use test card 4242/ }));
    expect(errorLine()).toBe('');
  });

  it('disables Pay and says Processing… while the payment is on its way', async () => {
    const confirmGate = gate();
    const { render } = renderPage({
      'POST /payments/test-mode/confirm': async () => {
        await confirmGate.opened;
        return { status: 'succeeded', transactionId: 'pi_test_1' };
      },
      'POST /payment': { insertedId: 'pay-1' },
    });
    render();

    await fillCard('4242424242424242');
    const pay = screen.getByRole('button', { name: /Pay \$120\.00/ });
    await waitFor(() => expect(pay.hasAttribute('disabled')).toBe(false));
    await userEvent.click(pay);

    const processing = await screen.findByRole('button', { name: /Processing…/ });
    expect(processing.hasAttribute('disabled')).toBe(true);
    await userEvent.click(processing);
    confirmGate.open();
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
  });

  it('checks the card fields before sending anything', async () => {
    const { render } = renderPage({});
    render();
    await screen.findByLabelText('Card number');
    const pay = screen.getByRole('button', { name: /Pay \$120\.00/ });
    await waitFor(() => expect(pay.hasAttribute('disabled')).toBe(false));
    await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '13');
    await userEvent.click(pay);

    expect(await screen.findByText('Enter your card number')).toBeInTheDocument();
    expect(screen.getByText('Enter the expiry as MM/YY')).toBeInTheDocument();
    expect(screen.getByText('Enter the security code')).toBeInTheDocument();
    expect(bodiesSentTo('/payments/test-mode/confirm')).toHaveLength(0);
  });

  it('shows an already paid booking as paid, with its transaction id and date, and no form', async () => {
    const { render } = renderPage({
      'GET /testdrivebooking/:id': aBooking({
        isPaid: true,
        payment: { transactionId: 'pi_test_old', paidAt: '2031-02-20T12:00:00.000Z', refund: null },
      }),
    });
    render();

    expect(await screen.findByRole('heading', { name: 'This test drive is paid' })).toBeInTheDocument();
    expect(screen.getByText('pi_test_old')).toBeInTheDocument();
    const receipt = screen.getByRole('region', { name: 'This test drive is paid' });
    expect(within(receipt).getByText(/Feb.*20.*2031/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(bodiesSentTo('/create-payment-intent')).toHaveLength(0);
  });

  it("shows the 404 page for a booking that is not the buyer's (or does not exist)", async () => {
    renderPage({
      'GET /testdrivebooking/:id': apiError(404, 'not_found', 'The booking was not found.'),
    }).render();

    expect(await screen.findByText('404 error')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
  });

  it('explains when the car is no longer available, asks the booking again once and the intent no more', async () => {
    renderPage({
      // However long the server takes: a quick answer hid a loop that asked for the intent for ever.
      'POST /create-payment-intent': async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return apiError(409, 'conflict', 'This car is no longer available.');
      },
    }).render();

    await screen.findByText('This car is no longer available.');
    await waitFor(() =>
      expect(requests().filter((r) => r.path === `/testdrivebooking/${BOOKING_ID}`)).toHaveLength(2),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.getByText('This car is no longer available.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
    expect(bodiesSentTo('/create-payment-intent')).toHaveLength(1);
  });
});
