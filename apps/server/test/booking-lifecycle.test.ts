/**
 * The booking lifecycle (issue 20): the seller accepts, declines or proposes another time, which
 * the buyer takes; a car sold or removed cancels its test drives still ahead; a paid booking called
 * off is refunded through the provider exactly once, however many changes ask at the same time; an
 * admin refunds any payment.
 */
import { type Booking, localDateString, type Refund } from '@redline/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, vi } from 'vitest';
import {
  bookings,
  notifications,
  paymentIntentRefunds,
  payments,
  refunds,
  reportedCars,
} from '../src/db/schema.ts';
import { refundJob } from '../src/modules/payments/index.ts';
import { createBooking, createCar, recordPayment, succeededIntent } from './factories.ts';
import { it } from './fixtures.ts';
import { as, errorOf, runJob, type TestApp, type TestUser } from './helpers.ts';

function inDays(days: number) {
  const now = new Date();
  return localDateString(new Date(now.getFullYear(), now.getMonth(), now.getDate() + days));
}

/** A booking of a new car of the seller's, a week ahead at 10:00; paid when asked. */
async function aBooking(
  t: TestApp,
  seller: TestUser,
  buyer: TestUser,
  options: { paid?: boolean; days?: number } = {},
) {
  const car = await createCar(t, seller);
  const booking = await createBooking(t, buyer, car, seller, { requestedDate: inDays(options.days ?? 7) });
  const payment = options.paid ? await recordPayment(t, booking) : undefined;
  return { car, booking, payment };
}

const step = (t: TestApp, user: TestUser | undefined, id: string, action: string, payload?: object) =>
  as(t, user, { method: 'POST', url: `/api/testdrivebooking/${id}/${action}`, payload });
const read = async (t: TestApp, user: TestUser, id: string) =>
  (await as(t, user, { method: 'GET', url: `/api/testdrivebooking/${id}` })).json() as Booking;
const refundsOf = (t: TestApp, paymentId: string) =>
  t.db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
const providerRefundsOf = (t: TestApp, intentId: string) =>
  t.db.select().from(paymentIntentRefunds).where(eq(paymentIntentRefunds.intentId, intentId));

/** Waits until the job queue has made the booking's refund, and answers the booking as its buyer reads it. */
function refunded(t: TestApp, buyer: TestUser, bookingId: string, user = buyer) {
  return vi.waitFor(
    async () => {
      const booking = await read(t, user, bookingId);
      if (booking.payment?.refund?.status !== 'succeeded') throw new Error('not refunded yet');
      return booking;
    },
    { timeout: 30_000, interval: 100 },
  );
}

describe("the seller's answer", () => {
  it('accepts a request: both people see it accepted; accepting again changes nothing', async ({
    t,
    seller,
    buyer,
  }) => {
    const { booking } = await aBooking(t, seller, buyer);
    const res = await step(t, seller, booking.id, 'accept');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: booking.id, status: 'accepted', proposal: null });
    expect(await read(t, buyer, booking.id)).toMatchObject({ status: 'accepted' });
    const again = await step(t, seller, booking.id, 'accept');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'accepted' });
  });

  it("is the car's seller's alone: the buyer is refused (403), another seller and a stranger told it does not exist (404)", async ({
    t,
    seller,
    otherSeller,
    buyer,
  }) => {
    const { booking } = await aBooking(t, seller, buyer);
    for (const action of ['accept', 'decline']) {
      const byBuyer = await as(t, buyer, {
        method: 'POST',
        url: `/api/testdrivebooking/${booking.id}/${action}`,
      });
      // The route admits sellers only: a buyer is refused before the record is looked at.
      expect(byBuyer.statusCode).toBe(403);
      expect((await step(t, otherSeller, booking.id, action)).statusCode).toBe(404);
      expect((await step(t, undefined, booking.id, action)).statusCode).toBe(401);
    }
    expect(await read(t, buyer, booking.id)).toMatchObject({ status: 'requested' });
  });

  it('declines an unpaid request; a declined booking takes no other answer (409) and no payment', async ({
    t,
    seller,
    buyer,
  }) => {
    const { booking } = await aBooking(t, seller, buyer);
    expect((await step(t, seller, booking.id, 'decline')).json()).toMatchObject({ status: 'declined' });
    expect((await step(t, seller, booking.id, 'decline')).statusCode).toBe(200);
    const accept = await step(t, seller, booking.id, 'accept');
    expect(accept.statusCode).toBe(409);
    expect(errorOf(accept).message).toBe('The seller has declined this test drive.');
    const intent = await as(t, buyer, {
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { bookingId: booking.id },
    });
    expect(intent.statusCode).toBe(409);
    expect(errorOf(intent).message).toBe('This booking is no longer open: it can no longer be paid.');
  });

  it('declines a paid request and refunds its fee through the provider, once', async ({
    t,
    seller,
    buyer,
  }) => {
    const { booking, payment } = await aBooking(t, seller, buyer, { paid: true });
    expect((await step(t, seller, booking.id, 'decline')).json()).toMatchObject({
      status: 'declined',
      payment: { refund: { reason: 'declined', amount: 12_000 } },
    });
    expect(await refunded(t, buyer, booking.id)).toMatchObject({
      status: 'declined',
      payment: { refund: { reason: 'declined', status: 'succeeded', refundedAt: expect.any(String) } },
    });
    expect(await providerRefundsOf(t, payment!.transactionId)).toEqual([
      expect.objectContaining({ amount: 12_000 }),
    ]);
  });

  it('refuses an answer to a test drive whose time has passed (409)', async ({ t, seller, buyer }) => {
    const { booking } = await aBooking(t, seller, buyer, { days: -1 });
    const res = await step(t, seller, booking.id, 'accept');
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe("This test drive's time has passed.");
    expect(await read(t, buyer, booking.id)).toMatchObject({ status: 'expired' });
  });
});

