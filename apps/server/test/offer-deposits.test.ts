/**
 * The holding deposit (issue 48): the buyer of an accepted offer pays it once, through the test
 * drives' payment path; it is refunded exactly once when the reservation ends without the car sold
 * to them (released, lapsed, the car sold to someone else or removed), and kept when the buyer
 * confirmed the purchase and the seller marked the car sold. Concurrent ends and payments included.
 */
import { HOLDING_DEPOSIT_CENTS, type Offer, type Payment } from '@redline/shared';
import { eq } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { describe, expect } from 'vitest';
import { cars, offers, payments, refunds } from '../src/db/schema.ts';
import { lapseReservationJob } from '../src/modules/offers/offers.service.ts';
import { refundJob } from '../src/modules/payments/index.ts';
import { createCar, createOffer, depositIntent } from './factories.ts';
import { it as base } from './fixtures.ts';
import { as, errorOf, type TestApp, type TestUser } from './helpers.ts';

// The queue's clock stands still: the refund and lapse jobs run when a test runs them.
const it = base.extend('appOptions', { scope: 'file' }, { clock: new TestClock(Date.now()) });

const card = { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' };

const createIntent = (t: TestApp, user: TestUser, body: object) =>
  as(t, user, { method: 'POST', url: '/api/create-payment-intent', payload: body });
const pay = (t: TestApp, user: TestUser, offerId: string, transactionId: string) =>
  as(t, user, { method: 'POST', url: '/api/payment', payload: { offerId, transactionId } });
const read = async (t: TestApp, user: TestUser, id: string) =>
  (await as(t, user, { method: 'GET', url: `/api/offers/${id}` })).json() as Offer;
const release = (t: TestApp, seller: TestUser, id: string) =>
  as(t, seller, { method: 'POST', url: `/api/offers/${id}/release` });
const confirmPurchase = (t: TestApp, buyer: TestUser, id: string) =>
  as(t, buyer, { method: 'POST', url: `/api/offers/${id}/confirm` });
const markSold = (t: TestApp, seller: TestUser, carId: string) =>
  as(t, seller, { method: 'PATCH', url: `/api/cars/${carId}`, payload: { sold: true } });
const deleteCar = (t: TestApp, seller: TestUser, carId: string) =>
  as(t, seller, { method: 'DELETE', url: `/api/cars/${carId}` });

/** A car reserved for the buyer by their accepted offer, as the seller's acceptance leaves it. */
async function reservation(t: TestApp, seller: TestUser, buyer: TestUser) {
  const car = await createCar(t, seller);
  const made = await createOffer(t, buyer, car, seller);
  const accepted = await as(t, seller, {
    method: 'POST',
    url: `/api/offers/${made.id}/answer`,
    payload: { action: 'accept' },
  });
  expect(accepted.statusCode).toBe(200);
  const [offer] = await t.db.select().from(offers).where(eq(offers.id, made.id));
  return { car, offer: offer! };
}

/** The reservation with its deposit paid and recorded. */
async function paidReservation(t: TestApp, seller: TestUser, buyer: TestUser) {
  const reserved = await reservation(t, seller, buyer);
  const res = await pay(t, buyer, reserved.offer.id, await depositIntent(t, reserved.offer));
  expect(res.statusCode).toBe(201);
  return reserved;
}

const paymentsOf = (t: TestApp, offerId: string) =>
  t.db.select().from(payments).where(eq(payments.offerId, offerId));

async function refundsOf(t: TestApp, offerId: string) {
  const rows = await t.db
    .select({ id: refunds.id, reason: refunds.reason, amount: refunds.amount, status: refunds.status })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(payments.offerId, offerId));
  return rows;
}

