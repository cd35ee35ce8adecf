/**
 * Verified reviews of sellers (issue 49, ADR 64): only the buyer of a test drive that took place
 * reviews its seller, once; the seller answers once; anyone signed in reports a review once; admins
 * hide and restore reviews with a logged note; a hidden review shows to its author and the admins
 * only and counts in no average.
 */
import { randomUUID } from 'node:crypto';
import {
  MESSAGE_MAX_LENGTH,
  type ReportedReview,
  type Review,
  type ReviewableBooking,
} from '@redline/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { notifications, reviewModerations, reviewReports, reviews } from '../src/db/schema.ts';
import { createBooking, createCar, createPastTestDrive } from './factories.ts';
import { it as base } from './fixtures.ts';
import { as, errorOf, signUpUser, type TestApp, type TestUser } from './helpers.ts';

const it = base
  .extend(
    'actors',
    { scope: 'file' },
    {
      seller: { name: 'Sam Seller' },
      otherSeller: { name: 'Olga Seller' },
      otherBuyer: { name: 'Otto Buyer' },
      admin: { name: 'Ada Admin' },
    },
  )
  /** A buyer of each test's own: each writes a few reviews, within the write limit. */
  .extend('reviewer', ({ t }) => signUpUser(t, 'Buyer', { name: 'Bea Buyer' }));

const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const ratings = { experience: 5, accuracy: 4, communication: 3 };

const post = (t: TestApp, user: TestUser | undefined, payload: object) =>
  as(t, user, { method: 'POST', url: '/api/reviews', payload });
const answer = (t: TestApp, user: TestUser | undefined, id: string, body: string) =>
  as(t, user, { method: 'POST', url: `/api/reviews/${id}/answer`, payload: { body } });
const report = (t: TestApp, user: TestUser | undefined, id: string, payload: object = { reason: 'Spam' }) =>
  as(t, user, { method: 'POST', url: `/api/reviews/${id}/report`, payload });
const setHidden = (t: TestApp, user: TestUser | undefined, id: string, hidden: boolean, note = 'Checked') =>
  as(t, user, { method: 'PUT', url: `/api/reviews/${id}/visibility`, payload: { hidden, note } });
const sellerReviews = async (t: TestApp, user: TestUser | undefined, sellerId: string) => {
  const res = await as(t, user, { method: 'GET', url: `/api/sellers/${sellerId}/reviews` });
  expect(res.statusCode).toBe(200);
  return (res.json() as { items: Review[] }).items;
};
const summaryOf = async (t: TestApp, sellerId: string) => {
  const res = await as(t, undefined, { method: 'GET', url: `/api/sellers/${sellerId}` });
  expect(res.statusCode).toBe(200);
  return res.json().reviews;
};
const reviewsOfBooking = (t: TestApp, bookingId: string) =>
  t.db.select().from(reviews).where(eq(reviews.bookingId, bookingId));
const notesOf = (t: TestApp, user: TestUser, type: 'review.received' | 'review.answered') =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, user.id), eq(notifications.type, type)));

/** A test drive of a new car of the seller's that took place, reviewed by its buyer through the API. */
async function aReview(
  t: TestApp,
  seller: TestUser,
  reviewer: TestUser,
  fields: Partial<typeof ratings & { body: string }> = {},
) {
  const booking = await createPastTestDrive(t, reviewer, await createCar(t, seller), seller);
  const res = await post(t, reviewer, {
    bookingId: booking.id,
    ...ratings,
    body: 'Honest seller.',
    ...fields,
  });
  expect(res.statusCode).toBe(201);
  return res.json() as Review;
}

