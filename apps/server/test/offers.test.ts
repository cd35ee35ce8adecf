/**
 * Offers (issue 48): the buyer offers, the side whose turn it is accepts, declines or counters, the
 * buyer withdraws; an accepted offer reserves the car (the other buyers' offers declined), which its
 * seller releases or sells; a car sold or removed closes its offers; an open offer expires by a job.
 * Every refusal changes nothing and tells no one. The job queue runs on pg-boss's TestClock, so that
 * an expiry comes when the test moves the clock.
 */
import type { CarDetail, MessagePage, Offer } from '@redline/shared';
import { and, eq } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { describe, expect } from 'vitest';
import { cars, messages, notifications, offerMoves, offers } from '../src/db/schema.ts';
import { createCar, createOffer } from './factories.ts';
import { it as base } from './fixtures.ts';
import { as, errorOf, refitsWaiting, type TestApp, type TestUser, tickUntil } from './helpers.ts';

const clock = new TestClock(Date.now());
const it = base.extend('appOptions', { scope: 'file' }, { clock });

const HOUR = 3_600_000;

const offer = (t: TestApp, buyer: TestUser, carId: string, amount: number, message?: string) =>
  as(t, buyer, { method: 'POST', url: '/api/offers', payload: { carId, amount, message } });
const answer = (t: TestApp, user: TestUser, id: string, payload: object) =>
  as(t, user, { method: 'POST', url: `/api/offers/${id}/answer`, payload });
const move = (t: TestApp, user: TestUser, id: string, what: 'withdraw' | 'release') =>
  as(t, user, { method: 'POST', url: `/api/offers/${id}/${what}` });
const read = async (t: TestApp, user: TestUser, id: string) =>
  (await as(t, user, { method: 'GET', url: `/api/offers/${id}` })).json() as Offer;
const carOf = async (t: TestApp, user: TestUser, id: string) =>
  (await as(t, user, { method: 'GET', url: `/api/cars/id/${id}` })).json() as CarDetail;
const thread = async (t: TestApp, user: TestUser, conversationId: string) =>
  (
    (
      await as(t, user, { method: 'GET', url: `/api/conversations/${conversationId}/messages` })
    ).json() as MessagePage
  ).items
    .map((m) => m.body)
    .reverse();
const movesOf = (t: TestApp, offerId: string) =>
  t.db.select().from(offerMoves).where(eq(offerMoves.offerId, offerId)).orderBy(offerMoves.createdAt);
const notified = async (t: TestApp, user: TestUser, type: string) =>
  (
    await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.type, type)))
  ).map((n) => n.body);

describe('making an offer', () => {
  it("opens the seller's turn, shows in the conversation and tells the seller", async ({
    t,
    seller,
    buyer,
  }) => {
    const car = await createCar(t, seller, { askingPrice: 10_000_000 });
    const res = await offer(t, buyer, car.id, 9_000_000, 'Cash, this week.');
    expect(res.statusCode).toBe(201);
    const made = res.json() as Offer;
    expect(made).toMatchObject({
      carId: car.id,
      amount: 9_000_000,
      status: 'open',
      turn: 'seller',
      side: 'buyer',
    });
    const lapse = Date.parse(made.expiresAt!) - Date.now();
    expect(lapse).toBeGreaterThan(47 * HOUR);
    expect(lapse).toBeLessThanOrEqual(48 * HOUR);
    expect(await read(t, seller, made.id)).toMatchObject({ status: 'open', side: 'seller' });
    expect(await thread(t, seller, made.conversationId)).toEqual(['Offered $90,000.\n\nCash, this week.']);
    expect(await notified(t, seller, 'offer.made')).toContain(
      `${buyer.name} offers $90,000 for your 2020 Ferrari F8 Tributo.`,
    );
  });

  it('refuses more than the asking price, a sold, reserved or missing car: nothing is stored', async ({
    t,
    seller,
    buyer,
  }) => {
    const car = await createCar(t, seller, { askingPrice: 10_000_000 });
    const above = await offer(t, buyer, car.id, 10_000_001);
    expect(above.statusCode).toBe(400);
    expect(errorOf(above).fields).toEqual({ amount: 'At most $100,000' });
    const sold = await createCar(t, seller, { soldAt: new Date() });
    expect((await offer(t, buyer, sold.id, 100_000)).statusCode).toBe(409);
    const reserved = await createCar(t, seller, { reservedAt: new Date() });
    const refused = await offer(t, buyer, reserved.id, 100_000);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe('This car is reserved for another buyer.');
    expect((await offer(t, buyer, '00000000-0000-4000-8000-000000000000', 100_000)).statusCode).toBe(404);
    for (const id of [car.id, sold.id, reserved.id])
      expect(await t.db.select().from(offers).where(eq(offers.carId, id))).toEqual([]);
  });

  it('takes one open offer per buyer and car, however many are made at once', async ({
    t,
    seller,
    buyer,
  }) => {
    const car = await createCar(t, seller);
    const toldBefore = (await notified(t, seller, 'offer.made')).length;
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) => offer(t, buyer, car.id, car.askingPrice - n * 100_000)),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect(await t.db.select().from(offers).where(eq(offers.carId, car.id))).toHaveLength(1);
    const [refused] = answers.filter((res) => res.statusCode === 409);
    expect(errorOf(refused!).message).toMatch(/already have an open offer/);
    // One offer, one move, one message, one notification.
    const made = answers.find((res) => res.statusCode === 201)!.json() as Offer;
    expect(await movesOf(t, made.id)).toHaveLength(1);
    expect(await t.db.select().from(messages).where(eq(messages.offerId, made.id))).toHaveLength(1);
    expect((await notified(t, seller, 'offer.made')).length - toldBefore).toBe(1);
    // Withdrawn, the next offer stands.
    expect((await move(t, buyer, made.id, 'withdraw')).statusCode).toBe(200);
    expect((await offer(t, buyer, car.id, car.askingPrice - 50_000)).statusCode).toBe(201);
  });
});

