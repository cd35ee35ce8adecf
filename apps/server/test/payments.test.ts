/** Payments with the built-in test-mode provider (the default): the whole journey and its attacks. */
import { randomUUID } from 'node:crypto';
import type { Booking } from '@redline/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, vi } from 'vitest';
import { bookings, paymentIntentRefunds, paymentIntents, payments } from '../src/db/schema.ts';
import { advertise, createBooking, createCar } from './factories.ts';
import { it as base } from './fixtures.ts';
import { as, errorOf, type TestApp, type TestUser } from './helpers.ts';

const it = base.extend(
  'actors',
  { scope: 'file' },
  {
    seller: { name: 'Sam Seller' },
    buyer: { name: 'Bea Buyer' },
  },
);

const future = { expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' };
const card = (number: string, overrides: Partial<typeof future> = {}) => ({
  number,
  ...future,
  ...overrides,
});

async function newBooking(t: TestApp, seller: TestUser, buyer: TestUser, owner: TestUser = buyer) {
  const car = await createCar(t, seller);
  await advertise(t, car.id);
  return createBooking(t, owner, car, seller);
}

const createIntent = (t: TestApp, user: TestUser | undefined, body: Record<string, unknown>) =>
  as(t, user, { method: 'POST', url: '/api/create-payment-intent', payload: body });
const confirm = (t: TestApp, user: TestUser | undefined, clientSecret: string, c: ReturnType<typeof card>) =>
  as(t, user, { method: 'POST', url: '/api/payments/test-mode/confirm', payload: { clientSecret, card: c } });
const pay = (t: TestApp, user: TestUser | undefined, bookingId: string, transactionId: string) =>
  as(t, user, { method: 'POST', url: '/api/payment', payload: { bookingId, transactionId } });

/** Books, starts the payment and confirms it with a card: what the pay page does. */
async function paidIntent(
  t: TestApp,
  seller: TestUser,
  buyer: TestUser,
  owner: TestUser = buyer,
  number = '4242424242424242',
) {
  const booking = await newBooking(t, seller, buyer, owner);
  const { clientSecret } = (await createIntent(t, owner, { bookingId: booking.id })).json();
  const res = await confirm(t, owner, clientSecret, card(number));
  return { booking, clientSecret, res, transactionId: res.json().transactionId as string };
}

const paymentRows = (t: TestApp, bookingId: string) =>
  t.db.select().from(payments).where(eq(payments.bookingId, bookingId));
const isPaid = async (t: TestApp, bookingId: string) =>
  (await t.db.query.bookings.findFirst({ where: eq(bookings.id, bookingId) }))?.isPaid;

describe('POST /api/create-payment-intent', () => {
  it('requires a signed-in buyer', async ({ t, seller, buyer, admin }) => {
    const booking = await newBooking(t, seller, buyer);
    expect((await createIntent(t, undefined, { bookingId: booking.id })).statusCode).toBe(401);
    expect((await createIntent(t, seller, { bookingId: booking.id })).statusCode).toBe(403);
    expect((await createIntent(t, admin, { bookingId: booking.id })).statusCode).toBe(403);
  });

  it('fixes the amount on the server: a price in the body is ignored', async ({ t, seller, buyer }) => {
    const booking = await newBooking(t, seller, buyer);
    const res = await createIntent(t, buyer, { bookingId: booking.id, price: 1 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      clientSecret: expect.stringMatching(/^pi_test_\w+_secret_\w+$/),
      provider: 'test',
    });
    const intent = await t.db.query.paymentIntents.findFirst({
      where: eq(paymentIntents.clientSecret, body.clientSecret),
    });
    expect(intent).toMatchObject({
      amount: 12_000,
      currency: 'usd',
      status: 'requires_payment_method',
      metadata: { bookingId: booking.id, buyerId: buyer.id },
      idempotencyKey: `booking-${booking.id}`,
    });
  });

  it('gives one intent per booking', async ({ t, seller, buyer }) => {
    const booking = await newBooking(t, seller, buyer);
    const first = (await createIntent(t, buyer, { bookingId: booking.id })).json();
    const second = (await createIntent(t, buyer, { bookingId: booking.id })).json();
    expect(second.clientSecret).toBe(first.clientSecret);
    const rows = await t.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.idempotencyKey, `booking-${booking.id}`));
    expect(rows).toHaveLength(1);
  });

  it("answers 404 for another buyer's booking and creates no intent", async ({
    t,
    seller,
    buyer,
    otherBuyer,
  }) => {
    const booking = await newBooking(t, seller, buyer, otherBuyer);
    const res = await createIntent(t, buyer, { bookingId: booking.id });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).message).toBe('The booking was not found.');
    const rows = await t.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.idempotencyKey, `booking-${booking.id}`));
    expect(rows).toHaveLength(0);
  });

  it('answers 404 for a cancelled (deleted) booking', async ({ t, seller, buyer }) => {
    const booking = await newBooking(t, seller, buyer);
    await t.db.delete(bookings).where(eq(bookings.id, booking.id));
    expect((await createIntent(t, buyer, { bookingId: booking.id })).statusCode).toBe(404);
  });

  it('refuses an already paid booking', async ({ t, seller, buyer }) => {
    const { booking, transactionId } = await paidIntent(t, seller, buyer);
    expect((await pay(t, buyer, booking.id, transactionId)).statusCode).toBe(201);
    const res = await createIntent(t, buyer, { bookingId: booking.id });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe('This booking is already paid.');
  });

  it('refuses a booking whose car no longer exists', async ({ t, seller, buyer }) => {
    const booking = await newBooking(t, seller, buyer);
    await t.db.update(bookings).set({ carId: null }).where(eq(bookings.id, booking.id));
    const res = await createIntent(t, buyer, { bookingId: booking.id });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe('This car is no longer available.');
  });

  it('rejects a malformed booking id with a field message', async ({ t, buyer }) => {
    const res = await createIntent(t, buyer, { bookingId: 'not-an-id' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({ bookingId: 'Choose a booking' });
  });
});

