import { randomUUID } from 'node:crypto';
import { REPORTS_SHOWN, type ReportedCar } from '@redline/shared';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { cars, photos, reportedCars } from '../src/db/schema.ts';
import { carInput, createCar, ensureCategory } from './factories.ts';
import { it as base } from './fixtures.ts';
import { as, createTestApp, errorOf, signUpUser, type TestApp, type TestUser } from './helpers.ts';

const it = base.extend(
  'actors',
  { scope: 'file' },
  {
    seller: { name: 'Sam Seller' },
    buyer: { name: 'Rita Reporter' },
    otherBuyer: { name: 'Otto Other' },
  },
);

const report = (t: TestApp, user: TestUser | undefined, payload: Record<string, unknown>) =>
  as(t, user, { method: 'POST', url: '/api/reportedpost', payload });
const reportsOf = (t: TestApp, carId: string) =>
  t.db.select().from(reportedCars).where(eq(reportedCars.carId, carId));
const carExists = async (t: TestApp, carId: string) =>
  (await t.db.select().from(cars).where(eq(cars.id, carId))).length === 1;

describe('POST /api/reportedpost', () => {
  it('refuses a visitor, a seller and an admin', async ({ t, seller, admin }) => {
    const car = await createCar(t, seller);
    const payload = { carId: car.id, reason: 'Suspected fraud' };
    expect((await report(t, undefined, payload)).statusCode).toBe(401);
    expect((await report(t, seller, payload)).statusCode).toBe(403);
    expect((await report(t, admin, payload)).statusCode).toBe(403);
    expect(await reportsOf(t, car.id)).toHaveLength(0);
  });

  it('records the report for the signed-in buyer, once', async ({ t, seller, buyer, otherBuyer }) => {
    const car = await createCar(t, seller);
    const res = await report(t, buyer, {
      carId: car.id,
      reason: 'Misleading information',
      details: '  The mileage in the photos is higher.  ',
      buyerId: otherBuyer.id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      carId: car.id,
      reason: 'Misleading information',
      details: 'The mileage in the photos is higher.',
    });
    const rows = await reportsOf(t, car.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ buyerId: buyer.id, reason: 'Misleading information' });

    const again = await report(t, buyer, { carId: car.id, reason: 'Suspected fraud' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('You have already reported this post.');
    expect((await report(t, otherBuyer, { carId: car.id, reason: 'Suspected fraud' })).statusCode).toBe(201);
    expect(await reportsOf(t, car.id)).toHaveLength(2);
  });

  it('needs a reason from the list, and details when the reason is Other', async ({ t, seller, buyer }) => {
    const car = await createCar(t, seller);
    const missing = await report(t, buyer, { carId: car.id });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).fields).toEqual({ reason: 'Choose a reason' });
    const unknown = await report(t, buyer, { carId: car.id, reason: 'I do not like red' });
    expect(errorOf(unknown).fields).toEqual({ reason: 'Choose a reason' });
    const other = await report(t, buyer, { carId: car.id, reason: 'Other', details: '   ' });
    expect(other.statusCode).toBe(400);
    expect(errorOf(other).fields).toEqual({ details: 'Tell us what is wrong with this post' });
    const long = await report(t, buyer, { carId: car.id, reason: 'Other', details: 'x'.repeat(1001) });
    expect(errorOf(long).fields).toEqual({ details: 'Details must be at most 1000 characters' });
    expect(await reportsOf(t, car.id)).toHaveLength(0);
    const ok = await report(t, buyer, { carId: car.id, reason: 'Other', details: 'x'.repeat(1000) });
    expect(ok.statusCode).toBe(201);
  });

  it('answers 404 for an unknown car', async ({ t, buyer }) => {
    const res = await report(t, buyer, { carId: randomUUID(), reason: 'Suspected fraud' });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).message).toBe('The car was not found.');
  });
});

