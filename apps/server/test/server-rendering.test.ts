/**
 * Pages rendered on the server (src/web/server-rendering.ts, ADR 16) and the crawlers' files
 * (src/web/crawlers.ts), against a stand-in for the web build (web-build.ts): what the server does
 * with what the entry answers, and how the entry's API requests are answered. The real entry's pages
 * are checked end to end (e2e/tests/server-rendering.spec.ts).
 */
import { rm } from 'node:fs/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect } from 'vitest';
import { VISITORS_BROWSING_PAGES } from '../src/web/server-rendering.ts';
import { createCar, postCar } from './factories.ts';
import { it as base } from './fixtures.ts';
import { as, renameUser, type TestApp, type TestUser } from './helpers.ts';
import { standInWebBuild } from './web-build.ts';

const it = base
  // biome-ignore lint/correctness/noEmptyPattern: Vitest reads what a fixture needs from this pattern, and it needs nothing.
  .extend('webDist', { scope: 'file' }, async ({}, { onCleanup }) => {
    const webDist = await standInWebBuild();
    onCleanup(() => rm(webDist, { recursive: true, force: true }));
    return webDist;
  })
  .extend('env', { scope: 'file' }, ({ webDist }) => ({ WEB_DIST: webDist }));
const browsingSignedIn = it.extend('env', { scope: 'file' }, ({ webDist }) => ({
  WEB_DIST: webDist,
  BROWSING: 'signed-in',
}));

/** Which of the stand-in entry's renders the page is. */
const renderOf = (html: string) => Number(/<p>render (\d+)<\/p>/.exec(html)?.[1]);

