/**
 * Notifications by e-mail (issue 20): each kind is e-mailed once, to the user it tells, as their
 * preferences say; a change that rolls back e-mails nobody; a burst is one e-mail; an e-mail carries
 * a one-click unsubscribe. The job queue runs on pg-boss's TestClock, so that the batching delay and
 * the retries pass when the test moves the clock.
 */
import { NOTIFICATION_KINDS, type NotificationType } from '@redline/shared';
import { eq } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { describe, expect } from 'vitest';
import {
  conversations,
  notificationEmails,
  notifications,
  refunds,
  reportedCars,
  reviews,
  savedCars,
} from '../src/db/schema.ts';
import { publish } from '../src/events/index.ts';
import type { Mail } from '../src/mail/mailer.ts';
import { EMAIL_BATCH_SECONDS } from '../src/modules/notifications/notification-emails.ts';
import { expireOfferJob } from '../src/modules/offers/offers.service.ts';
import {
  createBooking,
  createCar,
  createOffer,
  createPastTestDrive,
  depositIntent,
  recordPayment,
} from './factories.ts';
import { it as base } from './fixtures.ts';
import { as, followConfirmationLink, signUpUser, type TestApp, type TestUser, tickUntil } from './helpers.ts';

/** The people a notification may tell, in the order the tests look at their mail. */
type People = Record<'seller' | 'buyer' | 'otherBuyer' | 'admin', TestUser>;

const clock = new TestClock(Date.now());
const it = base
  .extend('appOptions', { scope: 'file' }, { clock })
  .extend(
    'actors',
    { scope: 'file' },
    {
      seller: { name: 'Sam Seller' },
      buyer: { name: 'Bea Buyer' },
      otherBuyer: { name: 'Otto Other' },
      admin: { name: 'Ada Admin' },
    },
  )
  .extend(
    'people',
    { scope: 'file' },
    ({ seller, buyer, otherBuyer, admin }): People => ({ seller, buyer, otherBuyer, admin }),
  );

/** Moves the test clock past the batching delay, then until every waiting e-mail is sent. */
async function deliver(t: TestApp) {
  await clock.tick(EMAIL_BATCH_SECONDS * 1000);
  await tickUntil(
    t.context.jobs,
    clock,
    async () => (await t.db.select().from(notificationEmails)).length === 0,
  );
}

/** The e-mails sent from here on, to whom. */
function mailbox(t: TestApp) {
  const from = t.context.mailer.sent.length;
  return {
    to: (user: TestUser): Mail[] =>
      t.context.mailer.sent.slice(from).filter((mail) => mail.to === user.email),
    all: (): Mail[] => t.context.mailer.sent.slice(from),
  };
}

const setPreferences = (
  t: TestApp,
  user: TestUser,
  items: { type: NotificationType; inApp: boolean; email: boolean }[],
) => as(t, user, { method: 'PUT', url: '/api/notifications/preferences', payload: { items } });

/** A test drive of a new car of the seller's, booked by the buyer (as the booking call stores it). */
async function aBooking(t: TestApp, { seller, buyer }: Pick<People, 'seller' | 'buyer'>) {
  return createBooking(t, buyer, await createCar(t, seller), seller);
}