describe('POST /api/reviews', () => {
  it('requires a session, and a buyer', async ({ t, seller, reviewer, admin }) => {
    const booking = await createPastTestDrive(t, reviewer, await createCar(t, seller), seller);
    const payload = { bookingId: booking.id, ...ratings, body: 'Fine.' };
    expect((await post(t, undefined, payload)).statusCode).toBe(401);
    expect((await post(t, seller, payload)).statusCode).toBe(403);
    expect((await post(t, admin, payload)).statusCode).toBe(403);
    expect(await reviewsOfBooking(t, booking.id)).toEqual([]);
  });

  it('lets the buyer review a test drive that took place: 201 with the review as the seller page shows it', async ({
    t,
    seller,
    reviewer,
  }) => {
    const car = await createCar(t, seller, { year: 2019, brand: 'BMW', model: 'M3' });
    const booking = await createPastTestDrive(t, reviewer, car, seller);
    const res = await post(t, reviewer, {
      bookingId: booking.id,
      ...ratings,
      body: 'On time,\nas described.',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      sellerId: seller.id,
      buyerName: 'Bea Buyer',
      carName: '2019 BMW M3',
      ...ratings,
      body: 'On time,\nas described.',
      answer: null,
      createdAt: expect.any(String),
      hidden: false,
    });
    expect(await sellerReviews(t, undefined, seller.id)).toContainEqual(res.json());
  });

  it.for([
    ['requested, still ahead', { status: 'requested', requestedDate: daysFromNow(3) }, 'never accepted'],
    ['requested, its time passed', { status: 'requested', requestedDate: daysFromNow(-2) }, 'never accepted'],
    ['declined', { status: 'declined', requestedDate: daysFromNow(-2) }, 'declined'],
    [
      'cancelled',
      { status: 'cancelled', cancelReason: 'buyer', requestedDate: daysFromNow(-2) },
      'was cancelled',
    ],
    ['accepted, still ahead', { status: 'accepted', requestedDate: daysFromNow(3) }, 'not taken place yet'],
  ] as const)(
    'refuses a test drive %s with a 409 saying why, storing nothing',
    async ([, overrides, why], { t, seller, reviewer }) => {
      const booking = await createBooking(t, reviewer, await createCar(t, seller), seller, overrides);
      const res = await post(t, reviewer, { bookingId: booking.id, ...ratings, body: 'Great.' });
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).message).toContain(why);
      expect(await reviewsOfBooking(t, booking.id)).toEqual([]);
    },
  );

  it("answers 404 for someone else's booking, as for one that does not exist", async ({
    t,
    seller,
    reviewer,
    otherBuyer,
  }) => {
    const booking = await createPastTestDrive(t, reviewer, await createCar(t, seller), seller);
    const theirs = await post(t, otherBuyer, { bookingId: booking.id, ...ratings, body: 'Fake.' });
    const missing = await post(t, otherBuyer, { bookingId: randomUUID(), ...ratings, body: 'Fake.' });
    expect(theirs.statusCode).toBe(404);
    const { code, message } = errorOf(missing);
    expect(errorOf(theirs)).toMatchObject({ code, message });
    expect(await reviewsOfBooking(t, booking.id)).toEqual([]);
  });

  it('takes one review a booking: the second is a 409 that changes nothing and tells nobody', async ({
    t,
    reviewer,
  }) => {
    const seller = await signUpUser(t, 'Seller');
    const booking = await createPastTestDrive(t, reviewer, await createCar(t, seller), seller);
    expect((await post(t, reviewer, { bookingId: booking.id, ...ratings, body: 'First.' })).statusCode).toBe(
      201,
    );
    const received = await notesOf(t, seller, 'review.received');
    expect(received).toHaveLength(1);
    // The seller's notification opens their reviews, where they answer.
    expect(received[0]?.link).toBe('/dash/seller/reviews');
    const again = await post(t, reviewer, {
      bookingId: booking.id,
      experience: 1,
      accuracy: 1,
      communication: 1,
      body: 'Second.',
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('You have already reviewed this test drive.');
    expect(await reviewsOfBooking(t, booking.id)).toMatchObject([{ body: 'First.', experience: 5 }]);
    expect(await notesOf(t, seller, 'review.received')).toHaveLength(1);
  });

  it('takes one review of two sent at once for the same booking, and tells the seller once', async ({
    t,
    reviewer,
  }) => {
    const seller = await signUpUser(t, 'Seller');
    const booking = await createPastTestDrive(t, reviewer, await createCar(t, seller), seller);
    const answers = await Promise.all(
      ['First.', 'Second.'].map((body) => post(t, reviewer, { bookingId: booking.id, ...ratings, body })),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(await reviewsOfBooking(t, booking.id)).toHaveLength(1);
    expect(await notesOf(t, seller, 'review.received')).toHaveLength(1);
  });

  it.for([
    ['a blank text', { body: ' \n ' }, 'body'],
    ['a text longer than a message', { body: 'a'.repeat(MESSAGE_MAX_LENGTH + 1) }, 'body'],
    ['a control character', { body: 'Nice\u0007 car' }, 'body'],
    ['no stars', { experience: 0 }, 'experience'],
    ['six stars', { accuracy: 6 }, 'accuracy'],
    ['half a star', { communication: 3.5 }, 'communication'],
    ['no booking id', { bookingId: 'not-an-id' }, 'bookingId'],
  ] as const)(
    'refuses %s with a 400 at its field, storing nothing',
    async ([, fields, field], { t, seller, reviewer }) => {
      const booking = await createPastTestDrive(t, reviewer, await createCar(t, seller), seller);
      const res = await post(t, reviewer, { bookingId: booking.id, ...ratings, body: 'Good.', ...fields });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(errorOf(res).fields ?? {})).toEqual([field]);
      expect(await reviewsOfBooking(t, booking.id)).toEqual([]);
    },
  );

  it('keeps the text of the longest review as written', async ({ t, seller, reviewer }) => {
    const body = `${'a'.repeat(MESSAGE_MAX_LENGTH - 2)}\nb`;
    expect((await aReview(t, seller, reviewer, { body })).body).toBe(body);
  });
});

