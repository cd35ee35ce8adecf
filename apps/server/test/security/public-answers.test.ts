/**
 * What anyone may read (issue 47): every GET route of the contract whose access lets an anonymous
 * caller in (`public`, and `browse` with BROWSING=public, the default) is called without a session
 * over records of every kind, and no answer carries a user's e-mail address or phone number (buyers
 * reach sellers by message and booking), or a seller's default location (a car's place is public). With BROWSING=signed-in the cars for sale are signed-in
 * users' again. The list of routes comes from the contract, so a new public route is walked too.
 */
import type { RouteDeclaration } from '@redline/shared/contract';
import { contract } from '@redline/shared/contract';
import { describe, expect } from 'vitest';
import {
  VISITOR_SEARCHES_PER_MINUTE,
  VISITOR_SUGGESTIONS_PER_MINUTE,
} from '../../src/modules/cars/cars.routes.ts';
import { advertise, createBooking, createPastTestDrive, dealerProfileInput, postCar } from '../factories.ts';
import { it } from '../fixtures.ts';
import { as, createTestApp, runJob, signUpUser, type TestApp, type TestUser } from '../helpers.ts';

const BUYER_PHONE = '+15125550199';
const DEALER_PROFILE = dealerProfileInput({
  businessName: 'Public Motors',
  street: '1 Public Way',
  phone: '(310) 555-0100',
});
/** The seller's default location, apart from their cars' place (90210, the factories'). */
const SELLER_HOME_ZIP = '94105';

const readsOf = (accesses: readonly RouteDeclaration['access'][]) =>
  Object.values(contract as Record<string, RouteDeclaration>).filter(
    (route) => route.method === 'GET' && accesses.includes(route.access),
  );

/** The GET routes an anonymous caller may call with the default settings. */
const ANONYMOUS_READS = readsOf(['public', 'browse']);
/** The cars for sale: anyone's, or signed-in users' (BROWSING). */
const BROWSING_READS = readsOf(['browse']);

/** The calls of a route: its path with real records' ids, and searches of several kinds. */
type Records = {
  carId: string;
  soldCarId: string;
  sellerId: string;
  makeId: number;
  invitationToken: string;
};
function callsOf(route: RouteDeclaration, records: Records): string[] {
  const { carId, soldCarId, sellerId, makeId, invitationToken } = records;
  const at = (path: string) => `/api${path}`;
  switch (route.path) {
    case '/cars/:id':
      return [at('/cars/super-car')];
    case '/cars/id/:id':
      return [at(`/cars/id/${carId}`), at(`/cars/id/${soldCarId}`)];
    case '/cars/id/:id/comparables':
      return [at(`/cars/id/${carId}/comparables`), at(`/cars/id/${soldCarId}/comparables`)];
    case '/cars/compare':
      return [at(`/cars/compare?ids=${carId},${soldCarId}&near=90210`)];
    case '/cars/search':
      return [at('/cars/search'), at('/cars/search?q=porsche'), at(`/cars/search?seller=${sellerId}`)];
    case '/cars/suggest':
      return [at('/cars/suggest?q=por')];
    case '/sellers/:id':
      return [at(`/sellers/${sellerId}`)];
    case '/sellers/:id/reviews':
      return [at(`/sellers/${sellerId}/reviews`)];
    case '/sellers/ratings':
      return [at(`/sellers/ratings?ids=${sellerId}`)];
    case '/places/:postalCode':
      return [at('/places/90210')];
    case '/vehicles/makes/:makeId/models':
      return [at(`/vehicles/makes/${makeId}/models`)];
    case '/auth/reset-password/:token':
      return [at('/auth/reset-password/not-a-token')];
    case '/notifications/unsubscribe':
      return [at('/notifications/unsubscribe?token=not-a-token')];
    case '/team-invitations/:token':
      return [at(`/team-invitations/${invitationToken}`), at('/team-invitations/not-a-token')];
    default:
      if (route.path.includes(':')) throw new Error(`No call for ${route.path}: add one to callsOf`);
      return [at(route.path)];
  }
}

