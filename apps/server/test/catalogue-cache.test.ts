/**
 * The catalogue cache: GET /api/categories, GET /api/advertise and (signed in) GET /api/cars/{category}
 * carry an ETag and answer a matching If-None-Match with a bodiless 304, and every write that
 * changes them is visible on the very next read.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, vi } from 'vitest';
import { z } from 'zod';
import { CatalogueCache, Kept, MAX_AGE_MS } from '../src/catalogue/catalogue-cache.ts';
import { categories, photos } from '../src/db/schema.ts';
import { type DomainEvents, type EventName, publish } from '../src/events/index.ts';
import { responseSerializer } from '../src/http/serializer.ts';
import { advertise, createCar, ensureCategory } from './factories.ts';
import { it as base } from './fixtures.ts';
import { as, createTestApp, renameUser, signUpUser, type TestApp, type TestUser } from './helpers.ts';

const it = base.extend('actors', { scope: 'file' }, { seller: { name: 'Sam Seller' } });
it.beforeAll(async ({ t }) => {
  await ensureCategory(t, 'super-car');
});
afterEach(() => {
  vi.useRealTimers();
});

type AdvertisedItem = { id: string; askingPrice: number; seller: string; sellerVerified: boolean };

const get = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

async function whatsNew(t: TestApp) {
  const res = await get(t, '/api/advertise?limit=50');
  expect(res.statusCode).toBe(200);
  return { res, etag: res.headers.etag as string, items: res.json().items as AdvertisedItem[] };
}

const idsOf = (items: AdvertisedItem[]) => items.map((c) => c.id);

/** A committed transaction that only announces a change, for writes made straight into the database. */
const announce = <N extends EventName>(t: TestApp, name: N, payload: DomainEvents[N]) =>
  t.db.transaction((tx) => publish(tx, name, payload));

/** A car of `owner` on the What's New list, with the list read once so that it is cached. */
async function advertisedCar(t: TestApp, owner: TestUser) {
  const car = await createCar(t, owner);
  const res = await as(t, owner, { method: 'POST', url: '/api/advertise', payload: { carId: car.id } });
  expect(res.statusCode).toBe(201);
  const before = await whatsNew(t);
  expect(idsOf(before.items)).toContain(car.id);
  return { car, before };
}