describe('the write limit', () => {
  it('counts 10 reviews and answers an hour per user, refused ones included: the 11th is a 429', async ({
    t,
    seller,
    reviewer,
  }) => {
    const declined = await createBooking(t, reviewer, await createCar(t, seller), seller, {
      status: 'declined',
      requestedDate: daysFromNow(-2),
    });
    const statuses = [];
    for (let i = 0; i < 10; i += 1)
      statuses.push(
        (await post(t, reviewer, { bookingId: declined.id, ...ratings, body: 'Hm.' })).statusCode,
      );
    expect(statuses).toEqual(Array(10).fill(409));
    const booking = await createPastTestDrive(t, reviewer, await createCar(t, seller), seller);
    const limited = await post(t, reviewer, { bookingId: booking.id, ...ratings, body: 'Fine.' });
    expect(limited.statusCode).toBe(429);
    expect(await reviewsOfBooking(t, booking.id)).toEqual([]);
  });
});

describe('GET /api/me/reviewable-bookings', () => {
  it('lists the test drives that took place and are not reviewed, until they are', async ({
    t,
    reviewer,
  }) => {
    const seller = await signUpUser(t, 'Seller', { name: 'Rita Reviewed' });
    const buyerOf = await signUpUser(t, 'Buyer');
    const car = await createCar(t, seller, { year: 2021, brand: 'Audi', model: 'RS6' });
    const tookPlace = await createPastTestDrive(t, buyerOf, car, seller);
    await createBooking(t, buyerOf, car, seller, { status: 'accepted' });
    await createBooking(t, buyerOf, car, seller, { status: 'declined', requestedDate: daysFromNow(-2) });
    await createPastTestDrive(t, reviewer, car, seller);
    const list = async () => {
      const res = await as(t, buyerOf, { method: 'GET', url: '/api/me/reviewable-bookings' });
      expect(res.statusCode).toBe(200);
      return res.json() as ReviewableBooking[];
    };
    expect(await list()).toEqual([
      {
        bookingId: tookPlace.id,
        carName: '2021 Audi RS6',
        carPhoto: tookPlace.carPhoto,
        sellerId: seller.id,
        sellerName: 'Rita Reviewed',
        date: tookPlace.requestedDate,
        time: '10:00',
      },
    ]);
    expect((await post(t, buyerOf, { bookingId: tookPlace.id, ...ratings, body: 'Ok.' })).statusCode).toBe(
      201,
    );
    expect(await list()).toEqual([]);
  });

  it('is a buyer’s list', async ({ t, seller }) => {
    expect((await as(t, undefined, { method: 'GET', url: '/api/me/reviewable-bookings' })).statusCode).toBe(
      401,
    );
    expect((await as(t, seller, { method: 'GET', url: '/api/me/reviewable-bookings' })).statusCode).toBe(403);
  });
});