describe('answering an offer', () => {
  it('counters back and forth within the asking price, each side in its turn, every move in the thread', async ({
    t,
    seller,
    buyer,
  }) => {
    const car = await createCar(t, seller, { askingPrice: 10_000_000 });
    const made = (await offer(t, buyer, car.id, 8_000_000)).json() as Offer;
    // Not the buyer's turn: refused, nothing changed.
    const early = await answer(t, buyer, made.id, { action: 'accept' });
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).message).toBe('The seller has your offer: wait for their answer, or withdraw it.');
    // A seller's counter asks more than the offer, and at most the asking price.
    expect((await answer(t, seller, made.id, { action: 'counter', amount: 8_000_000 })).statusCode).toBe(400);
    expect((await answer(t, seller, made.id, { action: 'counter', amount: 10_000_100 })).statusCode).toBe(
      400,
    );
    const countered = await answer(t, seller, made.id, {
      action: 'counter',
      amount: 9_500_000,
      message: 'Meet me here?',
    });
    expect(countered.statusCode).toBe(200);
    expect(countered.json()).toMatchObject({
      status: 'open',
      turn: 'buyer',
      amount: 9_500_000,
      side: 'seller',
    });
    expect(await notified(t, buyer, 'offer.countered')).toContain(
      `${seller.name} counters your offer for the 2020 Ferrari F8 Tributo with $95,000.`,
    );
    const late = await answer(t, seller, made.id, { action: 'decline' });
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).message).toBe('The buyer has your counter: wait for their answer.');
    // A buyer's counter offers less than the seller's; a buyer withdraws rather than declines.
    expect((await answer(t, buyer, made.id, { action: 'counter', amount: 9_500_000 })).statusCode).toBe(400);
    expect((await answer(t, buyer, made.id, { action: 'decline' })).statusCode).toBe(400);
    expect((await answer(t, buyer, made.id, { action: 'counter', amount: 9_000_000 })).json()).toMatchObject({
      turn: 'seller',
      amount: 9_000_000,
    });
    expect(await read(t, buyer, made.id)).toMatchObject({
      status: 'open',
      turn: 'seller',
      amount: 9_000_000,
    });
    expect(await thread(t, buyer, made.conversationId)).toEqual([
      'Offered $80,000.',
      'Countered with $95,000.\n\nMeet me here?',
      'Countered with $90,000.',
    ]);
    expect((await movesOf(t, made.id)).map((m) => [m.kind, m.by, m.amount])).toEqual([
      ['offered', 'buyer', 8_000_000],
      ['countered', 'seller', 9_500_000],
      ['countered', 'buyer', 9_000_000],
    ]);
  });

  it('declined by the seller, it takes no more moves', async ({ t, seller, buyer }) => {
    const made = await createOffer(t, buyer, await createCar(t, seller), seller);
    expect(
      (await answer(t, seller, made.id, { action: 'decline', message: 'Too low.' })).json(),
    ).toMatchObject({
      status: 'declined',
      turn: null,
      expiresAt: null,
    });
    expect(await notified(t, buyer, 'offer.declined')).toContain(
      `${seller.name} declined your offer of $225,000 for the 2020 Ferrari F8 Tributo.`,
    );
    for (const [user, call] of [
      [seller, () => answer(t, seller, made.id, { action: 'accept' })],
      [buyer, () => move(t, buyer, made.id, 'withdraw')],
    ] as const) {
      const res = await call();
      expect(res.statusCode, user.name).toBe(409);
      expect(errorOf(res).message).toBe('This offer has been declined.');
    }
    expect(await movesOf(t, made.id)).toHaveLength(1);
  });

  it("withdrawn by its buyer whoever's turn it is, it tells the seller", async ({ t, seller, buyer }) => {
    const made = await createOffer(t, buyer, await createCar(t, seller), seller, { turn: 'buyer' });
    expect((await move(t, buyer, made.id, 'withdraw')).json()).toMatchObject({ status: 'withdrawn' });
    expect(await notified(t, seller, 'offer.withdrawn')).toContain(
      `${buyer.name} withdrew their offer of $225,000 for your 2020 Ferrari F8 Tributo.`,
    );
    expect((await move(t, buyer, made.id, 'withdraw')).statusCode).toBe(409);
  });
});