describe('POST /api/payments/test-mode/confirm', () => {
  it('requires a signed-in buyer', async ({ t, seller, buyer }) => {
    const booking = await newBooking(t, seller, buyer);
    const { clientSecret } = (await createIntent(t, buyer, { bookingId: booking.id })).json();
    expect((await confirm(t, undefined, clientSecret, card('4242424242424242'))).statusCode).toBe(401);
    expect((await confirm(t, seller, clientSecret, card('4242424242424242'))).statusCode).toBe(403);
  });

  it("answers 404 for another buyer's intent and leaves it unconfirmed", async ({
    t,
    seller,
    buyer,
    otherBuyer,
  }) => {
    const booking = await newBooking(t, seller, buyer);
    const { clientSecret } = (await createIntent(t, buyer, { bookingId: booking.id })).json();
    const res = await confirm(t, otherBuyer, clientSecret, card('4242424242424242'));
    expect(res.statusCode).toBe(404);
    const intent = await t.db.query.paymentIntents.findFirst({
      where: eq(paymentIntents.clientSecret, clientSecret),
    });
    expect(intent?.status).toBe('requires_payment_method');
  });

  it('answers 404 for an unknown client secret', async ({ t, buyer }) => {
    expect((await confirm(t, buyer, 'pi_test_nope_secret_nope', card('4242424242424242'))).statusCode).toBe(
      404,
    );
  });

  it('succeeds with 4242 4242 4242 4242 (spaces allowed) and gives the transaction id', async ({
    t,
    seller,
    buyer,
  }) => {
    const booking = await newBooking(t, seller, buyer);
    const { clientSecret } = (await createIntent(t, buyer, { bookingId: booking.id })).json();
    const res = await confirm(t, buyer, clientSecret, card('4242 4242 4242 4242'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'succeeded', transactionId: clientSecret.split('_secret_')[0] });
    const intent = await t.db.query.paymentIntents.findFirst({
      where: eq(paymentIntents.clientSecret, clientSecret),
    });
    expect(intent).toMatchObject({ status: 'succeeded', lastError: null });
  });

  const failures: [string, ReturnType<typeof card>, string, string][] = [
    ['a declined card', card('4000000000000002'), 'card_declined', 'Your card was declined.'],
    [
      'insufficient funds',
      card('4000000000009995'),
      'insufficient_funds',
      'Your card has insufficient funds.',
    ],
    [
      'a valid card that is not a test card',
      card('4111111111111111'),
      'test_card_required',
      'Use a Stripe test card such as 4242 4242 4242 4242.',
    ],
    [
      'a number failing the Luhn check',
      card('4242424242424241'),
      'invalid_number',
      'Your card number is invalid.',
    ],
    ['a number with letters', card('4242abcd42424242'), 'invalid_number', 'Your card number is invalid.'],
    [
      'an expired card',
      card('4242424242424242', { expMonth: 1, expYear: new Date().getFullYear() - 1 }),
      'expired_card',
      'Your card has expired.',
    ],
    [
      'a two-digit CVC',
      card('4242424242424242', { cvc: '12' }),
      'invalid_cvc',
      "Your card's security code is invalid.",
    ],
    [
      'a CVC with letters',
      card('4242424242424242', { cvc: '12a' }),
      'invalid_cvc',
      "Your card's security code is invalid.",
    ],
  ];
  for (const [name, badCard, code, message] of failures) {
    it(`refuses ${name} with 402 "${message}" and the intent stays unpaid`, async ({ t, seller, buyer }) => {
      const booking = await newBooking(t, seller, buyer);
      const { clientSecret } = (await createIntent(t, buyer, { bookingId: booking.id })).json();
      const res = await confirm(t, buyer, clientSecret, badCard);
      expect(res.statusCode).toBe(402);
      expect(errorOf(res)).toMatchObject({ code, message });
      // The card number and CVC are never echoed back.
      expect(res.body).not.toContain(badCard.number);
      const intent = await t.db.query.paymentIntents.findFirst({
        where: eq(paymentIntents.clientSecret, clientSecret),
      });
      expect(intent).toMatchObject({ status: 'requires_payment_method', lastError: message });
    });
  }

  it('accepts a card expiring this month and a two-digit year', async ({ t, seller, buyer }) => {
    const now = new Date();
    const booking = await newBooking(t, seller, buyer);
    const { clientSecret } = (await createIntent(t, buyer, { bookingId: booking.id })).json();
    const res = await confirm(
      t,
      buyer,
      clientSecret,
      card('4242424242424242', { expMonth: now.getUTCMonth() + 1, expYear: now.getUTCFullYear() % 100 }),
    );
    expect(res.statusCode).toBe(200);
  });

  it('lets the buyer retry with another card after a decline', async ({ t, seller, buyer }) => {
    const booking = await newBooking(t, seller, buyer);
    const { clientSecret } = (await createIntent(t, buyer, { bookingId: booking.id })).json();
    expect((await confirm(t, buyer, clientSecret, card('4000000000000002'))).statusCode).toBe(402);
    expect((await confirm(t, buyer, clientSecret, card('4242424242424242'))).statusCode).toBe(200);
  });

  it('never charges a succeeded intent again', async ({ t, seller, buyer }) => {
    const { clientSecret, transactionId } = await paidIntent(t, seller, buyer);
    const again = await confirm(t, buyer, clientSecret, card('4000000000000002'));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: 'succeeded', transactionId });
  });

  it('rejects a month outside 1–12 with a field message', async ({ t, seller, buyer }) => {
    const booking = await newBooking(t, seller, buyer);
    const { clientSecret } = (await createIntent(t, buyer, { bookingId: booking.id })).json();
    const res = await confirm(t, buyer, clientSecret, card('4242424242424242', { expMonth: 13 }));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({ 'card.expMonth': 'Enter a month from 1 to 12' });
  });
});