describe('POST /api/reviews/:id/answer', () => {
  it('lets the reviewed seller answer once, publicly, and tells the buyer', async ({
    t,
    seller,
    reviewer,
  }) => {
    const review = await aReview(t, seller, reviewer);
    const before = (await notesOf(t, reviewer, 'review.answered')).length;
    const res = await answer(t, seller, review.id, 'Thank you,\nsee you soon.');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...review,
      answer: { body: 'Thank you,\nsee you soon.', answeredAt: expect.any(String) },
    });
    const again = await answer(t, seller, review.id, 'Edited.');
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('You have already answered this review.');
    const shown = (await sellerReviews(t, undefined, seller.id)).find((r) => r.id === review.id);
    expect(shown?.answer?.body).toBe('Thank you,\nsee you soon.');
    const notes = await notesOf(t, reviewer, 'review.answered');
    expect(notes).toHaveLength(before + 1);
    // The buyer's notification opens the seller's page at the review.
    expect(notes.at(-1)?.link).toBe(`/sellers/${seller.id}#review-${review.id}`);
  });

  it('takes one answer of two sent at once, and tells the buyer once', async ({ t, seller, reviewer }) => {
    const review = await aReview(t, seller, reviewer);
    const answers = await Promise.all(
      ['Thanks!', 'Thank you.'].map((body) => answer(t, seller, review.id, body)),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const [shown] = (await sellerReviews(t, undefined, seller.id)).filter((r) => r.id === review.id);
    expect(['Thanks!', 'Thank you.']).toContain(shown?.answer?.body);
    expect(await notesOf(t, reviewer, 'review.answered')).toHaveLength(1);
  });

  it('refuses anyone but the reviewed seller, changing nothing', async ({
    t,
    seller,
    otherSeller,
    reviewer,
    admin,
  }) => {
    const review = await aReview(t, seller, reviewer);
    expect((await answer(t, undefined, review.id, 'x')).statusCode).toBe(401);
    expect((await answer(t, reviewer, review.id, 'x')).statusCode).toBe(403);
    expect((await answer(t, admin, review.id, 'x')).statusCode).toBe(403);
    const other = await answer(t, otherSeller, review.id, 'x');
    expect(other.statusCode).toBe(403);
    expect(errorOf(other).message).toBe('Only the reviewed seller can answer a review.');
    expect((await answer(t, seller, randomUUID(), 'x')).statusCode).toBe(404);
    const [row] = await t.db.select().from(reviews).where(eq(reviews.id, review.id));
    expect(row).toMatchObject({ answer: null, answeredAt: null });
  });

  it('refuses a blank or overlong answer with a 400', async ({ t, seller, reviewer }) => {
    const review = await aReview(t, seller, reviewer);
    expect((await answer(t, seller, review.id, '   ')).statusCode).toBe(400);
    expect((await answer(t, seller, review.id, 'a'.repeat(MESSAGE_MAX_LENGTH + 1))).statusCode).toBe(400);
    const [row] = await t.db.select().from(reviews).where(eq(reviews.id, review.id));
    expect(row?.answer).toBeNull();
  });
});