describe('an accepted offer', () => {
  it("reserves the car: its page says so, the other buyers' offers are declined with a notice, no new offer is taken", async ({
    t,
    seller,
    buyer,
    otherBuyer,
  }) => {
    const car = await createCar(t, seller);
    const mine = await createOffer(t, buyer, car, seller);
    const theirs = (await offer(t, otherBuyer, car.id, 20_000_000)).json() as Offer;
    const accepted = await answer(t, seller, mine.id, { action: 'accept' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted', turn: null, amount: mine.amount });
    expect((await carOf(t, otherBuyer, car.id)).reservedAt).not.toBeNull();
    expect(await read(t, otherBuyer, theirs.id)).toMatchObject({ status: 'declined', turn: null });
    expect(await thread(t, otherBuyer, theirs.conversationId)).toEqual([
      'Offered $200,000.',
      'The offer of $200,000 was declined.\n\nThe car is reserved for another buyer.',
    ]);
    expect(await notified(t, otherBuyer, 'offer.declined')).toContain(
      'Your offer of $200,000 for the 2020 Ferrari F8 Tributo is declined: the car is reserved for another buyer.',
    );
    expect(await notified(t, buyer, 'offer.accepted')).toContain(
      `${seller.name} accepted your offer of $225,000 for the 2020 Ferrari F8 Tributo: it is reserved for you.`,
    );
    expect((await offer(t, otherBuyer, car.id, 21_000_000)).statusCode).toBe(409);
    expect((await answer(t, seller, mine.id, { action: 'accept' })).statusCode).toBe(409);
  });

  it('leaves the market values alone: the reservation and its release change nothing they read', async ({
    t,
    seller,
    buyer,
  }) => {
    const car = await createCar(t, seller);
    const made = await createOffer(t, buyer, car, seller);
    await t.context.jobs.boss.deleteQueuedJobs('market-value.refit');
    expect((await answer(t, seller, made.id, { action: 'accept' })).statusCode).toBe(200);
    expect((await carOf(t, seller, car.id)).reservedAt).not.toBeNull();
    expect((await move(t, seller, made.id, 'release')).statusCode).toBe(200);
    expect((await carOf(t, seller, car.id)).reservedAt).toBeNull();
    expect(await refitsWaiting(t)).toEqual([]);
  });

  it("is the buyer's to take when the seller countered: accepted at the counter's amount", async ({
    t,
    seller,
    buyer,
  }) => {
    const car = await createCar(t, seller);
    const made = await createOffer(t, buyer, car, seller, { turn: 'buyer', amount: 24_000_000 });
    expect((await answer(t, buyer, made.id, { action: 'accept' })).json()).toMatchObject({
      status: 'accepted',
      amount: 24_000_000,
      side: 'buyer',
    });
    expect(await notified(t, seller, 'offer.accepted')).toContain(
      `${buyer.name} accepted $240,000 for your 2020 Ferrari F8 Tributo: it is reserved for them.`,
    );
    expect((await carOf(t, seller, car.id)).reservedAt).not.toBeNull();
  });

  it('reserves the car once when the seller accepts two offers at the same moment: the second answers 409 and changes nothing', async ({
    t,
    seller,
    buyer,
    otherBuyer,
  }) => {
    const acceptedBefore = (await notified(t, buyer, 'offer.accepted')).length;
    let buyerWon = 0;
    for (let round = 0; round < 3; round += 1) {
      const car = await createCar(t, seller);
      const first = await createOffer(t, buyer, car, seller);
      const second = await createOffer(t, otherBuyer, car, seller);
      const answers = await Promise.all([
        answer(t, seller, first.id, { action: 'accept' }),
        answer(t, seller, second.id, { action: 'accept' }),
      ]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
      const rows = await t.db.select().from(offers).where(eq(offers.carId, car.id));
      expect(rows.map((row) => row.status).sort()).toEqual(['accepted', 'declined']);
      const loser = answers.findIndex((res) => res.statusCode === 409) === 0 ? first : second;
      if (loser === second) buyerWon += 1;
      // The loser's offer was declined by the winner's acceptance, once; its buyer is told once.
      expect((await movesOf(t, loser.id)).map((m) => m.kind)).toEqual(['declined']);
      expect((await movesOf(t, loser.id === first.id ? second.id : first.id)).map((m) => m.kind)).toEqual([
        'accepted',
      ]);
    }
    // Only committed acceptances told their buyer.
    expect((await notified(t, buyer, 'offer.accepted')).length - acceptedBefore).toBe(buyerWon);
  });

  it('released by the seller: the car is for sale again and takes offers; an open offer has nothing to release', async ({
    t,
    seller,
    buyer,
    otherBuyer,
  }) => {
    const car = await createCar(t, seller);
    const made = await createOffer(t, buyer, car, seller);
    expect((await move(t, seller, made.id, 'release')).statusCode).toBe(409);
    await answer(t, seller, made.id, { action: 'accept' });
    const released = await move(t, seller, made.id, 'release');
    expect(released.json()).toMatchObject({ status: 'released' });
    expect((await carOf(t, buyer, car.id)).reservedAt).toBeNull();
    expect(await notified(t, buyer, 'offer.released')).toContain(
      `${seller.name} released the 2020 Ferrari F8 Tributo your offer of $225,000 reserved: it is for sale again.`,
    );
    expect((await move(t, seller, made.id, 'release')).statusCode).toBe(409);
    expect((await offer(t, otherBuyer, car.id, 20_000_000)).statusCode).toBe(201);
  });
});

describe('a reserved car and a lowered price', () => {
  it('tells a buyer offering on a car their own accepted offer reserved that it is theirs, not "another buyer\'s"', async ({
    t,
    seller,
    buyer,
    otherBuyer,
  }) => {
    const car = await createCar(t, seller, { reservedAt: new Date() });
    await createOffer(t, buyer, car, seller, { status: 'accepted', turn: null, expiresAt: null });
    const own = await offer(t, buyer, car.id, 100_000);
    expect(own.statusCode).toBe(409);
    expect(errorOf(own).message).toBe(
      'This car is already reserved for you: your offer was accepted. Pay the holding deposit or confirm the purchase from My Offers.',
    );
    expect(errorOf(await offer(t, otherBuyer, car.id, 100_000)).message).toBe(
      'This car is reserved for another buyer.',
    );
  });

  it('a price lowered below an open offer closes it with a notice (the buyer may offer again); offers at or below it stay open', async ({
    t,
    seller,
    buyer,
    otherBuyer,
  }) => {
    const car = await createCar(t, seller, { askingPrice: 10_000_000 });
    const above = (await offer(t, buyer, car.id, 9_500_000)).json() as Offer;
    const below = (await offer(t, otherBuyer, car.id, 8_000_000)).json() as Offer;
    const lowered = await as(t, seller, {
      method: 'PATCH',
      url: `/api/cars/${car.id}`,
      payload: { askingPrice: 9_000_000 },
    });
    expect(lowered.statusCode).toBe(200);
    expect(await read(t, buyer, above.id)).toMatchObject({ status: 'closed', turn: null });
    expect(await read(t, otherBuyer, below.id)).toMatchObject({ status: 'open' });
    expect(await notified(t, buyer, 'offer.declined')).toContain(
      'Your offer of $95,000 for the 2020 Ferrari F8 Tributo is closed: the seller lowered the asking price to $90,000, below this offer: offer again at or below it.',
    );
    expect((await offer(t, buyer, car.id, 9_000_000)).statusCode).toBe(201);
  });
});

describe('a car sold or removed', () => {
  it('sold, its accepted offer whose buyer confirmed the purchase is sold with it, its open ones closed with a notice, and the reservation ends', async ({
    t,
    seller,
    buyer,
    otherBuyer,
  }) => {
    const car = await createCar(t, seller, { reservedAt: new Date() });
    const kept = await createOffer(t, buyer, car, seller, {
      status: 'accepted',
      turn: null,
      expiresAt: null,
      purchaseConfirmedAt: new Date(),
    });
    const open = await createOffer(t, otherBuyer, car, seller);
    const sold = await as(t, seller, {
      method: 'PATCH',
      url: `/api/cars/${car.id}`,
      payload: { sold: true },
    });
    expect(sold.statusCode).toBe(200);
    expect(await read(t, buyer, kept.id)).toMatchObject({ status: 'sold' });
    expect(await read(t, otherBuyer, open.id)).toMatchObject({ status: 'closed', turn: null });
    expect(await notified(t, otherBuyer, 'offer.declined')).toContain(
      'Your offer of $225,000 for the 2020 Ferrari F8 Tributo is closed: the car has been sold.',
    );
    const [row] = await t.db.select({ reservedAt: cars.reservedAt }).from(cars).where(eq(cars.id, car.id));
    expect(row?.reservedAt).toBeNull();
    expect((await answer(t, seller, open.id, { action: 'accept' })).statusCode).toBe(409);
  });

  it('removed, its offers are closed, and keep its name', async ({ t, seller, buyer }) => {
    const car = await createCar(t, seller);
    const open = await createOffer(t, buyer, car, seller);
    expect((await as(t, seller, { method: 'DELETE', url: `/api/cars/${car.id}` })).statusCode).toBe(200);
    expect(await read(t, buyer, open.id)).toMatchObject({
      status: 'closed',
      carId: null,
      carName: '2020 Ferrari F8 Tributo',
    });
    expect(await notified(t, buyer, 'offer.declined')).toContain(
      'Your offer of $225,000 for the 2020 Ferrari F8 Tributo is closed: the car has been removed from Redline.',
    );
  });
});

describe('an offer left unanswered', () => {
  it('expires by the job when its time comes; a move before then sets a new time, and the earlier job changes nothing', async ({
    t,
    seller,
    buyer,
  }) => {
    const car = await createCar(t, seller);
    const made = (await offer(t, buyer, car.id, 20_000_000)).json() as Offer;
    await clock.setTime(clock.now() + 24 * HOUR);
    await answer(t, seller, made.id, { action: 'counter', amount: 22_000_000 });
    const jobs = () => t.context.jobs.boss.findJobs('offers.expire');
    const ran = async (expiresAt: string) =>
      (await jobs()).some(
        (job) => (job.data as { expiresAt: string }).expiresAt === expiresAt && job.state === 'completed',
      );
    await clock.setTime(clock.now() + 24 * HOUR);
    await tickUntil(t.context.jobs, clock, () => ran(made.expiresAt!));
    expect(await read(t, buyer, made.id)).toMatchObject({ status: 'open', turn: 'buyer' });
    await clock.setTime(clock.now() + 24 * HOUR);
    await tickUntil(t.context.jobs, clock, async () => (await read(t, buyer, made.id)).status === 'expired');
    expect((await movesOf(t, made.id)).map((m) => [m.kind, m.by])).toEqual([
      ['offered', 'buyer'],
      ['countered', 'seller'],
      ['expired', null],
    ]);
    const body = 'The offer of $220,000 for the 2020 Ferrari F8 Tributo expired without an answer.';
    expect(await notified(t, buyer, 'offer.expired')).toContain(body);
    expect(await notified(t, seller, 'offer.expired')).toContain(body);
    expect((await answer(t, buyer, made.id, { action: 'accept' })).statusCode).toBe(409);
  });
});