describe('POST /api/payment', () => {
  it('requires a signed-in buyer', async ({ t, seller, buyer, admin }) => {
    const { booking, transactionId } = await paidIntent(t, seller, buyer);
    expect((await pay(t, undefined, booking.id, transactionId)).statusCode).toBe(401);
    expect((await pay(t, seller, booking.id, transactionId)).statusCode).toBe(403);
    expect((await pay(t, admin, booking.id, transactionId)).statusCode).toBe(403);
    expect(await paymentRows(t, booking.id)).toHaveLength(0);
  });

  it('records a succeeded payment and marks the booking paid', async ({ t, seller, buyer }) => {
    const { booking, transactionId } = await paidIntent(t, seller, buyer);
    const res = await pay(t, buyer, booking.id, transactionId);
    expect(res.statusCode).toBe(201);
    const { insertedId } = res.json();
    const rows = await paymentRows(t, booking.id);
    expect(rows).toEqual([
      expect.objectContaining({
        id: insertedId,
        bookingId: booking.id,
        price: 12_000,
        currency: 'usd',
        transactionId,
        provider: 'test',
        sellerEmail: seller.email,
        carName: booking.carName,
        paidBy: buyer.email,
      }),
    ]);
    expect(await isPaid(t, booking.id)).toBe(true);
  });

  it('answers a repeated call with the same payment', async ({ t, seller, buyer }) => {
    const { booking, transactionId } = await paidIntent(t, seller, buyer);
    const first = await pay(t, buyer, booking.id, transactionId);
    const second = await pay(t, buyer, booking.id, transactionId);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await paymentRows(t, booking.id)).toHaveLength(1);
  });

  it('leaves exactly one payment row after 20 concurrent calls', async ({ t, seller, buyer }) => {
    const { booking, transactionId } = await paidIntent(t, seller, buyer);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => pay(t, buyer, booking.id, transactionId)),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(19);
    expect(new Set(results.map((r) => r.json().insertedId)).size).toBe(1);
    expect(await paymentRows(t, booking.id)).toHaveLength(1);
  });

  it('refuses a payment that has not succeeded (402) and changes nothing', async ({ t, seller, buyer }) => {
    const { booking, transactionId, res } = await paidIntent(t, seller, buyer, buyer, '4000000000000002');
    expect(res.statusCode).toBe(402);
    const intentId = (await t.db.query.paymentIntents.findFirst({
      where: eq(paymentIntents.idempotencyKey, `booking-${booking.id}`),
    }))!.id;
    expect(transactionId).toBeUndefined();
    const payRes = await pay(t, buyer, booking.id, intentId);
    expect(payRes.statusCode).toBe(402);
    expect(errorOf(payRes)).toMatchObject({
      code: 'payment_not_succeeded',
      message: 'The payment has not succeeded.',
    });
    expect(await paymentRows(t, booking.id)).toHaveLength(0);
    expect(await isPaid(t, booking.id)).toBe(false);
  });

  it('refuses a client that only claims a transaction id', async ({ t, seller, buyer }) => {
    const booking = await newBooking(t, seller, buyer);
    const res = await pay(t, buyer, booking.id, 'pi_test_made_up');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe('This transaction was not found.');
    expect(await isPaid(t, booking.id)).toBe(false);
  });

  it("answers 404 when paying another buyer's booking, and changes nothing", async ({
    t,
    seller,
    buyer,
    otherBuyer,
  }) => {
    const theirs = await paidIntent(t, seller, buyer, otherBuyer);
    const res = await pay(t, buyer, theirs.booking.id, theirs.transactionId);
    expect(res.statusCode).toBe(404);
    expect(await paymentRows(t, theirs.booking.id)).toHaveLength(0);
    expect(await isPaid(t, theirs.booking.id)).toBe(false);
  });

  it('refuses the transaction id of another booking, and changes nothing', async ({ t, seller, buyer }) => {
    const paid = await paidIntent(t, seller, buyer);
    const unpaid = await newBooking(t, seller, buyer);
    const res = await pay(t, buyer, unpaid.id, paid.transactionId);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe('This transaction belongs to another booking.');
    expect(await paymentRows(t, unpaid.id)).toHaveLength(0);
    expect(await paymentRows(t, paid.booking.id)).toHaveLength(0);
    expect(await isPaid(t, unpaid.id)).toBe(false);
  });

  it("refuses another buyer's transaction id on one's own booking", async ({
    t,
    seller,
    buyer,
    otherBuyer,
  }) => {
    const theirs = await paidIntent(t, seller, buyer, otherBuyer);
    const mine = await newBooking(t, seller, buyer);
    const res = await pay(t, buyer, mine.id, theirs.transactionId);
    expect(res.statusCode).toBe(400);
    expect(await paymentRows(t, mine.id)).toHaveLength(0);
  });

  it('answers 404 for a booking cancelled after paying, and records nothing', async ({
    t,
    seller,
    buyer,
  }) => {
    const { booking, transactionId } = await paidIntent(t, seller, buyer);
    await t.db.delete(bookings).where(eq(bookings.id, booking.id));
    const res = await pay(t, buyer, booking.id, transactionId);
    expect(res.statusCode).toBe(404);
    expect(await t.db.select().from(payments).where(eq(payments.transactionId, transactionId))).toHaveLength(
      0,
    );
  });

  it('refuses a second transaction for an already paid booking', async ({ t, seller, buyer }) => {
    const { booking, transactionId } = await paidIntent(t, seller, buyer);
    expect((await pay(t, buyer, booking.id, transactionId)).statusCode).toBe(201);
    // A second succeeded intent for the same booking, as if made through another channel.
    const secondId = `pi_test_${randomUUID().replaceAll('-', '')}`;
    await t.db.insert(paymentIntents).values({
      id: secondId,
      clientSecret: `${secondId}_secret_x`,
      amount: 12_000,
      currency: 'usd',
      status: 'succeeded',
      metadata: { bookingId: booking.id, buyerId: buyer.id },
    });
    const res = await pay(t, buyer, booking.id, secondId);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe('This booking is already paid.');
    expect(await paymentRows(t, booking.id)).toEqual([expect.objectContaining({ transactionId })]);
  });

  it('refuses an intent whose amount is not the fee', async ({ t, seller, buyer }) => {
    const booking = await newBooking(t, seller, buyer);
    const id = `pi_test_${randomUUID().replaceAll('-', '')}`;
    await t.db.insert(paymentIntents).values({
      id,
      clientSecret: `${id}_secret_x`,
      amount: 1,
      currency: 'usd',
      status: 'succeeded',
      metadata: { bookingId: booking.id, buyerId: buyer.id },
    });
    const res = await pay(t, buyer, booking.id, id);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe('The payment amount does not match the test-drive fee.');
    expect(await isPaid(t, booking.id)).toBe(false);
  });

  it('rejects a malformed transaction id with a field message', async ({ t, seller, buyer }) => {
    const booking = await newBooking(t, seller, buyer);
    const res = await pay(t, buyer, booking.id, '../../v1/customers');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({ transactionId: 'Enter a valid transaction id' });
  });
});