describe('reporting and moderation', () => {
  it('lets anyone signed in report a review once: 201, then 409', async ({
    t,
    seller,
    reviewer,
    otherBuyer,
    admin,
  }) => {
    const review = await aReview(t, seller, reviewer);
    expect((await report(t, undefined, review.id)).statusCode).toBe(401);
    for (const user of [seller, otherBuyer, admin])
      expect((await report(t, user, review.id)).statusCode).toBe(201);
    const again = await report(t, otherBuyer, review.id, { reason: 'Offensive' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('You have already reported this review.');
    const other = await report(t, otherBuyer, review.id, { reason: 'Other' });
    expect(other.statusCode).toBe(400);
    expect((await report(t, otherBuyer, randomUUID())).statusCode).toBe(404);
    expect(await t.db.select().from(reviewReports).where(eq(reviewReports.reviewId, review.id))).toHaveLength(
      3,
    );
  });

  it('hides a review with a logged note: only its author and the admins see it, and it counts in no average', async ({
    t,
    reviewer,
    otherBuyer,
    admin,
  }) => {
    const seller = await signUpUser(t, 'Seller');
    const kept = await aReview(t, seller, reviewer, { experience: 5, accuracy: 5, communication: 4 });
    const hidden = await aReview(t, seller, otherBuyer, { experience: 1, accuracy: 2, communication: 1 });
    expect(await summaryOf(t, seller.id)).toEqual({
      count: 2,
      experience: 3,
      accuracy: 3.5,
      communication: 2.5,
      overall: 3,
    });
    expect((await report(t, reviewer, hidden.id, { reason: 'Not about this seller' })).statusCode).toBe(201);

    const res = await setHidden(t, admin, hidden.id, true, 'About another dealer.');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...hidden, hidden: true });
    expect((await setHidden(t, admin, hidden.id, true)).statusCode).toBe(409);
    expect(await summaryOf(t, seller.id)).toEqual({
      count: 1,
      experience: 5,
      accuracy: 5,
      communication: 4,
      overall: 4.7,
    });
    expect((await sellerReviews(t, undefined, seller.id)).map((r) => r.id)).toEqual([kept.id]);
    expect((await sellerReviews(t, seller, seller.id)).map((r) => r.id)).toEqual([kept.id]);
    // Its author still sees it, marked; its seller cannot answer nor anyone else report it.
    const mine = await as(t, otherBuyer, { method: 'GET', url: '/api/me/reviews' });
    expect((mine.json() as { items: Review[] }).items).toContainEqual({ ...hidden, hidden: true });
    expect((await answer(t, seller, hidden.id, 'x')).statusCode).toBe(404);
    expect((await report(t, seller, hidden.id)).statusCode).toBe(404);

    expect((await setHidden(t, admin, hidden.id, false, 'The buyer showed the booking.')).statusCode).toBe(
      200,
    );
    expect((await summaryOf(t, seller.id)).count).toBe(2);
    const list = await as(t, admin, { method: 'GET', url: '/api/reviews/reported' });
    expect(list.statusCode).toBe(200);
    const item = (list.json() as { items: ReportedReview[] }).items.find((r) => r.review.id === hidden.id);
    expect(item).toMatchObject({
      reportCount: 1,
      reports: [{ reason: 'Not about this seller', reporterName: 'Bea Buyer' }],
      moderation: [
        { action: 'restored', note: 'The buyer showed the booking.', adminName: 'Ada Admin' },
        { action: 'hidden', note: 'About another dealer.', adminName: 'Ada Admin' },
      ],
    });
    expect(
      await t.db.select().from(reviewModerations).where(eq(reviewModerations.reviewId, hidden.id)),
    ).toMatchObject([{ adminId: admin.id }, { adminId: admin.id }]);
  });

  it('lets admins only moderate, with a note', async ({ t, seller, reviewer, admin }) => {
    const review = await aReview(t, seller, reviewer);
    expect((await setHidden(t, undefined, review.id, true)).statusCode).toBe(401);
    expect((await setHidden(t, seller, review.id, true)).statusCode).toBe(403);
    expect((await setHidden(t, reviewer, review.id, true)).statusCode).toBe(403);
    expect((await setHidden(t, admin, review.id, true, '')).statusCode).toBe(400);
    expect((await setHidden(t, admin, randomUUID(), true)).statusCode).toBe(404);
    expect((await as(t, seller, { method: 'GET', url: '/api/reviews/reported' })).statusCode).toBe(403);
    expect(
      await t.db.select().from(reviewModerations).where(eq(reviewModerations.reviewId, review.id)),
    ).toEqual([]);
    expect((await sellerReviews(t, undefined, seller.id)).map((r) => r.id)).toContain(review.id);
  });

  it("dismisses a review's reports: they go, the review stays", async ({
    t,
    seller,
    reviewer,
    otherBuyer,
    admin,
  }) => {
    const review = await aReview(t, seller, reviewer);
    expect((await report(t, otherBuyer, review.id)).statusCode).toBe(201);
    const dismiss = () => as(t, admin, { method: 'DELETE', url: `/api/reviews/${review.id}/reports` });
    expect(
      (await as(t, seller, { method: 'DELETE', url: `/api/reviews/${review.id}/reports` })).statusCode,
    ).toBe(403);
    const res = await dismiss();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect((await dismiss()).statusCode).toBe(404);
    expect((await sellerReviews(t, undefined, seller.id)).map((r) => r.id)).toContain(review.id);
  });
});