describe('GET /api/reportedpost', () => {
  it('refuses a visitor, a buyer and a seller', async ({ t, seller, buyer }) => {
    expect((await as(t, undefined, { method: 'GET', url: '/api/reportedpost' })).statusCode).toBe(401);
    expect((await as(t, buyer, { method: 'GET', url: '/api/reportedpost' })).statusCode).toBe(403);
    expect((await as(t, seller, { method: 'GET', url: '/api/reportedpost' })).statusCode).toBe(403);
  });

  it('lists each reported car once with its reports, most recently reported first, page by page', async () => {
    const listApp = await createTestApp();
    try {
      const listSeller = await signUpUser(listApp, 'Seller', { name: 'Lee Lister', isVerified: true });
      const first = await signUpUser(listApp, 'Buyer', { name: 'First Buyer' });
      const second = await signUpUser(listApp, 'Buyer', { name: 'Second Buyer' });
      const listAdmin = await signUpUser(listApp, 'Admin');
      const old = await createCar(listApp, listSeller, { year: 2018, brand: 'McLaren', model: '720S' });
      const recent = await createCar(listApp, listSeller, {
        year: 2022,
        brand: 'Aston Martin',
        model: 'DBS',
      });
      await createCar(listApp, listSeller); // never reported
      const post = (user: TestUser, carId: string, reason: string, details = '') =>
        as(listApp, user, { method: 'POST', url: '/api/reportedpost', payload: { carId, reason, details } });
      expect((await post(first, old.id, 'Suspected fraud')).statusCode).toBe(201);
      expect((await post(first, recent.id, 'Car already sold')).statusCode).toBe(201);
      expect((await post(second, old.id, 'Other', 'Same car listed twice')).statusCode).toBe(201);

      const res = await as(listApp, listAdmin, { method: 'GET', url: '/api/reportedpost' });
      expect(res.statusCode).toBe(200);
      const { items } = res.json() as { items: ReportedCar[] };
      expect(items).toEqual([
        {
          id: old.id,
          carName: '2018 McLaren 720S',
          carPhoto: `/uploads/${old.photos[0]}-480.webp`,
          postedBy: 'Lee Lister',
          sellerEmail: listSeller.email,
          sellerVerified: true,
          reportCount: 2,
          lastReportedAt: expect.any(String),
          reasons: [
            { reason: 'Other', count: 1 },
            { reason: 'Suspected fraud', count: 1 },
          ],
          reports: [
            {
              reason: 'Other',
              details: 'Same car listed twice',
              buyerName: 'Second Buyer',
              createdAt: expect.any(String),
            },
            {
              reason: 'Suspected fraud',
              details: '',
              buyerName: 'First Buyer',
              createdAt: expect.any(String),
            },
          ],
        },
        expect.objectContaining({ id: recent.id, carName: '2022 Aston Martin DBS', reportCount: 1 }),
      ]);
      expect(Date.parse(items[0]!.lastReportedAt)).toBe(Date.parse(items[0]!.reports[0]!.createdAt));

      const page1 = (
        await as(listApp, listAdmin, { method: 'GET', url: '/api/reportedpost?limit=1' })
      ).json() as {
        items: ReportedCar[];
        nextCursor: string;
      };
      expect(page1.items.map((i) => i.id)).toEqual([old.id]);
      const page2 = (
        await as(listApp, listAdmin, {
          method: 'GET',
          url: `/api/reportedpost?limit=1&cursor=${page1.nextCursor}`,
        })
      ).json() as { items: ReportedCar[]; nextCursor: string | null };
      expect(page2.items.map((i) => i.id)).toEqual([recent.id]);
      expect(page2.nextCursor).toBeNull();
    } finally {
      await listApp.close();
    }
  });
});

describe('GET /api/reportedpost, a car with many reports', () => {
  it('counts every report by reason and details only the latest ten', async ({ t, seller, admin }) => {
    const car = await createCar(t, seller);
    const reasons = ['Suspected fraud', 'Misleading information', 'Suspected fraud'] as const;
    for (let i = 0; i < 12; i++) {
      const reporter = await signUpUser(t, 'Buyer', { name: `Reporter ${i + 1}` });
      const res = await report(t, reporter, { carId: car.id, reason: reasons[i % 3] });
      expect(res.statusCode).toBe(201);
    }
    const res = await as(t, admin, { method: 'GET', url: '/api/reportedpost?limit=50' });
    const listed = (res.json() as { items: ReportedCar[] }).items.find((item) => item.id === car.id);
    expect(listed).toMatchObject({
      reportCount: 12,
      reasons: [
        { reason: 'Suspected fraud', count: 8 },
        { reason: 'Misleading information', count: 4 },
      ],
    });
    expect(listed!.reports.map((one) => one.buyerName)).toEqual(
      Array.from({ length: REPORTS_SHOWN }, (_, i) => `Reporter ${12 - i}`),
    );
  });
});