describe('another time', () => {
  it('the seller proposes, the buyer takes it: the booking is accepted at the new time', async ({
    t,
    seller,
    buyer,
  }) => {
    const { booking } = await aBooking(t, seller, buyer);
    const proposal = { date: inDays(9), time: '15:30' };
    const proposed = await step(t, seller, booking.id, 'propose', proposal);
    expect(proposed.statusCode).toBe(200);
    expect(proposed.json()).toMatchObject({ status: 'requested', proposal });
    const taken = await step(t, buyer, booking.id, 'accept-proposal');
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({
      status: 'accepted',
      requestedDate: proposal.date,
      requestedTime: proposal.time,
      proposal: null,
    });
    // Nothing left to take.
    const again = await step(t, buyer, booking.id, 'accept-proposal');
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('The seller has not proposed another time.');
  });

  it('checks the proposed time by the booking rules, and changes nothing when refused', async ({
    t,
    seller,
    buyer,
  }) => {
    const { booking } = await aBooking(t, seller, buyer);
    const past = await step(t, seller, booking.id, 'propose', { date: inDays(-2), time: '10:00' });
    expect(past.statusCode).toBe(400);
    expect(errorOf(past).fields).toMatchObject({ date: 'Choose a date and time in the future' });
    const far = await step(t, seller, booking.id, 'propose', { date: inDays(200), time: '10:00' });
    expect(far.statusCode).toBe(400);
    const same = await step(t, seller, booking.id, 'propose', {
      date: booking.requestedDate,
      time: booking.requestedTime,
    });
    expect(same.statusCode).toBe(400);
    expect(errorOf(same).message).toBe('Propose a day or time other than the one requested.');
    expect((await step(t, seller, booking.id, 'propose', { date: 'soon', time: '25:00' })).statusCode).toBe(
      400,
    );
    expect(await read(t, buyer, booking.id)).toMatchObject({ status: 'requested', proposal: null });
  });

  it("is taken by the booking's buyer alone", async ({ t, seller, buyer, otherBuyer }) => {
    const { booking } = await aBooking(t, seller, buyer);
    await step(t, seller, booking.id, 'propose', { date: inDays(8), time: '09:00' });
    expect((await step(t, otherBuyer, booking.id, 'accept-proposal')).statusCode).toBe(404);
    expect((await step(t, seller, booking.id, 'accept-proposal')).statusCode).toBe(403);
    expect(await read(t, buyer, booking.id)).toMatchObject({
      status: 'requested',
      proposal: { time: '09:00' },
    });
  });
});