describe("the admins' list", () => {
  it('keeps a hidden review listed once its reports are dismissed, so that it can be restored; drops a visible one', async ({
    t,
    seller,
    reviewer,
    otherBuyer,
    admin,
  }) => {
    const hidden = await aReview(t, seller, reviewer);
    const visible = await aReview(t, seller, reviewer);
    for (const review of [hidden, visible])
      expect((await report(t, otherBuyer, review.id)).statusCode).toBe(201);
    expect((await setHidden(t, admin, hidden.id, true, 'Insults.')).statusCode).toBe(200);
    for (const review of [hidden, visible])
      expect(
        (await as(t, admin, { method: 'DELETE', url: `/api/reviews/${review.id}/reports` })).statusCode,
      ).toBe(200);
    const res = await as(t, admin, { method: 'GET', url: '/api/reviews/reported' });
    const listed = (res.json() as { items: ReportedReview[] }).items;
    expect(listed.find((item) => item.review.id === visible.id)).toBeUndefined();
    expect(listed.find((item) => item.review.id === hidden.id)).toMatchObject({
      review: { hidden: true },
      reportCount: 0,
      lastReportedAt: null,
      reports: [],
      moderation: [{ action: 'hidden', note: 'Insults.' }],
    });
  });
});

describe('GET /api/sellers/:id/reviews and the summary', () => {
  it('pages a seller’s reviews newest first; a seller without any has a count of 0 and no averages', async ({
    t,
    reviewer,
  }) => {
    const seller = await signUpUser(t, 'Seller');
    expect(await summaryOf(t, seller.id)).toEqual({
      count: 0,
      experience: null,
      accuracy: null,
      communication: null,
      overall: null,
    });
    const first = await aReview(t, seller, reviewer, { body: 'First.' });
    const second = await aReview(t, seller, reviewer, { body: 'Second.' });
    const page = await as(t, undefined, { method: 'GET', url: `/api/sellers/${seller.id}/reviews?limit=1` });
    expect(page.json()).toMatchObject({ items: [{ id: second.id }], nextCursor: expect.any(String) });
    const next = await as(t, undefined, {
      method: 'GET',
      url: `/api/sellers/${seller.id}/reviews?limit=1&cursor=${page.json().nextCursor}`,
    });
    expect(next.json()).toEqual({ items: [first], nextCursor: null });
  });

  it('gives the car cards each seller’s compact rating, in the order asked, hidden reviews left out', async ({
    t,
    reviewer,
    otherBuyer,
    admin,
  }) => {
    const rated = await signUpUser(t, 'Seller');
    const unrated = await signUpUser(t, 'Seller');
    await aReview(t, rated, reviewer, { experience: 5, accuracy: 4, communication: 4 });
    const hidden = await aReview(t, rated, otherBuyer, { experience: 1, accuracy: 1, communication: 1 });
    expect((await setHidden(t, admin, hidden.id, true)).statusCode).toBe(200);
    const res = await as(t, undefined, {
      method: 'GET',
      url: `/api/sellers/ratings?ids=${unrated.id},${rated.id},${unrated.id}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { sellerId: unrated.id, count: 0, overall: null },
      { sellerId: rated.id, count: 1, overall: 4.3 },
    ]);
    const tooMany = Array.from({ length: 51 }, () => randomUUID()).join(',');
    for (const ids of ['', tooMany, 'a;b'])
      expect(
        (await as(t, undefined, { method: 'GET', url: `/api/sellers/ratings?ids=${ids}` })).statusCode,
      ).toBe(400);
  });

  it('answers 404 for someone who is not a seller', async ({ t, reviewer }) => {
    const res = await as(t, undefined, { method: 'GET', url: `/api/sellers/${reviewer.id}/reviews` });
    expect(res.statusCode).toBe(404);
  });
});

describe("the seller's page the server keeps rendered", () => {
  it('is rendered again after a review is posted, answered, hidden and shown again', async ({
    t,
    seller,
    reviewer,
    admin,
  }) => {
    // What the server keeps of the catalogue's pages, a seller's among them, until a change.
    const kept = async (key: string, value: string) =>
      (await t.context.catalogue.get(key, async () => JSON.stringify(value))).identity.toString();
    let review: Review | undefined;
    const steps = {
      posted: async () => {
        review = await aReview(t, seller, reviewer);
      },
      answered: async () => expect((await answer(t, seller, review!.id, 'Thanks!')).statusCode).toBe(200),
      hidden: async () => expect((await setHidden(t, admin, review!.id, true)).statusCode).toBe(200),
      restored: async () => expect((await setHidden(t, admin, review!.id, false)).statusCode).toBe(200),
    };
    for (const [change, step] of Object.entries(steps)) {
      await kept(change, 'before');
      expect(await kept(change, 'after')).toBe('"before"');
      await step();
      expect([change, await kept(change, 'after')]).toEqual([change, '"after"']);
    }
  });
});