/** Makes a notification of each kind; answers who it tells. A new kind needs its line here. */
const tellOf: Record<NotificationType, (t: TestApp, people: People) => Promise<TestUser[]>> = {
  'booking.requested': async (t, { seller, buyer }) => {
    const booking = await aBooking(t, { seller, buyer });
    await t.db.transaction((tx) =>
      publish(tx, 'booking.requested', { bookingId: booking.id, carId: booking.carId!, buyerId: buyer.id }),
    );
    return [seller];
  },
  'booking.paid': async (t, { seller, buyer }) => {
    const booking = await aBooking(t, { seller, buyer });
    await t.db.transaction((tx) =>
      publish(tx, 'booking.paid', { bookingId: booking.id, paymentId: 'pi_test' }),
    );
    return [seller];
  },
  'booking.cancelled': async (t, { seller, buyer, admin }) => {
    const booking = await aBooking(t, { seller, buyer });
    const res = await as(t, admin, { method: 'DELETE', url: `/api/testdrivebooking/${booking.id}` });
    expect(res.statusCode).toBe(200);
    return [seller, buyer];
  },
  'saved-car.price-dropped': async (t, { seller, buyer }) => {
    const car = await createCar(t, seller);
    await t.db.insert(savedCars).values({ buyerId: buyer.id, carId: car.id });
    await t.db.transaction((tx) =>
      publish(tx, 'car.updated', {
        carId: car.id,
        askingPrice: { from: car.askingPrice, to: car.askingPrice - 100_000 },
      }),
    );
    return [buyer];
  },
  'saved-car.sold': async (t, { seller, buyer }) => {
    const car = await createCar(t, seller);
    await t.db.insert(savedCars).values({ buyerId: buyer.id, carId: car.id });
    await t.db.transaction((tx) => publish(tx, 'car.sold', { carId: car.id }));
    return [buyer];
  },
  'saved-search.matched': async (t, { seller, buyer }) => {
    const res = await as(t, buyer, {
      method: 'POST',
      url: '/api/saved-searches',
      payload: { name: 'Anything at all', filters: { priceMin: 0 } },
    });
    expect(res.statusCode).toBe(201);
    const car = await createCar(t, seller);
    await t.db.transaction((tx) =>
      publish(tx, 'saved-search.matched', { savedSearchId: res.json().id, carIds: [car.id], count: 1 }),
    );
    return [buyer];
  },
  'account.verified': async (t, { otherBuyer }) => {
    await t.db.transaction((tx) =>
      publish(tx, 'user.changed', { userId: otherBuyer.id, change: 'verified' }),
    );
    return [otherBuyer];
  },
  'contact.received': async (t, { admin }) => {
    const res = await as(t, undefined, {
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Carl Customer', email: 'carl@example.test', message: 'Do you ship cars to Canada?' },
    });
    expect(res.statusCode).toBe(201);
    return [admin];
  },
  'message.received': async (t, { seller, buyer }) => {
    const res = await as(t, buyer, {
      method: 'POST',
      url: '/api/conversations',
      payload: { carId: (await createCar(t, seller)).id, message: 'Is the service history complete?' },
    });
    expect(res.statusCode).toBe(201);
    return [seller];
  },
  'conversation.reported': async (t, { seller, buyer, admin }) => {
    // Stored directly: a message would e-mail the seller too.
    const [conversation] = await t.db
      .insert(conversations)
      .values({ carName: 'A car', carPhoto: '', buyerId: buyer.id, sellerId: seller.id })
      .returning();
    const res = await as(t, seller, {
      method: 'POST',
      url: `/api/conversations/${conversation!.id}/report`,
      payload: { reason: 'Scam or fraud' },
    });
    expect(res.statusCode).toBe(201);
    return [admin];
  },
  'booking.accepted': async (t, { seller, buyer }) => {
    const booking = await aBooking(t, { seller, buyer });
    await answer(t, seller, booking.id, 'accept');
    return [buyer];
  },
  'booking.declined': async (t, { seller, buyer }) => {
    const booking = await aBooking(t, { seller, buyer });
    await answer(t, seller, booking.id, 'decline');
    return [buyer];
  },
  'booking.rescheduled': async (t, { seller, buyer }) => {
    const booking = await aBooking(t, { seller, buyer });
    await answer(t, seller, booking.id, 'propose', { date: booking.requestedDate, time: '16:30' });
    return [buyer];
  },
  'booking.time-agreed': async (t, { seller, buyer }) => {
    const booking = await createBooking(t, buyer, await createCar(t, seller), seller, {
      proposedDate: new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10),
      proposedTime: '16:30',
    });
    await answer(t, buyer, booking.id, 'accept-proposal');
    return [seller];
  },
  'car.removed': async (t, { seller, otherBuyer, admin }) => {
    const car = await createCar(t, seller);
    await t.db.insert(reportedCars).values({ carId: car.id, buyerId: otherBuyer.id, reason: 'scam' });
    const res = await as(t, admin, { method: 'DELETE', url: `/api/reportedpost/${car.id}` });
    expect(res.statusCode).toBe(200);
    return [seller];
  },
  'offer.made': async (t, { seller, buyer }) => {
    const car = await createCar(t, seller);
    const res = await as(t, buyer, {
      method: 'POST',
      url: '/api/offers',
      payload: { carId: car.id, amount: car.askingPrice - 1_000_000 },
    });
    expect(res.statusCode).toBe(201);
    return [seller];
  },
  'offer.countered': async (t, { seller, buyer }) => {
    const car = await createCar(t, seller);
    const offer = await createOffer(t, buyer, car, seller);
    await answerOffer(t, seller, offer.id, { action: 'counter', amount: car.askingPrice });
    return [buyer];
  },
  'offer.accepted': async (t, { seller, buyer }) => {
    const offer = await createOffer(t, buyer, await createCar(t, seller), seller);
    await answerOffer(t, seller, offer.id, { action: 'accept' });
    return [buyer];
  },
  'offer.declined': async (t, { seller, buyer }) => {
    const offer = await createOffer(t, buyer, await createCar(t, seller), seller);
    await answerOffer(t, seller, offer.id, { action: 'decline' });
    return [buyer];
  },
  'offer.withdrawn': async (t, { seller, buyer }) => {
    const offer = await createOffer(t, buyer, await createCar(t, seller), seller);
    const res = await as(t, buyer, { method: 'POST', url: `/api/offers/${offer.id}/withdraw` });
    expect(res.statusCode).toBe(200);
    return [seller];
  },
  'offer.expired': async (t, { seller, buyer }) => {
    const offer = await createOffer(t, buyer, await createCar(t, seller), seller);
    // Run here: the queue's clock stands still until `deliver` moves it.
    await expireOfferJob(t.context).run(
      { offerId: offer.id, expiresAt: offer.expiresAt!.toISOString() },
      t.app.log,
    );
    return [buyer, seller];
  },
  'offer.released': async (t, { seller, buyer }) => {
    const car = await createCar(t, seller, { reservedAt: new Date() });
    const offer = await createOffer(t, buyer, car, seller, {
      status: 'accepted',
      turn: null,
      expiresAt: null,
    });
    const res = await as(t, seller, { method: 'POST', url: `/api/offers/${offer.id}/release` });
    expect(res.statusCode).toBe(200);
    return [buyer];
  },
  'offer.deposit-paid': async (t, { seller, buyer }) => {
    const car = await createCar(t, seller, { reservedAt: new Date() });
    const offer = await createOffer(t, buyer, car, seller, {
      status: 'accepted',
      turn: null,
      expiresAt: null,
    });
    const transactionId = await depositIntent(t, offer);
    const res = await as(t, buyer, {
      method: 'POST',
      url: '/api/payment',
      payload: { offerId: offer.id, transactionId },
    });
    expect(res.statusCode).toBe(201);
    return [seller];
  },
  'offer.purchase-confirmed': async (t, { seller, buyer }) => {
    const car = await createCar(t, seller, { reservedAt: new Date() });
    const offer = await createOffer(t, buyer, car, seller, {
      status: 'accepted',
      turn: null,
      expiresAt: null,
    });
    const res = await as(t, buyer, { method: 'POST', url: `/api/offers/${offer.id}/confirm` });
    expect(res.statusCode).toBe(200);
    return [seller];
  },
  'waitlist.ended': async (t, { seller, otherBuyer }) => {
    const car = await createCar(t, seller);
    await t.db.transaction((tx) =>
      publish(tx, 'waitlist.ended', { carId: car.id, sold: false, buyerIds: [otherBuyer.id] }),
    );
    return [otherBuyer];
  },
  'review.received': async (t, { seller, buyer }) => {
    const booking = await createPastTestDrive(t, buyer, await createCar(t, seller), seller);
    const res = await as(t, buyer, {
      method: 'POST',
      url: '/api/reviews',
      payload: {
        bookingId: booking.id,
        experience: 5,
        accuracy: 4,
        communication: 5,
        body: 'A fair seller.',
      },
    });
    expect(res.statusCode).toBe(201);
    return [seller];
  },
  'review.answered': async (t, { seller, buyer }) => {
    // Stored directly: a review posted would e-mail the seller too.
    const booking = await createPastTestDrive(t, buyer, await createCar(t, seller), seller);
    const [review] = await t.db
      .insert(reviews)
      .values({
        bookingId: booking.id,
        buyerId: buyer.id,
        sellerId: seller.id,
        carName: booking.carName,
        experience: 4,
        accuracy: 4,
        communication: 4,
        body: 'Good.',
      })
      .returning();
    const res = await as(t, seller, {
      method: 'POST',
      url: `/api/reviews/${review!.id}/answer`,
      payload: { body: 'Thank you for coming by.' },
    });
    expect(res.statusCode).toBe(200);
    return [buyer];
  },
  'refund.made': async (t, { seller, buyer }) => {
    const payment = await recordPayment(t, await aBooking(t, { seller, buyer }));
    const [refund] = await t.db
      .insert(refunds)
      .values({ paymentId: payment.id, amount: payment.price, reason: 'admin', status: 'succeeded' })
      .returning();
    await t.db.transaction((tx) =>
      publish(tx, 'refund.succeeded', {
        refundId: refund!.id,
        bookingId: payment.bookingId,
        offerId: null,
        amount: refund!.amount,
      }),
    );
    return [buyer];
  },
};