describe('DELETE /api/reportedpost/:carId', () => {
  const remove = (t: TestApp, user: TestUser | undefined, carId: string) =>
    as(t, user, { method: 'DELETE', url: `/api/reportedpost/${carId}` });

  it('refuses a visitor, a buyer and a seller, even the car’s own seller', async ({ t, seller, buyer }) => {
    const car = await createCar(t, seller);
    await report(t, buyer, { carId: car.id, reason: 'Suspected fraud' });
    expect((await remove(t, undefined, car.id)).statusCode).toBe(401);
    expect((await remove(t, buyer, car.id)).statusCode).toBe(403);
    expect((await remove(t, seller, car.id)).statusCode).toBe(403);
    expect(await carExists(t, car.id)).toBe(true);
  });

  it('lets an admin delete a reported car', async ({ t, seller, buyer, admin }) => {
    const car = await createCar(t, seller);
    await report(t, buyer, { carId: car.id, reason: 'Suspected fraud' });
    const res = await remove(t, admin, car.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect(await carExists(t, car.id)).toBe(false);
    expect(await reportsOf(t, car.id)).toHaveLength(0);
  });

  it('answers 404 for a car that is not reported (or no longer), and keeps it', async ({
    t,
    seller,
    admin,
  }) => {
    const car = await createCar(t, seller);
    const res = await remove(t, admin, car.id);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).message).toBe('The reported post was not found.');
    expect(await carExists(t, car.id)).toBe(true);
    expect((await remove(t, admin, randomUUID())).statusCode).toBe(404);
  });
});

describe('POST /api/reportedpost/:carId/dismiss', () => {
  const dismiss = (t: TestApp, user: TestUser | undefined, carId: string) =>
    as(t, user, { method: 'POST', url: `/api/reportedpost/${carId}/dismiss` });

  it('refuses a visitor, a buyer and a seller', async ({ t, seller, buyer }) => {
    const car = await createCar(t, seller);
    await report(t, buyer, { carId: car.id, reason: 'Suspected fraud' });
    expect((await dismiss(t, undefined, car.id)).statusCode).toBe(401);
    expect((await dismiss(t, buyer, car.id)).statusCode).toBe(403);
    expect((await dismiss(t, seller, car.id)).statusCode).toBe(403);
    expect(await reportsOf(t, car.id)).toHaveLength(1);
  });

  it("removes the car's reports only; the car and other cars' reports stay", async ({
    t,
    seller,
    buyer,
    otherBuyer,
    admin,
  }) => {
    const car = await createCar(t, seller);
    const otherCar = await createCar(t, seller);
    await report(t, buyer, { carId: car.id, reason: 'Suspected fraud' });
    await report(t, otherBuyer, { carId: car.id, reason: 'Inappropriate content' });
    await report(t, buyer, { carId: otherCar.id, reason: 'Suspected fraud' });
    const res = await dismiss(t, admin, car.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 2 });
    expect(await reportsOf(t, car.id)).toHaveLength(0);
    expect(await reportsOf(t, otherCar.id)).toHaveLength(1);
    expect(await carExists(t, car.id)).toBe(true);
    expect((await dismiss(t, admin, car.id)).json()).toEqual({ deletedCount: 0 });
    // Once dismissed, the car is no longer "reported": Delete Post refuses it.
    expect((await as(t, admin, { method: 'DELETE', url: `/api/reportedpost/${car.id}` })).statusCode).toBe(
      404,
    );
  });
});