/** The previous ETag no longer matches: a browser holding the old copy gets the new one. */
async function expectStaleFor(t: TestApp, user: TestUser | undefined, url: string, oldEtag: string) {
  const res: LightMyRequestResponse = await as(t, user, {
    method: 'GET',
    url,
    headers: { 'if-none-match': oldEtag },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers.etag).not.toBe(oldEtag);
}
const expectStale = (t: TestApp, url: string, oldEtag: string) => expectStaleFor(t, undefined, url, oldEtag);

describe('ETag and 304', () => {
  it('GET /api/categories sends an ETag and answers a matching If-None-Match with an empty 304', async ({
    t,
  }) => {
    const first = await get(t, '/api/categories');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.json().map((c: { id: string }) => c.id)).toContain('super-car');

    const again = await get(t, '/api/categories', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    // Weak form, a list of tags, and the wildcard match too; another tag does not.
    expect((await get(t, '/api/categories', { 'if-none-match': `W/${etag}` })).statusCode).toBe(304);
    expect((await get(t, '/api/categories', { 'if-none-match': `"other", ${etag}` })).statusCode).toBe(304);
    expect((await get(t, '/api/categories', { 'if-none-match': '*' })).statusCode).toBe(304);
    const other = await get(t, '/api/categories', { 'if-none-match': '"other"' });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(first.body);
  });

  it('GET /api/advertise does the same, per page (limit and cursor)', async ({ t, seller }) => {
    await advertisedCar(t, seller);
    await advertisedCar(t, seller);
    const page = await get(t, '/api/advertise?limit=1');
    const etag = page.headers.etag as string;
    expect(page.json().items).toHaveLength(1);
    expect((await get(t, '/api/advertise?limit=1', { 'if-none-match': etag })).statusCode).toBe(304);

    const cursor = page.json().nextCursor as string;
    const next = await get(t, `/api/advertise?limit=1&cursor=${cursor}`);
    expect(next.statusCode).toBe(200);
    expect(next.headers.etag).not.toBe(etag);
    expect(next.json().items[0].id).not.toBe(page.json().items[0].id);
  });

  it('sends Brotli or gzip to a client that accepts them, each encoding with its own ETag', async ({ t }) => {
    const plain = await get(t, '/api/advertise?limit=50');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');

    const br = await get(t, '/api/advertise?limit=50', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    // The stream declares a 64 KB window (first bit 0: WBITS 16), which keeps the compressor small.
    expect(br.rawPayload[0]! & 1).toBe(0);

    const gz = await get(t, '/api/advertise?limit=50', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);

    const refused = await get(t, '/api/advertise?limit=50', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);

    const tags = [plain, br, gz].map((res) => res.headers.etag);
    expect(new Set(tags).size).toBe(3);
    // A copy revalidates with the tag of its own encoding.
    const again = await get(t, '/api/advertise?limit=50', {
      'accept-encoding': 'br',
      'if-none-match': br.headers.etag as string,
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers.etag).toBe(br.headers.etag);
    const other = await get(t, '/api/advertise?limit=50', { 'if-none-match': br.headers.etag as string });
    expect(other.statusCode).toBe(200);
  });

  it('does not cache a refused request: a forged cursor stays a 400', async ({ t }) => {
    const res = await get(t, '/api/advertise?cursor=not-a-cursor');
    expect(res.statusCode).toBe(400);
    expect(res.headers.etag).toBeUndefined();
    expect((await get(t, '/api/advertise?cursor=not-a-cursor')).statusCode).toBe(400);
  });
});

describe('every change is visible on the next read', () => {
  it('advertising a car', async ({ t, seller }) => {
    const before = await whatsNew(t);
    const car = await createCar(t, seller);
    await as(t, seller, { method: 'POST', url: '/api/advertise', payload: { carId: car.id } });
    const after = await whatsNew(t);
    expect(idsOf(after.items)[0]).toBe(car.id);
    await expectStale(t, '/api/advertise?limit=50', before.etag);
  });

  it('editing an advertised car', async ({ t, seller }) => {
    const { car, before } = await advertisedCar(t, seller);
    const res = await as(t, seller, {
      method: 'PATCH',
      url: `/api/cars/${car.id}`,
      payload: { askingPrice: 19_900_000 },
    });
    expect(res.statusCode).toBe(200);
    const after = await whatsNew(t);
    expect(after.items.find((c) => c.id === car.id)?.askingPrice).toBe(19_900_000);
    await expectStale(t, '/api/advertise?limit=50', before.etag);
  });

  it('marking it sold, and back on sale', async ({ t, seller }) => {
    const { car } = await advertisedCar(t, seller);
    await as(t, seller, { method: 'PATCH', url: `/api/cars/${car.id}`, payload: { sold: true } });
    expect(idsOf((await whatsNew(t)).items)).not.toContain(car.id);
    await as(t, seller, { method: 'PATCH', url: `/api/cars/${car.id}`, payload: { sold: false } });
    expect(idsOf((await whatsNew(t)).items)).toContain(car.id);
  });

  it('its seller deleting it', async ({ t, seller }) => {
    const { car, before } = await advertisedCar(t, seller);
    expect((await as(t, seller, { method: 'DELETE', url: `/api/cars/${car.id}` })).statusCode).toBe(200);
    expect(idsOf((await whatsNew(t)).items)).not.toContain(car.id);
    await expectStale(t, '/api/advertise?limit=50', before.etag);
  });

  it('an admin deleting it', async ({ t, seller, admin }) => {
    const { car } = await advertisedCar(t, seller);
    expect((await as(t, admin, { method: 'DELETE', url: `/api/cars/${car.id}` })).statusCode).toBe(200);
    expect(idsOf((await whatsNew(t)).items)).not.toContain(car.id);
  });

  it("an admin verifying the seller (the card's verified badge)", async ({ t, admin }) => {
    const newcomer = await signUpUser(t, 'Seller', { name: 'Nina Newcomer' });
    const { car } = await advertisedCar(t, newcomer);
    expect((await whatsNew(t)).items.find((c) => c.id === car.id)?.sellerVerified).toBe(false);
    const res = await as(t, admin, { method: 'PATCH', url: `/api/user/sellers/${newcomer.id}` });
    expect(res.statusCode).toBe(200);
    expect((await whatsNew(t)).items.find((c) => c.id === car.id)).toMatchObject({
      seller: 'Nina Newcomer',
      sellerVerified: true,
    });
  });

  it('an admin deleting the seller', async ({ t, admin }) => {
    const leaving = await signUpUser(t, 'Seller');
    const { car } = await advertisedCar(t, leaving);
    const res = await as(t, admin, { method: 'DELETE', url: `/api/users/${leaving.email}` });
    expect(res.statusCode).toBe(200);
    expect(idsOf((await whatsNew(t)).items)).not.toContain(car.id);
  });

  it('an admin deleting a reported car', async ({ t, seller, buyer, admin }) => {
    const { car } = await advertisedCar(t, seller);
    const report = await as(t, buyer, {
      method: 'POST',
      url: '/api/reportedpost',
      payload: { carId: car.id, reason: 'Suspected fraud' },
    });
    expect(report.statusCode).toBe(201);
    const res = await as(t, admin, { method: 'DELETE', url: `/api/reportedpost/${car.id}` });
    expect(res.statusCode).toBe(200);
    expect(idsOf((await whatsNew(t)).items)).not.toContain(car.id);
  });

  it('a category change, once its writer announces it', async ({ t }) => {
    const before = await get(t, '/api/categories');
    await t.db
      .insert(categories)
      .values({ id: 'classic', name: 'Classic', icon: '/i/c.svg', image: '/i/c.webp', position: 50 });
    // The write announced nothing: the cached answer still stands (that is the cache working).
    const cached = await get(t, '/api/categories', { 'if-none-match': before.headers.etag as string });
    expect(cached.statusCode).toBe(304);

    await announce(t, 'category.added', { categoryId: 'classic' });
    const after = await get(t, '/api/categories');
    expect(after.json().map((c: { id: string }) => c.id)).toContain('classic');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
});

describe("a category's cars", () => {
  const page = (t: TestApp, user: TestUser, headers: Record<string, string> = {}) =>
    as(t, user, { method: 'GET', url: '/api/cars/super-car?limit=50', headers });
  const pageIds = async (t: TestApp, user: TestUser) =>
    (await page(t, user)).json().items.map((c: { id: string }) => c.id) as string[];

  it('answers 304 privately to the signed in, and the same page publicly to a visitor (BROWSING=public)', async ({
    t,
    seller,
    buyer,
  }) => {
    expect((await page(t, buyer)).statusCode).toBe(200);

    const first = await page(t, buyer);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = first.headers.etag as string;
    const again = await page(t, seller, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('private, no-cache');
    expect(again.body).toBe('');

    const anonymous = await t.app.inject({ method: 'GET', url: '/api/cars/super-car?limit=50' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers.etag).toBe(etag);
    expect(anonymous.headers['cache-control']).toBe('no-cache');
  });

  it('shows a car posted through the API on the next read', async ({ t, seller, buyer }) => {
    const before = await page(t, buyer);
    const key = `cache-test-${Date.now()}`;
    await t.db.insert(photos).values({ key, uploaderId: seller.id, width: 1600, height: 1200 });
    const posted = await as(t, seller, {
      method: 'POST',
      url: '/api/cars',
      payload: {
        year: 2022,
        brand: 'Ferrari',
        model: '296 GTB',
        categoryId: 'super-car',
        engine: '3.0 L V6 hybrid',
        fuel: 'Hybrid',
        bodyStyle: 'Coupe',
        transmission: 'Dual-clutch',
        drivetrain: 'RWD',
        exteriorColour: 'Red',
        about: 'Assetto Fiorano, one owner.',
        askingPrice: 32_000_000,
        originalPrice: 34_000_000,
        topSpeed: 330,
        kmDriven: 2_100,
        postalCode: '90210',
        photos: [key],
        declarations: {
          noAccident: true,
          noLitigation: true,
          odometerGenuine: true,
          acceptLegalAction: true,
        },
      },
    });
    expect(posted.statusCode).toBe(201);
    expect((await pageIds(t, buyer))[0]).toBe(posted.json().id);
    await expectStaleFor(t, buyer, '/api/cars/super-car?limit=50', before.headers.etag as string);
  });

  it("shows a seller's new name, changed through the sign-in service, on the next read", async ({
    t,
    buyer,
  }) => {
    const renamed = await signUpUser(t, 'Seller', { name: 'Old Name' });
    const car = await createCar(t, renamed, { categoryId: 'super-car' });
    await announce(t, 'car.posted', { carId: car.id, sellerId: renamed.id }); // the factory writes straight into the database
    const seen = async () => (await page(t, buyer)).json().items.find((c: { id: string }) => c.id === car.id);
    expect((await seen()).seller).toBe('Old Name');
    const res = await renameUser(t, renamed, 'New Name');
    expect(res.statusCode).toBe(200);
    expect((await seen()).seller).toBe('New Name');
  });
});

describe('writes no event announces (SQL typed by an operator)', () => {
  it(`are picked up after ${MAX_AGE_MS} ms at most`, async ({ t, seller }) => {
    const car = await createCar(t, seller);
    await whatsNew(t);
    await advertise(t, car.id); // straight into the database, announcing nothing
    expect(idsOf((await whatsNew(t)).items)).not.toContain(car.id);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + MAX_AGE_MS + 1);
    expect(idsOf((await whatsNew(t)).items)).toContain(car.id);
  });
});

describe('the cache itself', () => {
  /** An app of one route answered from `cache`, its answer written by the routes' serialiser. */
  async function cachedRoute(checkShapes: boolean, answer: unknown) {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setSerializerCompiler(responseSerializer(checkShapes));
    const cache = new CatalogueCache();
    app.get('/answer', { schema: { response: { 200: z.object({ name: z.string() }) } } }, (request, reply) =>
      cache.send(request, reply, { key: 'answer', load: async () => answer }),
    );
    await app.ready();
    return app;
  }

  it("writes only the fields the route's response schema declares, and refuses a wrong shape outside production", async () => {
    for (const checkShapes of [false, true]) {
      const app = await cachedRoute(checkShapes, { name: 'Ada', password: 'secret' });
      const res = await app.inject({ method: 'GET', url: '/answer' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ name: 'Ada' });
      await app.close();
    }
    const wrong = await cachedRoute(true, { name: 42 });
    expect((await wrong.inject({ method: 'GET', url: '/answer' })).statusCode).toBe(500);
    await wrong.close();
  });

  it('compresses an answer in an encoding only when asked, once, then keeps it', async () => {
    const cache = new CatalogueCache();
    const answer = await cache.get('k', async () => JSON.stringify({ text: 'redline '.repeat(200) }));
    const [br, again] = await Promise.all([answer.encoded('br'), answer.encoded('br')]);
    expect(again).toBe(br);
    expect(brotliDecompressSync(br).toString()).toBe(answer.identity.toString());
    await expect((await cache.get('k', async () => '"reloaded"')).encoded('br')).resolves.toBe(br);
    expect(gunzipSync(await answer.encoded('gzip')).toString()).toBe(answer.identity.toString());
  });

  it('keeps nothing a load read before a change committed', async ({ t }) => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const stale = t.context.catalogue.get('race', async () => {
      await gate;
      return '"before"';
    });
    await announce(t, 'car.updated', { carId: crypto.randomUUID() });
    release();
    expect((await stale).identity.toString()).toBe('"before"');
    const after = await t.context.catalogue.get('race', async () => '"after"');
    expect(after.identity.toString()).toBe('"after"');
  });

  it('asks once for a burst of requests on a cold cache, and answers from memory afterwards', async () => {
    const cache = new CatalogueCache();
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((r) => setTimeout(r, 10));
      return '[]';
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get('k', load)));
    expect(new Set(answers.map((a) => a.etag(null))).size).toBe(1);
    await cache.get('k', load);
    expect(loads).toBe(1);
  });

  it('does not keep a failed load', async () => {
    const cache = new CatalogueCache();
    await expect(
      cache.get('k', async () => {
        throw new Error('database down');
      }),
    ).rejects.toThrow('database down');
    expect((await cache.get('k', async () => '"ok"')).identity.toString()).toBe('"ok"');
  });

  it('belongs to one app: an app built beside it answers from its own database', async ({ t }) => {
    expect((await get(t, '/api/categories')).json().map((c: { id: string }) => c.id)).toContain('super-car');
    // A second app at once, which the fixtures (one app per file) do not give.
    const other = await createTestApp();
    try {
      const res = await other.app.inject({ method: 'GET', url: '/api/categories' });
      expect(res.json().map((c: { id: string }) => c.id)).not.toContain('super-car');
    } finally {
      await other.close();
    }
  });
});

describe('values kept until the catalogue changes (Kept)', () => {
  it('loads a key once however many ask at once, and keeps at most its size, the oldest dropped first', async () => {
    const kept = new Kept<string>(2);
    const loads: string[] = [];
    const load = (key: string) => async () => {
      loads.push(key);
      return key.toUpperCase();
    };
    expect(await Promise.all([kept.get('a', load('a')), kept.get('a', load('a'))])).toEqual(['A', 'A']);
    await kept.get('b', load('b'));
    await kept.get('a', load('a'));
    expect(loads).toEqual(['a', 'b']);
    await kept.get('c', load('c'));
    await kept.get('b', load('b'));
    await kept.get('a', load('a'));
    expect(loads).toEqual(['a', 'b', 'c', 'a']);
    kept.invalidate();
    await kept.get('b', load('b'));
    expect(loads).toEqual(['a', 'b', 'c', 'a', 'b']);
  });
});