describe('server rendering', () => {
  it("puts the page's own head at the end of index.html's, in place of its title, and the page in its place", async ({
    t,
  }) => {
    const res = await t.app.inject({ method: 'GET', url: '/categories?x=1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    // The canonical address names the site by PUBLIC_URL (the test app's http://localhost:3000).
    expect(res.body.replace(/<p>render \d+<\/p>/, '')).toBe(
      '<!doctype html><head><script type="module" src="/assets/app.js"></script>' +
        '<title>/categories?x=1</title><link rel="canonical" href="http://localhost:3000/categories?x=1"/></head><body>' +
        '<div id="root"><p>/categories?x=1</p><p>signed out</p></div><p>tail</p></body>',
    );
  });

  it("answers the page's API requests in-process as the visitor, and keeps their page out of caches", async ({
    t,
    buyer,
  }) => {
    const res = await as(t, buyer, { method: 'GET', url: '/dash' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<p>${buyer.email}</p>`);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('redirects before any HTML when the entry says so', async ({ t, buyer }) => {
    const res = await t.app.inject({ method: 'GET', url: '/private/page?a=b' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/user/login?returnTo=%2Fprivate%2Fpage%3Fa%3Db');
    expect(res.body).toBe('');
    const signedIn = await as(t, buyer, { method: 'GET', url: '/private/page' });
    expect(signedIn.statusCode).toBe(200);
  });

  it("sends the page's status with its HTML: a page that does not exist is a 404", async ({ t }) => {
    const res = await t.app.inject({ method: 'GET', url: '/missing/car' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<p>/missing/car</p>');
  });

  it('compresses the page for a browser that accepts it', async ({ t }) => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<p>/</p>');
  });

  it('never sends the server entry itself', async ({ t }) => {
    const res = await t.app.inject({ method: 'GET', url: '/ssr/entry-server.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('renderPage');
  });
});

describe('public pages of signed-out visitors, kept rendered', () => {
  const get = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const home = (t: TestApp, headers: Record<string, string> = {}) => get(t, '/', headers);

  /** A car of the seller's on What's New, advertised through the API (which announces it). */
  async function advertisedCar(t: TestApp, seller: TestUser, askingPrice = 25_000_000) {
    const car = await createCar(t, seller, { askingPrice });
    const res = await as(t, seller, { method: 'POST', url: '/api/advertise', payload: { carId: car.id } });
    expect(res.statusCode).toBe(201);
    return car;
  }
  const deleteCar = async (t: TestApp, seller: TestUser, id: string) =>
    expect((await as(t, seller, { method: 'DELETE', url: `/api/cars/${id}` })).statusCode).toBe(200);

  it('renders a public page once, then sends it from memory in each encoding, with an ETag', async ({
    t,
  }) => {
    const first = await home(t, { 'accept-encoding': 'br' });
    const second = await home(t);
    const third = await home(t, { 'accept-encoding': 'gzip' });
    expect([first.statusCode, second.statusCode, third.statusCode]).toEqual([200, 200, 200]);
    expect(first.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(second.body);
    expect(gunzipSync(third.rawPayload).toString()).toBe(second.body);
    expect(renderOf(second.body)).toBeGreaterThan(0);
    expect(second.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(second.headers['cache-control']).toBe('no-cache');
    expect(second.headers.vary).toContain('accept-encoding');
    const revalidated = await home(t, { 'if-none-match': second.headers.etag as string });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
  });

  it('shows at once a car its seller advertises, edits or deletes', async ({ t, seller }) => {
    const before = await home(t);
    const car = await advertisedCar(t, seller);
    const advertised = await home(t);
    expect(advertised.body).toContain(`<li>${car.id} 25000000</li>`);
    expect(advertised.headers.etag).not.toBe(before.headers.etag);

    const edit = {
      method: 'PATCH',
      url: `/api/cars/${car.id}`,
      payload: { askingPrice: 19_900_000 },
    } as const;
    expect((await as(t, seller, edit)).statusCode).toBe(200);
    expect((await home(t)).body).toContain(`<li>${car.id} 19900000</li>`);

    await deleteCar(t, seller, car.id);
    expect((await home(t)).body).not.toContain(car.id);
  });

  it('never sends the kept page to a request with a cookie: a signed-in visitor gets their own', async ({
    t,
    buyer,
  }) => {
    const kept = await home(t);
    const mine = await as(t, buyer, {
      method: 'GET',
      url: '/',
      headers: { 'if-none-match': kept.headers.etag as string },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain(`<p>${buyer.email}</p>`);
    expect(renderOf(mine.body)).toBeGreaterThan(renderOf(kept.body));
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.headers.etag).toBeUndefined();
    const otherCookie = await home(t, { cookie: 'unrelated=1' });
    expect(renderOf(otherCookie.body)).toBeGreaterThan(renderOf(mine.body));
    // Nor does a visitor's own page replace the kept one.
    expect((await home(t)).body).toBe(kept.body);
  });

  it('renders every time a page with a search part, or a page that is not public', async ({ t }) => {
    for (const url of ['/?ref=mail', '/blog?x=1', '/search?make=a&model=b', '/elsewhere', '/missing/car']) {
      const first = await get(t, url);
      const second = await get(t, url);
      expect(renderOf(second.body), url).toBe(renderOf(first.body) + 1);
      expect(second.headers.etag, url).toBeUndefined();
    }
  });

  it('keeps no render of a public page whose data could not be read, and sends it as it is', async ({
    t,
  }) => {
    const first = await get(t, '/blog');
    const second = await get(t, '/blog');
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(renderOf(second.body)).toBe(renderOf(first.body) + 1);
    expect(second.headers.etag).toBeUndefined();
  });

  it('keeps no public page answered with a 404 or a redirect, and sends each as it is', async ({
    t,
    seller,
  }) => {
    const missing = await advertisedCar(t, seller, 404);
    const first = await home(t);
    const second = await home(t);
    expect([first.statusCode, second.statusCode]).toEqual([404, 404]);
    expect(renderOf(second.body)).toBe(renderOf(first.body) + 1);
    await deleteCar(t, seller, missing.id);

    const moved = await advertisedCar(t, seller, 302);
    const redirected = await home(t);
    expect(redirected.statusCode).toBe(302);
    expect(redirected.headers.location).toBe('/blog');
    await deleteCar(t, seller, moved.id);

    const back = await home(t);
    expect(back.statusCode).toBe(200);
    expect((await home(t)).body).toBe(back.body);
  });
});

describe('shared pages of signed-in visitors, kept rendered', () => {
  const page = (t: TestApp, user: TestUser, url = '/shared/page', headers: Record<string, string> = {}) =>
    as(t, user, { method: 'GET', url, headers });

  it('renders a shared page once for every signed-in visitor, with nothing of theirs, and keeps it private', async ({
    t,
    seller,
    buyer,
  }) => {
    const first = await page(t, buyer);
    const second = await page(t, seller, '/shared/page', { 'accept-encoding': 'br' });
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.body).toContain('<p>shared</p>');
    for (const user of [buyer, seller]) expect(first.body).not.toContain(user.email);
    expect(brotliDecompressSync(second.rawPayload).toString()).toBe(first.body);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    const revalidated = await page(t, seller, '/shared/page', {
      'if-none-match': first.headers.etag as string,
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('keeps a page per search part: a search shows its own results, kept for every visitor', async ({
    t,
    seller,
    buyer,
  }) => {
    const electric = await page(t, buyer, '/shared/search?fuel=Electric');
    const diesel = await page(t, buyer, '/shared/search?fuel=Diesel');
    expect(electric.body).toContain('<p>/shared/search?fuel=Electric</p>');
    expect(diesel.body).toContain('<p>/shared/search?fuel=Diesel</p>');
    expect((await page(t, seller, '/shared/search?fuel=Electric')).body).toBe(electric.body);
    expect((await page(t, seller, '/shared/search?fuel=Diesel')).body).toBe(diesel.body);
  });

  it('keeps a shared page per units cookie, and renders for itself a request with units it does not know', async ({
    t,
    seller,
    buyer,
  }) => {
    const withUnits = (user: TestUser, units?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/shared/units',
        headers: { cookie: units ? `${user.cookie}; redline-units=${units}` : user.cookie },
      });
    const none = await withUnits(buyer);
    const metric = await withUnits(buyer, 'metric');
    expect(renderOf(metric.body)).toBe(renderOf(none.body) + 1);
    expect((await withUnits(seller, 'metric')).body).toBe(metric.body);
    expect((await withUnits(seller)).body).toBe(none.body);
    const unknown = await withUnits(seller, 'furlongs');
    expect(renderOf(unknown.body)).toBe(renderOf(metric.body) + 1);
    expect(unknown.headers['cache-control']).toBe('private, no-store');
  });

  it('shows at once what changes in the catalogue', async ({ t, seller, buyer }) => {
    const before = await page(t, buyer, '/shared/cars');
    const car = await createCar(t, seller, { askingPrice: 31_000_000 });
    expect(
      (await as(t, seller, { method: 'POST', url: '/api/advertise', payload: { carId: car.id } })).statusCode,
    ).toBe(201);
    const after = await page(t, buyer, '/shared/cars');
    expect(renderOf(after.body)).toBeGreaterThan(renderOf(before.body));
    expect(after.body).toContain(`<li>${car.id} 31000000</li>`);
    expect((await as(t, seller, { method: 'DELETE', url: `/api/cars/${car.id}` })).statusCode).toBe(200);
    expect((await page(t, buyer, '/shared/cars')).body).not.toContain(car.id);
  });

  it('renders every other page for its visitor, with their data', async ({ t, buyer }) => {
    const first = await page(t, buyer, '/private/page');
    const second = await page(t, buyer, '/private/page');
    expect(second.body).toContain(`<p>${buyer.email}</p>`);
    expect(renderOf(second.body)).toBe(renderOf(first.body) + 1);
    expect(second.headers['cache-control']).toBe('private, no-store');
  });
});

describe('pages of the cars for sale of visitors, kept rendered', () => {
  const visit = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const patchCar = async (t: TestApp, seller: TestUser, id: string, payload: Record<string, unknown>) =>
    expect((await as(t, seller, { method: 'PATCH', url: `/api/cars/${id}`, payload })).statusCode).toBe(200);

  it('renders a car page once for every visitor, and sends it from memory with an ETag, a 304 to one who has it', async ({
    t,
    seller,
  }) => {
    const car = await createCar(t, seller, { askingPrice: 27_500_000 });
    const first = await visit(t, `/shared/car/${car.id}`, { 'accept-encoding': 'br' });
    const second = await visit(t, `/shared/car/${car.id}`);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.body).toContain(`<p>car ${car.id} 27500000</p><p>render`);
    expect(second.body).toContain('<p>signed out</p>');
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(second.body);
    expect(second.headers['cache-control']).toBe('no-cache');
    expect(second.headers.vary).toBe('accept-encoding, cookie');
    const revalidated = await visit(t, `/shared/car/${car.id}`, {
      'if-none-match': second.headers.etag as string,
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
  });

  it("shows the next visitor a car's new price and its sale, and keeps no page of a deleted car (410)", async ({
    t,
    seller,
  }) => {
    const car = await createCar(t, seller, { askingPrice: 30_000_000 });
    const url = `/shared/car/${car.id}`;
    expect((await visit(t, url)).body).toContain(`<p>car ${car.id} 30000000</p>`);
    await patchCar(t, seller, car.id, { askingPrice: 28_000_000 });
    expect((await visit(t, url)).body).toContain(`<p>car ${car.id} 28000000</p>`);
    await patchCar(t, seller, car.id, { sold: true });
    expect((await visit(t, url)).body).toContain(`<p>car ${car.id} 28000000 sold</p>`);

    expect((await as(t, seller, { method: 'DELETE', url: `/api/cars/${car.id}` })).statusCode).toBe(200);
    const first = await visit(t, url);
    const second = await visit(t, url);
    expect([first.statusCode, second.statusCode]).toEqual([410, 410]);
    expect(renderOf(second.body)).toBe(renderOf(first.body) + 1);
    expect(second.headers.etag).toBeUndefined();
  });

  it("shows the next visitor a seller's new name, their verification and a car they post", async ({
    t,
    otherSeller,
    admin,
  }) => {
    const url = `/shared/seller/${otherSeller.id}`;
    const before = await visit(t, url);
    expect(before.body).toContain(`<p>seller ${otherSeller.name} 0 cars</p>`);
    expect((await visit(t, url)).body).toBe(before.body);

    expect((await renameUser(t, otherSeller, 'Sasha Renamed')).statusCode).toBe(200);
    expect((await visit(t, url)).body).toContain('<p>seller Sasha Renamed 0 cars</p>');
    const verify = await as(t, admin, { method: 'PATCH', url: `/api/user/sellers/${otherSeller.id}` });
    expect(verify.statusCode).toBe(200);
    expect((await visit(t, url)).body).toContain('<p>seller Sasha Renamed verified 0 cars</p>');
    await postCar(t, otherSeller, {});
    expect((await visit(t, url)).body).toContain('<p>seller Sasha Renamed verified 1 cars</p>');
  });

  it('keeps a search by its search part as asked: each one shows its own', async ({ t }) => {
    const urls = [
      '/shared/search?fuel=Electric',
      '/shared/search?fuel=Diesel',
      '/shared/search?fuel=Diesel&sort=new',
      '/shared/search?sort=new&fuel=Diesel',
    ];
    const first = await Promise.all(urls.map((url) => visit(t, url)));
    const again = await Promise.all(urls.map((url) => visit(t, url)));
    for (const [i, url] of urls.entries()) {
      expect(first[i]?.body, url).toContain(`<p>${url}</p>`);
      expect(again[i]?.body, url).toBe(first[i]?.body);
    }
    expect(new Set(first.map((res) => res.headers.etag)).size).toBe(urls.length);
  });

  it('keeps a page per units for a visitor whose only cookie is the units one', async ({ t }) => {
    for (const url of ['/shared/search?fuel=Hybrid', '/']) {
      const none = await visit(t, url);
      const metric = await visit(t, url, { cookie: 'redline-units=metric' });
      const imperial = await visit(t, url, { cookie: ' redline-units=imperial ' });
      const renders = [none, metric, imperial].map((res) => renderOf(res.body));
      expect(new Set(renders).size, url).toBe(3);
      expect((await visit(t, url, { cookie: 'redline-units=metric' })).body, url).toBe(metric.body);
      expect((await visit(t, url, { cookie: 'redline-units=imperial;' })).body, url).toBe(imperial.body);
      expect((await visit(t, url)).body, url).toBe(none.body);
      expect(metric.headers['cache-control'], url).toBe('no-cache');
      expect(metric.headers.vary, url).toBe('accept-encoding, cookie');
      // The metric page's ETag is not the page of another cookie.
      const other = await visit(t, url, {
        cookie: 'redline-units=imperial',
        'if-none-match': metric.headers.etag as string,
      });
      expect(other.statusCode, url).toBe(200);
    }
  });

  it('renders for itself a request with any other cookie: a session, even an invalid one, or units it does not know', async ({
    t,
  }) => {
    const url = '/shared/search?fuel=Petrol';
    const kept = await visit(t, url);
    expect((await visit(t, url)).body).toBe(kept.body);
    let last = renderOf(kept.body);
    for (const cookie of [
      'better-auth.session_token=forged.value',
      'redline-units=metric; better-auth.session_token=forged.value',
      'redline-units=furlongs',
      'redline-units=metric; redline-units=imperial',
    ]) {
      const res = await visit(t, url, { cookie, 'if-none-match': kept.headers.etag as string });
      expect(res.statusCode, cookie).toBe(200);
      expect(renderOf(res.body), cookie).toBe(last + 1);
      expect(res.headers.etag, cookie).toBeUndefined();
      expect(res.headers['cache-control'], cookie).toBe('private, no-store');
      last += 1;
    }
  });

  it("keeps the latest searches up to its bound, and a scraper's searches evict none of the public pages", async ({
    t,
  }) => {
    const home = await visit(t, '/');
    /** More than any catalogue cache keeps (catalogue-cache.ts). */
    const scraped = 300;
    const renders: number[] = [];
    for (let page = 0; page < scraped; page += 1) {
      const res = await visit(t, `/shared/search?page=${page}`);
      expect(res.statusCode).toBe(200);
      renders.push(renderOf(res.body));
    }
    const oldestKept = scraped - VISITORS_BROWSING_PAGES;
    for (const page of [oldestKept, scraped - 1]) {
      expect(renderOf((await visit(t, `/shared/search?page=${page}`)).body), String(page)).toBe(
        renders[page],
      );
    }
    const dropped = await visit(t, `/shared/search?page=${oldestKept - 1}`);
    expect(renderOf(dropped.body)).toBeGreaterThan(renders.at(-1)!);
    expect((await visit(t, '/')).body).toBe(home.body);
  });
});

describe('pages of the cars for sale when browsing needs a sign-in (BROWSING=signed-in)', () => {
  browsingSignedIn(
    'sends a visitor, or a request without a valid session, to sign in every time, however often the page was kept',
    async ({ t, buyer }) => {
      const kept = await as(t, buyer, { method: 'GET', url: '/shared/kept' });
      expect(kept.statusCode).toBe(200);
      for (const headers of [
        {},
        {},
        { cookie: 'redline-units=metric' },
        { cookie: 'better-auth.session_token=forged.value' },
      ]) {
        const res = await t.app.inject({ method: 'GET', url: '/shared/kept', headers });
        expect(res.statusCode).toBe(302);
        expect(res.headers.location).toBe('/user/login?returnTo=%2Fshared%2Fkept');
        expect(res.headers.etag).toBeUndefined();
        expect(res.body).toBe('');
      }
    },
  );
});

describe("crawlers' files", () => {
  it('robots.txt keeps crawlers out of the private pages and the API, and names the sitemap by its absolute address', async ({
    t,
  }) => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body.split('\n')).toEqual([
      'User-agent: *',
      'Disallow: /dash',
      'Disallow: /buyer/',
      'Disallow: /api/',
      '',
      'Sitemap: http://localhost:3000/sitemap.xml',
      '',
    ]);
  });
});