/** The answer to an offer of the side whose turn it is, through its route. */
async function answerOffer(t: TestApp, user: TestUser, offerId: string, payload: object) {
  const res = await as(t, user, { method: 'POST', url: `/api/offers/${offerId}/answer`, payload });
  expect(res.statusCode).toBe(200);
}

/** A step of a booking's lifecycle, through its route. */
async function answer(t: TestApp, user: TestUser, bookingId: string, step: string, payload?: object) {
  const res = await as(t, user, {
    method: 'POST',
    url: `/api/testdrivebooking/${bookingId}/${step}`,
    payload,
  });
  expect(res.statusCode).toBe(200);
}

describe('each kind by e-mail', () => {
  for (const type of Object.keys(tellOf) as NotificationType[]) {
    const byDefault = NOTIFICATION_KINDS[type].email;
    it(`${type}: e-mailed ${byDefault ? 'once' : 'never (off by default)'}, to the users it tells only`, async ({
      t,
      people,
    }) => {
      const box = mailbox(t);
      const told = await tellOf[type](t, people);
      await deliver(t);
      for (const user of Object.values(people)) {
        const mails = box.to(user);
        if (!byDefault || !told.includes(user)) {
          expect(mails).toEqual([]);
          continue;
        }
        expect(mails).toHaveLength(1);
        const [latest] = await t.db
          .select()
          .from(notifications)
          .where(eq(notifications.userId, user.id))
          .orderBy(notifications.createdAt)
          .then((rows) => rows.filter((row) => row.type === type).slice(-1));
        expect(mails[0]?.subject).toBe(latest?.title);
        expect(mails[0]?.text).toContain(latest?.body);
        expect(mails[0]?.text).toContain(`http://localhost:3000${latest?.link}`);
      }
      // Nothing else is sent later: the outbox is empty and the clock moving on sends nothing more.
      await clock.tick(EMAIL_BATCH_SECONDS * 1000);
      expect(box.all()).toHaveLength(byDefault ? told.length : 0);
    });
  }
});