describe('a car sold or removed', () => {
  it('cancels its test drives still ahead and refunds the paid ones; past and declined ones stay as they were', async ({
    t,
    seller,
    buyer,
    otherBuyer,
  }) => {
    const car = await createCar(t, seller);
    const open = await createBooking(t, buyer, car, seller, { requestedDate: inDays(5) });
    const paid = await createBooking(t, otherBuyer, car, seller, { requestedDate: inDays(6) });
    const payment = await recordPayment(t, paid);
    const past = await createBooking(t, buyer, car, seller, {
      requestedDate: inDays(-3),
      status: 'accepted',
    });
    const declined = await createBooking(t, buyer, car, seller, {
      requestedDate: inDays(8),
      status: 'declined',
    });
    // What the seller's confirmation says beforehand is what the sale then does.
    const ahead = () => as(t, seller, { method: 'GET', url: `/api/testdrivebooking/car/${car.id}/ahead` });
    expect((await ahead()).json()).toEqual({ count: 2, paid: 1, refundTotal: 12_000 });
    const sold = await as(t, seller, {
      method: 'PATCH',
      url: `/api/cars/${car.id}`,
      payload: { sold: true },
    });
    expect(sold.statusCode).toBe(200);

    expect(await read(t, buyer, open.id)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'car-sold',
      payment: null,
    });
    expect(await refunded(t, buyer, paid.id, otherBuyer)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'car-sold',
      payment: { refund: { reason: 'car-sold', status: 'succeeded' } },
    });
    expect(await read(t, buyer, past.id)).toMatchObject({ status: 'completed', cancelReason: null });
    expect(await read(t, buyer, declined.id)).toMatchObject({ status: 'declined', cancelReason: null });
    expect(await refundsOf(t, payment.id)).toHaveLength(1);
    expect((await ahead()).json()).toEqual({ count: 0, paid: 0, refundTotal: 0 });
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(
      (await as(t, seller, { method: 'GET', url: `/api/testdrivebooking/car/${missing}/ahead` })).statusCode,
    ).toBe(404);
  });

  it('refunds each payment exactly once under a concurrent sale, deletion, decline, admin refund and late payment report', async ({
    t,
    seller,
    buyer,
    admin,
  }) => {
    const car = await createCar(t, seller);
    const paid = await createBooking(t, buyer, car, seller, { requestedDate: inDays(4) });
    const payment = await recordPayment(t, paid);
    const answers = await Promise.all([
      as(t, seller, { method: 'PATCH', url: `/api/cars/${car.id}`, payload: { sold: true } }),
      as(t, seller, { method: 'DELETE', url: `/api/cars/${car.id}` }),
      step(t, seller, paid.id, 'decline'),
      as(t, admin, { method: 'POST', url: `/api/payments/${payment.id}/refund` }),
      as(t, buyer, {
        method: 'POST',
        url: '/api/payment',
        payload: { bookingId: paid.id, transactionId: payment.transactionId },
      }),
    ]);
    for (const res of answers) expect(res.statusCode).toBeLessThan(500);
    const [refund] = await vi.waitFor(
      async () => {
        const rows = await refundsOf(t, payment.id);
        if (rows[0]?.status !== 'succeeded') throw new Error('not refunded yet');
        return rows;
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(await refundsOf(t, payment.id)).toHaveLength(1);
    expect(await providerRefundsOf(t, payment.transactionId)).toEqual([
      expect.objectContaining({ amount: 12_000, idempotencyKey: `refund-${refund!.id}` }),
    ]);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, paid.id));
    expect(['cancelled', 'declined']).toContain(row!.status);
  });
});

describe('a buyer paying for a booking as they cancel it', () => {
  it('keeps no money for a cancelled booking: the payment is refused, or recorded and refunded once', async ({
    t,
    seller,
    buyer,
  }) => {
    const car = await createCar(t, seller);
    for (const day of [3, 4, 5]) {
      const booking = await createBooking(t, buyer, car, seller, { requestedDate: inDays(day) });
      const transactionId = await succeededIntent(t, booking);
      const [paid, cancelled] = await Promise.all([
        as(t, buyer, {
          method: 'POST',
          url: '/api/payment',
          payload: { bookingId: booking.id, transactionId },
        }),
        as(t, buyer, { method: 'DELETE', url: `/api/testdrivebooking/${booking.id}` }),
      ]);
      expect(cancelled.statusCode).toBe(200);
      expect(paid.statusCode).toBeLessThan(500);
      const recorded = await t.db.select().from(payments).where(eq(payments.bookingId, booking.id));
      if (recorded.length === 0) continue;
      // The provider took the money, so the payment is recorded: it is refunded, once.
      await vi.waitFor(
        async () => {
          const rows = await refundsOf(t, recorded[0]!.id);
          if (rows[0]?.status !== 'succeeded') throw new Error('not refunded yet');
        },
        { timeout: 30_000, interval: 100 },
      );
      expect(await refundsOf(t, recorded[0]!.id)).toHaveLength(1);
    }
  });
});