describe('paying the holding deposit', () => {
  it('takes the deposit once through the test mode: recorded, shown on the offer and in the ledger, told to the seller', async ({
    t,
    seller,
    buyer,
    admin,
  }) => {
    const { offer } = await reservation(t, seller, buyer);
    const intent = await createIntent(t, buyer, { offerId: offer.id, price: 1 });
    expect(intent.statusCode).toBe(200);
    const confirmed = await as(t, buyer, {
      method: 'POST',
      url: '/api/payments/test-mode/confirm',
      payload: { clientSecret: intent.json().clientSecret, card },
    });
    expect(confirmed.statusCode).toBe(200);
    const { transactionId } = confirmed.json();

    const first = await pay(t, buyer, offer.id, transactionId);
    expect(first.statusCode).toBe(201);
    // The browser's report repeated (or the webhook after it) finds the same payment.
    const again = await pay(t, buyer, offer.id, transactionId);
    expect(again.statusCode).toBe(200);
    expect(again.json().insertedId).toBe(first.json().insertedId);
    expect(await paymentsOf(t, offer.id)).toMatchObject([{ price: HOLDING_DEPOSIT_CENTS, bookingId: null }]);

    expect((await read(t, buyer, offer.id)).deposit).toMatchObject({
      amount: HOLDING_DEPOSIT_CENTS,
      refund: null,
    });
    expect((await read(t, seller, offer.id)).deposit).toMatchObject({ amount: HOLDING_DEPOSIT_CENTS });
    const ledger = (await as(t, admin, { method: 'GET', url: '/api/payments' })).json();
    expect(ledger.items.find((p: Payment) => p.id === first.json().insertedId)).toMatchObject({
      kind: 'deposit',
      offerId: offer.id,
      bookingId: null,
      price: HOLDING_DEPOSIT_CENTS,
    });
    const notices = await as(t, seller, { method: 'GET', url: '/api/notifications' });
    expect(notices.json().items.map((n: { body: string }) => n.body)).toContain(
      `${buyer.name} paid the $500 holding deposit on your 2020 Ferrari F8 Tributo, reserved for them at $225,000.`,
    );
    // A second intent for a paid deposit is refused.
    expect((await createIntent(t, buyer, { offerId: offer.id })).statusCode).toBe(409);
  });

  it('refuses an offer not accepted, one ended, another buyer, and a body naming both a booking and an offer', async ({
    t,
    seller,
    buyer,
    otherBuyer,
  }) => {
    const open = await createOffer(t, buyer, await createCar(t, seller), seller);
    const refused = await createIntent(t, buyer, { offerId: open.id });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(
      'This offer has not been accepted: a deposit holds a car reserved for you.',
    );

    const { offer } = await reservation(t, seller, buyer);
    expect((await createIntent(t, otherBuyer, { offerId: offer.id })).statusCode).toBe(404);
    expect((await createIntent(t, seller, { offerId: offer.id })).statusCode).toBe(403);
    const both = await createIntent(t, buyer, { offerId: offer.id, bookingId: offer.id });
    expect(both.statusCode).toBe(400);

    expect((await release(t, seller, offer.id)).statusCode).toBe(200);
    const ended = await createIntent(t, buyer, { offerId: offer.id });
    expect(ended.statusCode).toBe(409);
    expect(errorOf(ended).message).toBe(
      'This car is no longer reserved for you: the deposit can no longer be paid.',
    );
    expect(await paymentsOf(t, offer.id)).toEqual([]);
  });

  it('a deposit that arrives after the reservation ended is recorded and refunded at once', async ({
    t,
    seller,
    buyer,
  }) => {
    const { offer } = await reservation(t, seller, buyer);
    const transactionId = await depositIntent(t, offer);
    expect((await release(t, seller, offer.id)).statusCode).toBe(200);
    const late = await pay(t, buyer, offer.id, transactionId);
    expect(late.statusCode).toBe(409);
    expect(await refundsOf(t, offer.id)).toMatchObject([
      { reason: 'late-payment', amount: HOLDING_DEPOSIT_CENTS },
    ]);
  });

  it('two reports of the payment at once record it once', async ({ t, seller, buyer }) => {
    for (let round = 0; round < 3; round += 1) {
      const { offer } = await reservation(t, seller, buyer);
      const transactionId = await depositIntent(t, offer);
      const other = await depositIntent(t, offer);
      const answers = await Promise.all([
        pay(t, buyer, offer.id, transactionId),
        pay(t, buyer, offer.id, transactionId),
        pay(t, buyer, offer.id, other),
      ]);
      expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(1);
      expect(await paymentsOf(t, offer.id)).toHaveLength(1);
    }
  });
});

