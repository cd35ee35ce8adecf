/**
 * Pages rendered on the server (src/web/server-rendering.ts, ADR 16) and the crawlers' files
 * (src/web/crawlers.ts), against a stand-in for the web build (web-build.ts): what the server does
 * with what the entry answers, and how the entry's API requests are answered. The real entry's pages
 * are checked end to end (e2e/tests/server-rendering.spec.ts).
 */
import { rm } from 'node:fs/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect } from 'vitest';
import { createCar } from './factories.ts';
import { it as base } from './fixtures.ts';
import { as, type TestApp, type TestUser } from './helpers.ts';
import { standInWebBuild } from './web-build.ts';

const it = base
  // biome-ignore lint/correctness/noEmptyPattern: Vitest reads what a fixture needs from this pattern, and it needs nothing.
  .extend('env', { scope: 'file' }, async ({}, { onCleanup }) => {
    const webDist = await standInWebBuild();
    onCleanup(() => rm(webDist, { recursive: true, force: true }));
    return { WEB_DIST: webDist };
  });

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
  /** Which of the stand-in entry's renders the page is. */
  const renderOf = (html: string) => Number(/<p>render (\d+)<\/p>/.exec(html)?.[1]);

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
  const renderOf = (html: string) => Number(/<p>render (\d+)<\/p>/.exec(html)?.[1]);
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

  it('sends a visitor without a valid session to sign in, however often the page was kept', async ({
    t,
    buyer,
  }) => {
    const kept = await page(t, buyer, '/shared/kept');
    expect(kept.statusCode).toBe(200);
    for (const headers of [{}, { cookie: 'better-auth.session_token=forged.value' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/shared/kept', headers });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/user/login?returnTo=%2Fshared%2Fkept');
      expect(res.body).toBe('');
    }
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