/** Cars of two sellers, one sold and one advertised, with a price change, a booking and a saved car. */
async function seedRecords(
  t: TestApp,
  { seller, otherSeller, buyer }: Record<'seller' | 'otherSeller' | 'buyer', TestUser>,
): Promise<Records> {
  const home = await as(t, seller, {
    method: 'PUT',
    url: '/api/me/location',
    payload: { postalCode: SELLER_HOME_ZIP },
  });
  expect(home.statusCode, home.body).toBe(200);
  const carId = await postCar(t, seller, { brand: 'Porsche', model: '911 GT3' });
  const soldCarId = await postCar(t, otherSeller, { brand: 'Porsche', model: 'Taycan' });
  await advertise(t, carId);
  const cheaper = await as(t, seller, {
    method: 'PATCH',
    url: `/api/cars/${carId}`,
    payload: { askingPrice: 9_000_000 },
  });
  expect(cheaper.statusCode, cheaper.body).toBe(200);
  const sold = await as(t, otherSeller, {
    method: 'PATCH',
    url: `/api/cars/${soldCarId}`,
    payload: { sold: true },
  });
  expect(sold.statusCode, sold.body).toBe(200);
  const car = await t.db.query.cars.findFirst({ where: (cars, { eq }) => eq(cars.id, carId) });
  await createBooking(t, buyer, car!, seller, { buyerPhone: BUYER_PHONE });
  // A review of the seller by that buyer, after a test drive that took place, with its answer.
  const tookPlace = await createPastTestDrive(t, buyer, car!, seller, { buyerPhone: BUYER_PHONE });
  const review = await as(t, buyer, {
    method: 'POST',
    url: '/api/reviews',
    payload: { bookingId: tookPlace.id, experience: 5, accuracy: 5, communication: 4, body: 'As described.' },
  });
  expect(review.statusCode, review.body).toBe(201);
  const answer = await as(t, seller, {
    method: 'POST',
    url: `/api/reviews/${review.json().id}/answer`,
    payload: { body: 'Thank you.' },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const saved = await as(t, buyer, { method: 'POST', url: '/api/savedpost', payload: { carId } });
  expect(saved.statusCode, saved.body).toBe(201);
  // The seller as a dealer, inviting the other seller to its team: the link's page names neither's address.
  const dealer = await as(t, seller, { method: 'PUT', url: '/api/me/dealer', payload: DEALER_PROFILE });
  expect(dealer.statusCode, dealer.body).toBe(200);
  const invited = await as(t, seller, {
    method: 'POST',
    url: '/api/me/team/invitations',
    payload: { email: otherSeller.email, role: 'salesperson' },
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const mail = t.context.mailer.sent.findLast((sent) => sent.to === otherSeller.email)!;
  const invitationToken = mail.text.match(/\/team\/invitations\/([\w-]+)/)![1]!;
  const makes = await t.app.inject({ method: 'GET', url: '/api/vehicles/makes?q=porsche' });
  // The cars' market values, which their pages and comparables show.
  await runJob(t, 'market-value.refit');
  return { carId, soldCarId, sellerId: seller.id, makeId: makes.json().items[0].id, invitationToken };
}

describe('public answers (BROWSING=public, the default)', () => {
  it("no answer to an anonymous caller carries an e-mail address, a phone number or a seller's default location", async ({
    t,
    seller,
    otherSeller,
    buyer,
    admin,
  }) => {
    const people = { seller, otherSeller, buyer, admin };
    const records = await seedRecords(t, people);
    const secrets = [
      ...Object.values(people).map((person) => person.email),
      BUYER_PHONE,
      BUYER_PHONE.slice(2),
      SELLER_HOME_ZIP,
      'San Francisco',
    ];
    expect(BROWSING_READS.map((route) => route.path).sort()).toEqual(
      [
        '/cars/:id',
        '/cars/id/:id',
        '/cars/id/:id/comparables',
        '/cars/compare',
        '/cars/search',
        '/cars/suggest',
        '/sellers/:id',
        '/sellers/:id/reviews',
        '/sellers/ratings',
      ].sort(),
    );
    const leaks: string[] = [];
    let walked = 0;
    for (const route of ANONYMOUS_READS) {
      for (const url of callsOf(route, records)) {
        const res = await t.app.inject({ method: 'GET', url });
        walked += 1;
        // The cars for sale answer, with the records above in them.
        if (route.access === 'browse') expect(res.statusCode, `${url}: ${res.body.slice(0, 160)}`).toBe(200);
        const body = res.body.toLowerCase();
        for (const secret of secrets)
          if (body.includes(secret.toLowerCase())) leaks.push(`${url}: ${secret}`);
      }
    }
    expect(leaks).toEqual([]);
    expect(walked).toBeGreaterThan(ANONYMOUS_READS.length);
    // The walk saw the records: the car, its price history and its seller.
    const car = (await t.app.inject({ method: 'GET', url: `/api/cars/id/${records.carId}` })).json();
    expect(car).toMatchObject({ sellerId: people.seller.id, seller: people.seller.name });
    expect(car.priceHistory).toHaveLength(2);
  });
});

describe("a visitor's searches and suggestions", () => {
  it('are limited per client address (429 with Retry-After), exactly, even sent at once, apart from a signed-in user and other addresses', async ({
    t,
    buyer,
  }) => {
    for (const [url, max, address] of [
      ['/api/cars/search?q=porsche', VISITOR_SEARCHES_PER_MINUTE, '10.47.0.1'],
      ['/api/cars/suggest?q=por', VISITOR_SUGGESTIONS_PER_MINUTE, '10.47.0.2'],
    ] as const) {
      const call = (remoteAddress: string, cookie?: string) =>
        t.app.inject({ method: 'GET', url, remoteAddress, headers: cookie ? { cookie } : {} });
      // Sent at once, three past the limit: exactly the limit answered, the others refused, and
      // another visitor's call amid the burst answered (the burst does not take the database from them).
      const [other, ...answers] = await Promise.all([
        call('10.47.2.1'),
        ...Array.from({ length: max + 3 }, () => call(address)),
      ]);
      expect(other!.statusCode, url).toBe(200);
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 200).length, url).toBe(max);
      expect(statuses.filter((status) => status === 429).length, url).toBe(3);
      const refused = answers.find((answer) => answer.statusCode === 429)!;
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      // A signed-in user behind the same address, and a visitor elsewhere, are not that address's count.
      expect((await call(address, buyer.cookie)).statusCode, url).toBe(200);
      expect((await call('10.47.1.1')).statusCode, url).toBe(200);
    }
  });
});

describe('BROWSING=signed-in', () => {
  it('the cars for sale answer signed-in users only, as the product was first specified', async ({
    onTestFinished,
  }) => {
    const t = await createTestApp({ BROWSING: 'signed-in' });
    onTestFinished(() => t.close());
    const seller = await signUpUser(t, 'Seller');
    const buyer = await signUpUser(t, 'Buyer');
    const carId = await postCar(t, seller, { brand: 'Porsche', model: '911 GT3' });
    const records = { carId, soldCarId: carId, sellerId: seller.id, makeId: 0, invitationToken: '' };
    for (const route of BROWSING_READS) {
      for (const url of callsOf(route, records)) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
        expect((await as(t, buyer, { method: 'GET', url })).statusCode, url).toBe(200);
      }
    }
    const policy = t.app.accessPolicy.find((entry) => entry.url === '/api/cars/search');
    expect(policy).toMatchObject({ access: 'signedIn', declared: 'browse' });
  });
});