describe('a booking whose car was sold meanwhile', () => {
  const SOLD = 'This car has been sold: its test drive can no longer be paid.';
  const markSold = async (t: TestApp, seller: TestUser, carId: string | null) => {
    const res = await as(t, seller, { method: 'PATCH', url: `/api/cars/${carId}`, payload: { sold: true } });
    expect(res.statusCode).toBe(200);
  };

  it('gets no payment intent (409)', async ({ t, seller, buyer }) => {
    const booking = await newBooking(t, seller, buyer);
    await markSold(t, seller, booking.carId);
    const res = await createIntent(t, buyer, { bookingId: booking.id });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(SOLD);
  });

  it('is not charged by the test-mode confirmation (409), and the intent stays unpaid', async ({
    t,
    seller,
    buyer,
  }) => {
    const booking = await newBooking(t, seller, buyer);
    const { clientSecret } = (await createIntent(t, buyer, { bookingId: booking.id })).json();
    await markSold(t, seller, booking.carId);
    const res = await confirm(t, buyer, clientSecret, card('4242424242424242'));
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(SOLD);
    const [intent] = await t.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.clientSecret, clientSecret));
    expect(intent?.status).not.toBe('succeeded');
  });

  it('records a payment confirmed before the sale and reported after it, and refunds it at once, exactly once', async ({
    t,
    seller,
    buyer,
  }) => {
    const { booking, transactionId } = await paidIntent(t, seller, buyer);
    await markSold(t, seller, booking.carId);
    const res = await pay(t, buyer, booking.id, transactionId);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(
      'This booking was called off before your payment arrived: the payment is being refunded to your card.',
    );
    const [payment] = await paymentRows(t, booking.id);
    expect(payment).toMatchObject({ transactionId });
    // Reported again (the webhook, another tab): the same payment, no second refund.
    expect((await pay(t, buyer, booking.id, transactionId)).statusCode).toBe(200);
    const refunded = await vi.waitFor(
      async () => {
        const read = await as(t, buyer, { method: 'GET', url: `/api/testdrivebooking/${booking.id}` });
        const { payment: paid } = read.json() as Booking;
        if (paid?.refund?.status !== 'succeeded') throw new Error('not refunded yet');
        return read.json() as Booking;
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(refunded).toMatchObject({
      status: 'cancelled',
      cancelReason: 'car-sold',
      payment: { transactionId, refund: { amount: 12_000, reason: 'late-payment', status: 'succeeded' } },
    });
    const given = await t.db
      .select()
      .from(paymentIntentRefunds)
      .where(eq(paymentIntentRefunds.intentId, transactionId));
    expect(given).toEqual([expect.objectContaining({ amount: 12_000 })]);
  });
});