describe('preferences', () => {
  it('in the app off: no notification, still e-mailed; e-mail off: a notification, no e-mail', async ({
    t,
    people,
    otherBuyer,
  }) => {
    const box = mailbox(t);
    expect(
      (await setPreferences(t, otherBuyer, [{ type: 'account.verified', inApp: false, email: true }]))
        .statusCode,
    ).toBe(200);
    const before = await t.db.select().from(notifications).where(eq(notifications.userId, otherBuyer.id));
    await tellOf['account.verified'](t, people);
    await deliver(t);
    const after = await t.db.select().from(notifications).where(eq(notifications.userId, otherBuyer.id));
    expect(after).toHaveLength(before.length);
    expect(box.to(otherBuyer).map((mail) => mail.subject)).toEqual(['Your account is verified']);

    await setPreferences(t, otherBuyer, [{ type: 'account.verified', inApp: true, email: false }]);
    await tellOf['account.verified'](t, people);
    await deliver(t);
    expect(
      await t.db.select().from(notifications).where(eq(notifications.userId, otherBuyer.id)),
    ).toHaveLength(before.length + 1);
    expect(box.to(otherBuyer)).toHaveLength(1);
    await setPreferences(t, otherBuyer, [{ type: 'account.verified', inApp: true, email: true }]);
  });

  it('both off: nothing at all; a kind off leaves the other kinds as they were', async ({
    t,
    people,
    seller,
  }) => {
    const box = mailbox(t);
    await setPreferences(t, seller, [{ type: 'booking.paid', inApp: false, email: false }]);
    const before = await t.db.select().from(notifications).where(eq(notifications.userId, seller.id));
    await tellOf['booking.paid'](t, people);
    await tellOf['booking.requested'](t, people);
    await deliver(t);
    const after = await t.db.select().from(notifications).where(eq(notifications.userId, seller.id));
    expect(after.slice(before.length).map((row) => row.type)).toEqual(['booking.requested']);
    expect(box.to(seller).map((mail) => mail.subject)).toEqual(['Test drive requested']);
    await setPreferences(t, seller, [{ type: 'booking.paid', inApp: true, email: true }]);
  });

  it('an e-mail turned off after the notification and before the e-mail is not sent', async ({
    t,
    people,
    buyer,
  }) => {
    const box = mailbox(t);
    await tellOf['saved-car.price-dropped'](t, people);
    await setPreferences(t, buyer, [{ type: 'saved-car.price-dropped', inApp: true, email: false }]);
    await deliver(t);
    expect(box.to(buyer)).toEqual([]);
    await setPreferences(t, buyer, [{ type: 'saved-car.price-dropped', inApp: true, email: true }]);
  });
});