describe('the deposit when the reservation ends', () => {
  it('released by the seller: refunded once, the refund made by the job and told to the buyer', async ({
    t,
    seller,
    buyer,
  }) => {
    const { offer } = await paidReservation(t, seller, buyer);
    expect((await release(t, seller, offer.id)).statusCode).toBe(200);
    const [refund] = await refundsOf(t, offer.id);
    expect(refund).toMatchObject({ reason: 'released', amount: HOLDING_DEPOSIT_CENTS, status: 'pending' });
    expect((await read(t, buyer, offer.id)).deposit).toMatchObject({ refund: 'pending' });
    await refundJob(t.context).run({ refundId: refund!.id }, t.app.log);
    await refundJob(t.context).run({ refundId: refund!.id }, t.app.log);
    expect(await refundsOf(t, offer.id)).toMatchObject([{ status: 'succeeded' }]);
    expect((await read(t, buyer, offer.id)).deposit).toMatchObject({ refund: 'succeeded' });
    const notices = await as(t, buyer, { method: 'GET', url: '/api/notifications' });
    expect(notices.json().items.map((n: { body: string }) => n.body)).toContain(
      'Your $500.00 holding deposit for the 2020 Ferrari F8 Tributo has been refunded to your card. It can take 5 to 10 days to show on your statement.',
    );
  });

  it('sold to the buyer who confirmed the purchase: the seller keeps it', async ({ t, seller, buyer }) => {
    const { car, offer } = await paidReservation(t, seller, buyer);
    const confirmed = await confirmPurchase(t, buyer, offer.id);
    expect(confirmed.json()).toMatchObject({ status: 'accepted', reservedUntil: null });
    expect(confirmed.json().purchaseConfirmedAt).not.toBeNull();
    expect((await confirmPurchase(t, buyer, offer.id)).statusCode).toBe(409);
    expect((await markSold(t, seller, car.id)).statusCode).toBe(200);
    expect(await read(t, buyer, offer.id)).toMatchObject({ status: 'sold', deposit: { refund: null } });
    expect(await refundsOf(t, offer.id)).toEqual([]);
  });

  it('sold without the purchase confirmed (to someone else): the offer closed and the deposit refunded', async ({
    t,
    seller,
    buyer,
  }) => {
    const { car, offer } = await paidReservation(t, seller, buyer);
    expect((await markSold(t, seller, car.id)).statusCode).toBe(200);
    expect(await read(t, buyer, offer.id)).toMatchObject({ status: 'closed' });
    expect(await refundsOf(t, offer.id)).toMatchObject([{ reason: 'car-sold' }]);
  });

  it('the car deleted: refunded', async ({ t, seller, buyer }) => {
    const { car, offer } = await paidReservation(t, seller, buyer);
    expect((await deleteCar(t, seller, car.id)).statusCode).toBe(200);
    expect(await refundsOf(t, offer.id)).toMatchObject([{ reason: 'car-removed' }]);
  });

  it('lapsed unconfirmed by the job: the car is for sale again and the deposit refunded; a confirmed one does not lapse', async ({
    t,
    seller,
    buyer,
  }) => {
    const { car, offer } = await paidReservation(t, seller, buyer);
    const reservedUntil = offer.reservedUntil!.toISOString();
    const lapse = lapseReservationJob(t.context);
    expect(await lapse.run({ offerId: offer.id, reservedUntil }, t.app.log)).toEqual({ lapsed: true });
    expect(await lapse.run({ offerId: offer.id, reservedUntil }, t.app.log)).toEqual({ lapsed: false });
    expect(await read(t, buyer, offer.id)).toMatchObject({ status: 'lapsed', reservedUntil: null });
    const [row] = await t.db.select({ reservedAt: cars.reservedAt }).from(cars).where(eq(cars.id, car.id));
    expect(row?.reservedAt).toBeNull();
    expect(await refundsOf(t, offer.id)).toMatchObject([{ reason: 'lapsed' }]);

    const kept = await paidReservation(t, seller, buyer);
    expect((await confirmPurchase(t, buyer, kept.offer.id)).statusCode).toBe(200);
    const until = kept.offer.reservedUntil!.toISOString();
    expect(await lapse.run({ offerId: kept.offer.id, reservedUntil: until }, t.app.log)).toEqual({
      lapsed: false,
    });
    expect(await read(t, buyer, kept.offer.id)).toMatchObject({ status: 'accepted' });
  });

  it('released and sold, or released and deleted, at the same moment: one end, one refund', async ({
    t,
    seller,
    buyer,
  }) => {
    for (const other of [markSold, deleteCar]) {
      for (let round = 0; round < 3; round += 1) {
        const { car, offer } = await paidReservation(t, seller, buyer);
        const answers = await Promise.all([release(t, seller, offer.id), other(t, seller, car.id)]);
        expect(answers[1]!.statusCode).toBe(200);
        expect([200, 409]).toContain(answers[0]!.statusCode);
        const refundRows = await refundsOf(t, offer.id);
        expect(refundRows).toHaveLength(1);
        // Whichever came first says why.
        const reason =
          answers[0]!.statusCode === 200 ? 'released' : other === markSold ? 'car-sold' : 'car-removed';
        expect(refundRows[0]!.reason).toBe(reason);
      }
    }
  });
});