describe('POST /api/payments/:id/refund', () => {
  it('refunds any payment for an admin (201), cancels its test drive still ahead, and answers the same refund again (200)', async ({
    t,
    seller,
    buyer,
    admin,
  }) => {
    const { booking, payment } = await aBooking(t, seller, buyer, { paid: true });
    const res = await as(t, admin, { method: 'POST', url: `/api/payments/${payment!.id}/refund` });
    expect(res.statusCode).toBe(201);
    const refund = res.json() as Refund;
    expect(refund).toMatchObject({ amount: 12_000, reason: 'admin', status: 'pending', refundedAt: null });
    expect(await read(t, buyer, booking.id)).toMatchObject({ status: 'cancelled', cancelReason: 'admin' });
    expect(await refunded(t, buyer, booking.id)).toMatchObject({
      payment: { refund: { id: refund.id, status: 'succeeded' } },
    });
    const again = await as(t, admin, { method: 'POST', url: `/api/payments/${payment!.id}/refund` });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: refund.id, status: 'succeeded' });
    const ledger = await as(t, admin, { method: 'GET', url: '/api/payments?limit=50' });
    const listed = (ledger.json() as { items: { id: string; refund: Refund | null }[] }).items;
    expect(listed.find((p) => p.id === payment!.id)?.refund).toMatchObject({
      id: refund.id,
      status: 'succeeded',
    });
    expect(await providerRefundsOf(t, payment!.transactionId)).toHaveLength(1);
  });

  it('is for admins only, and answers 404 for a payment that does not exist and 400 for a malformed id', async ({
    t,
    seller,
    buyer,
    admin,
  }) => {
    const { payment } = await aBooking(t, seller, buyer, { paid: true });
    for (const user of [buyer, seller]) {
      expect(
        (await as(t, user, { method: 'POST', url: `/api/payments/${payment!.id}/refund` })).statusCode,
      ).toBe(403);
    }
    expect(
      (await as(t, undefined, { method: 'POST', url: `/api/payments/${payment!.id}/refund` })).statusCode,
    ).toBe(401);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await as(t, admin, { method: 'POST', url: `/api/payments/${missing}/refund` })).statusCode).toBe(
      404,
    );
    expect((await as(t, admin, { method: 'POST', url: '/api/payments/nope/refund' })).statusCode).toBe(400);
    expect(await refundsOf(t, payment!.id)).toEqual([]);
  });

  it('keeps the refund pending while the provider fails, and makes it once when asked again with the same key', async ({
    t,
    seller,
    buyer,
    admin,
  }) => {
    const { booking, payment } = await aBooking(t, seller, buyer, { paid: true, days: -2 });
    const provider = t.context.payments;
    const keys: string[] = [];
    const real = provider.refund.bind(provider);
    const spy = vi.spyOn(provider, 'refund').mockImplementation(async (input) => {
      keys.push(input.idempotencyKey);
      throw new Error('the provider is unreachable');
    });
    const res = await as(t, admin, { method: 'POST', url: `/api/payments/${payment!.id}/refund` });
    expect(res.statusCode).toBe(201);
    const { id } = res.json() as Refund;
    await vi.waitFor(
      async () => {
        const [row] = await refundsOf(t, payment!.id);
        if (!row?.lastError) throw new Error('not tried yet');
      },
      { timeout: 30_000, interval: 100 },
    );
    expect((await refundsOf(t, payment!.id))[0]).toMatchObject({
      status: 'pending',
      lastError: 'the provider is unreachable',
    });
    // A test drive already past is not cancelled by the refund.
    expect(await read(t, buyer, booking.id)).toMatchObject({
      status: 'expired',
      payment: { refund: { status: 'pending' } },
    });

    spy.mockImplementation((input) => {
      keys.push(input.idempotencyKey);
      return real(input);
    });
    // What the queue's retry does, run now rather than after its back-off.
    const log = t.app.log;
    await refundJob(t.context).run({ refundId: id }, log);
    await refundJob(t.context).run({ refundId: id }, log);
    spy.mockRestore();
    expect((await refundsOf(t, payment!.id))[0]).toMatchObject({ status: 'succeeded', lastError: null });
    expect(new Set(keys)).toEqual(new Set([`refund-${id}`]));
    expect(await providerRefundsOf(t, payment!.transactionId)).toHaveLength(1);
  });
});