describe('GET /api/payments', () => {
  it('is for admins only', async ({ t, seller, buyer }) => {
    expect((await as(t, undefined, { method: 'GET', url: '/api/payments' })).statusCode).toBe(401);
    expect((await as(t, buyer, { method: 'GET', url: '/api/payments' })).statusCode).toBe(403);
    expect((await as(t, seller, { method: 'GET', url: '/api/payments' })).statusCode).toBe(403);
  });

  it('lists payments newest first, page by page', async ({ t, seller, buyer, otherBuyer, admin }) => {
    const a = await paidIntent(t, seller, buyer);
    await pay(t, buyer, a.booking.id, a.transactionId);
    const b = await paidIntent(t, seller, buyer, otherBuyer);
    await pay(t, otherBuyer, b.booking.id, b.transactionId);

    const first = await as(t, admin, { method: 'GET', url: '/api/payments?limit=1' });
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.items).toEqual([
      {
        id: expect.any(String),
        kind: 'test-drive',
        bookingId: b.booking.id,
        offerId: null,
        paidBy: otherBuyer.email,
        productBy: seller.email,
        product: b.booking.carName,
        price: 12_000,
        currency: 'usd',
        transactionId: b.transactionId,
        provider: 'test',
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        refund: null,
      },
    ]);
    expect(page1.nextCursor).toEqual(expect.any(String));

    const second = await as(t, admin, {
      method: 'GET',
      url: `/api/payments?limit=1&cursor=${page1.nextCursor}`,
    });
    expect(second.json().items[0].bookingId).toBe(a.booking.id);
  });

  it('rejects a forged cursor with 400', async ({ t, admin }) => {
    const cursor = Buffer.from(JSON.stringify([new Date().toISOString(), 'x'])).toString('base64url');
    const res = await as(t, admin, { method: 'GET', url: `/api/payments?cursor=${cursor}` });
    expect(res.statusCode).toBe(400);
  });
});

describe('test mode only', () => {
  it('has no Stripe webhook', async ({ t }) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: {} });
    expect(res.statusCode).toBe(404);
  });
});