describe('an address nobody has confirmed', () => {
  it('is told in the app but not e-mailed; once confirmed by its link, it is e-mailed too', async ({
    t,
    seller,
  }) => {
    const newcomer = await signUpUser(t, 'Buyer', { name: 'Nell Newcomer', emailVerified: false });
    const acceptedBooking = async () => {
      const booking = await createBooking(t, newcomer, await createCar(t, seller), seller);
      await answer(t, seller, booking.id, 'accept');
    };
    const told = () => t.db.select().from(notifications).where(eq(notifications.userId, newcomer.id));
    const box = mailbox(t);

    await acceptedBooking();
    await deliver(t);
    expect((await told()).map((row) => row.type)).toEqual(['booking.accepted']);
    expect(box.to(newcomer)).toEqual([]);

    expect((await followConfirmationLink(t, newcomer.email)).statusCode).toBe(302);
    await acceptedBooking();
    await deliver(t);
    expect(await told()).toHaveLength(2);
    expect(box.to(newcomer).map((mail) => mail.subject)).toEqual(['Test drive accepted']);
  });
});

describe('what is sent, and when', () => {
  it('a change that rolls back e-mails nobody', async ({ t, otherBuyer }) => {
    const box = mailbox(t);
    await expect(
      t.db.transaction(async (tx) => {
        await publish(tx, 'user.changed', { userId: otherBuyer.id, change: 'verified' });
        throw new Error('the change fails after telling');
      }),
    ).rejects.toThrow('the change fails after telling');
    await deliver(t);
    expect(box.all()).toEqual([]);
    expect(
      await t.context.jobs.boss.findJobs('notifications.email', { key: otherBuyer.id, queued: true }),
    ).toEqual([]);
  });

  it('a burst of notifications to one user is one e-mail listing them all, with one job', async ({
    t,
    people,
    seller,
  }) => {
    const box = mailbox(t);
    await tellOf['booking.requested'](t, people);
    await tellOf['booking.paid'](t, people);
    await tellOf['message.received'](t, people);
    const queued = await t.context.jobs.boss.findJobs('notifications.email', {
      key: seller.id,
      queued: true,
    });
    expect(queued).toHaveLength(1);
    await deliver(t);
    const [mail, ...more] = box.to(seller);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('3 new notifications on Redline');
    for (const title of ['Test drive requested', 'Test drive paid', 'Message from Bea Buyer'])
      expect(mail?.text).toContain(title);
    expect(mail?.html).toContain('You have 3 new notifications');
  });

  it('each e-mail has HTML and text, absolute links, and a one-click unsubscribe of its kind', async ({
    t,
    people,
    otherBuyer,
  }) => {
    const box = mailbox(t);
    await tellOf['account.verified'](t, people);
    await deliver(t);
    const [mail] = box.to(otherBuyer);
    expect(mail?.headers?.['List-Unsubscribe']).toMatch(
      /^<http:\/\/localhost:3000\/api\/notifications\/unsubscribe\?token=[\w%.-]+>$/,
    );
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail?.html).toContain('href="http://localhost:3000/dash"');
    expect(mail?.html).toContain('href="http://localhost:3000/dash/notifications/settings"');
    expect(mail?.html).toMatch(/href="http:\/\/localhost:3000\/notifications\/unsubscribe\?token=[\w%.-]+"/);
    expect(mail?.text).toContain(
      'Manage your notification settings: http://localhost:3000/dash/notifications/settings',
    );
  });
});