describe('who is told', () => {
  /** The kinds and texts of the notifications each user got from here on. */
  async function toldFrom(t: TestApp, users: TestUser[], change: () => Promise<unknown>) {
    const before = await Promise.all(users.map((user) => notificationsOf(t, user)));
    await change();
    return Promise.all(
      users.map(async (user, i) => {
        const seen = new Set(before[i]!.map((n) => n.id));
        return (await notificationsOf(t, user))
          .filter((n) => !seen.has(n.id))
          .map((n) => `${n.type}: ${n.body}`);
      }),
    );
  }
  const notificationsOf = (t: TestApp, user: TestUser) =>
    t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, user.id))
      .orderBy(notifications.createdAt);

  it("tells the buyer of the seller's answers, and the seller of the buyer's, once each", async ({
    t,
    seller,
    buyer,
  }) => {
    const { booking } = await aBooking(t, seller, buyer);
    const [toBuyer, toSeller] = await toldFrom(t, [buyer, seller], async () => {
      await step(t, seller, booking.id, 'propose', { date: inDays(9), time: '15:30' });
      await step(t, buyer, booking.id, 'accept-proposal');
      await step(t, seller, booking.id, 'accept');
    });
    expect(toBuyer).toEqual([
      expect.stringMatching(/^booking\.rescheduled: .* proposes .* at 3:30 PM instead of .* at 10:00 AM/),
    ]);
    expect(toSeller).toEqual([
      expect.stringMatching(/^booking\.time-agreed: .* accepted .* at 3:30 PM for the test drive/),
    ]);
  });

  it('tells the buyer of a decline, that the fee is being refunded, and then that it was', async ({
    t,
    seller,
    buyer,
  }) => {
    const { booking } = await aBooking(t, seller, buyer, { paid: true });
    const [toBuyer] = await toldFrom(t, [buyer], async () => {
      await step(t, seller, booking.id, 'decline');
      await refunded(t, buyer, booking.id);
    });
    expect(toBuyer).toEqual([
      expect.stringMatching(
        /^booking\.declined: .* declined .* Your \$120\.00 fee is being refunded to your card\.$/,
      ),
      expect.stringMatching(/^refund\.made: Your \$120\.00 test-drive fee for the .* has been refunded/),
    ]);
  });

  it('tells the seller their reported car was removed, and its buyers that their test drive is off', async ({
    t,
    seller,
    buyer,
    otherBuyer,
    admin,
  }) => {
    const { car, booking } = await aBooking(t, seller, buyer);
    await t.db.insert(reportedCars).values({ carId: car.id, buyerId: otherBuyer.id, reason: 'scam' });
    const [toSeller, toBuyer] = await toldFrom(t, [seller, buyer], async () => {
      const res = await as(t, admin, { method: 'DELETE', url: `/api/reportedpost/${car.id}` });
      expect(res.statusCode).toBe(200);
    });
    expect(toSeller).toEqual([
      expect.stringMatching(/^car\.removed: Your .* was removed from Redline after buyers reported it/),
    ]);
    expect(toBuyer).toEqual([
      expect.stringMatching(
        new RegExp(
          `^booking\\.cancelled: The ${booking.carName} you booked .* has been removed from Redline, so the test drive is cancelled\\.$`,
        ),
      ),
    ]);
  });

  it('tells a seller when an admin removes their car directly, and nobody when the seller removes it', async ({
    t,
    seller,
    admin,
  }) => {
    const removed = await createCar(t, seller);
    const own = await createCar(t, seller);
    const [toSeller] = await toldFrom(t, [seller], async () => {
      expect((await as(t, admin, { method: 'DELETE', url: `/api/cars/${removed.id}` })).statusCode).toBe(200);
      expect((await as(t, seller, { method: 'DELETE', url: `/api/cars/${own.id}` })).statusCode).toBe(200);
    });
    expect(toSeller).toEqual([
      expect.stringMatching(/^car\.removed: Your .* was removed from Redline\. Its open/),
    ]);
  });
});

describe('the refund sweep', () => {
  it('asks again for a refund left pending, for three days', async ({ t, seller, buyer }) => {
    const { payment } = await aBooking(t, seller, buyer, { paid: true, days: -2 });
    const { payment: older } = await aBooking(t, seller, buyer, { paid: true, days: -2 });
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    // As if their jobs had been lost: pending, with no job waiting.
    const [stuck] = await t.db
      .insert(refunds)
      .values({ paymentId: payment!.id, amount: 12_000, reason: 'admin', createdAt: ago(20) })
      .returning();
    await t.db
      .insert(refunds)
      .values({ paymentId: older!.id, amount: 12_000, reason: 'admin', createdAt: ago(4 * 24 * 60) });
    expect(await runJob(t, 'payments.refund-sweep')).toEqual({ asked: 1 });
    await vi.waitFor(
      async () => {
        const [row] = await refundsOf(t, payment!.id);
        if (row?.status !== 'succeeded') throw new Error('not refunded yet');
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(await providerRefundsOf(t, payment!.transactionId)).toEqual([
      expect.objectContaining({ idempotencyKey: `refund-${stuck!.id}` }),
    ]);
    expect((await refundsOf(t, older!.id))[0]).toMatchObject({ status: 'pending' });
  });
});