describe('a VIN on two cars for sale', () => {
  it.beforeAll(async ({ t }) => {
    await ensureCategory(t, 'super-car');
  });

  /** Posts a car through the API, as a seller does (the check reacts to the post). */
  async function post(t: TestApp, seller: TestUser, vin: string, year = 2003, model = 'Accord') {
    const key = randomUUID().replaceAll('-', '');
    await t.db.insert(photos).values({ key, uploaderId: seller.id, width: 2000, height: 1000 });
    const res = await as(t, seller, {
      method: 'POST',
      url: '/api/cars',
      payload: { ...carInput([key]), year, brand: 'Honda', model, vin },
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string };
  }
  const edit = (t: TestApp, seller: TestUser, carId: string, payload: Record<string, unknown>) =>
    as(t, seller, { method: 'PATCH', url: `/api/cars/${carId}`, payload });
  const reportedToAdmins = async (t: TestApp, admin: TestUser, carId: string) =>
    (
      (await as(t, admin, { method: 'GET', url: '/api/reportedpost', query: { limit: '50' } })).json() as {
        items: ReportedCar[];
      }
    ).items.find((car) => car.id === carId);

  it("is reported to the admins by Redline when a car is posted or its VIN edited to one for sale; a sold car's VIN is not", async ({
    t,
    seller,
    otherSeller,
    admin,
  }) => {
    const first = await post(t, seller, '1HGCM82633A004352');
    expect(await reportsOf(t, first.id)).toHaveLength(0);

    const second = await post(t, otherSeller, '1hgcm82633a004352');
    expect(await reportedToAdmins(t, admin, second.id)).toMatchObject({
      reportCount: 1,
      reports: [
        {
          reason: 'Other',
          buyerName: 'Redline',
          details: `Automatic check: the VIN 1HGCM82633A004352 is also on 2003 Honda Accord (${first.id}), for sale. A duplicate listing, or a stolen car's?`,
        },
      ],
    });
    // Once per car: another edit that changes the VIN back and forth adds no second report.
    expect((await edit(t, otherSeller, second.id, { vin: '911-300123', year: 1975 })).statusCode).toBe(200);
    expect((await edit(t, otherSeller, second.id, { vin: '1HGCM82633A004352', year: 2003 })).statusCode).toBe(
      200,
    );
    expect(await reportsOf(t, second.id)).toHaveLength(1);

    // A sold car's VIN may be listed again: no report; back on sale, it is reported.
    const sold = await post(t, seller, 'WP0AB2A93KS114315');
    expect((await edit(t, seller, sold.id, { sold: true })).statusCode).toBe(200);
    const relisting = await post(t, otherSeller, 'WP0AB2A93KS114315');
    expect(await reportsOf(t, relisting.id)).toHaveLength(0);
    expect((await edit(t, seller, sold.id, { sold: false })).statusCode).toBe(200);
    expect(await reportedToAdmins(t, admin, sold.id)).toMatchObject({ reportCount: 1 });

    // An edit to a VIN of a car for sale is reported; an older car's chassis number never is.
    const edited = await post(t, seller, '5YJ3E1EA2KF317000');
    expect((await edit(t, seller, edited.id, { vin: '1HGCM82633A004352' })).statusCode).toBe(200);
    expect(await reportsOf(t, edited.id)).toHaveLength(1);
    const classic = await post(t, seller, '911-300123', 1975);
    expect(await reportsOf(t, (await post(t, otherSeller, '911-300123', 1975)).id)).toHaveLength(0);
    expect(await reportsOf(t, classic.id)).toHaveLength(0);
  });

  it('reports one of two cars posted at the same instant with one VIN, and a car edited to it at once by several requests once', async ({
    t,
    seller,
    otherSeller,
  }) => {
    const vin = '1FTFW1ET9DFC10312';
    // Two names: the counts a name keeps would otherwise order the two posts.
    const pair = await Promise.all([
      post(t, seller, vin, 2013, 'Accord'),
      post(t, otherSeller, vin.toLowerCase(), 2013, 'Civic'),
    ]);
    const counts = await Promise.all(pair.map(async (car) => (await reportsOf(t, car.id)).length));
    expect(counts.sort()).toEqual([0, 1]);

    const edited = await post(t, otherSeller, '2T1BURHE5JC034461', 2013);
    const edits = await Promise.all(
      [vin, vin.toLowerCase(), vin, vin.toLowerCase()].map((same) =>
        edit(t, otherSeller, edited.id, { vin: same }),
      ),
    );
    expect(edits.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await reportsOf(t, edited.id)).toHaveLength(1);
  });
});
