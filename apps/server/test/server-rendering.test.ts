/**
 * Pages rendered on the server (src/web/server-rendering.ts, ADR 16) and the crawlers' files
 * (src/web/crawlers.ts), against a stand-in for the web build (web-build.ts): what the server does
 * with what the entry answers, and how the entry's API requests are answered. The real entry's pages
 * are checked end to end (e2e/tests/server-rendering.spec.ts).
 */
import { rm } from 'node:fs/promises';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers.ts';
import { standInWebBuild } from './web-build.ts';

let t: TestApp;
let webDist: string;
let buyer: TestUser;

beforeAll(async () => {
  webDist = await standInWebBuild();
  t = await createTestApp({ WEB_DIST: webDist });
  buyer = await signUpUser(t, 'Buyer');
});
afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

describe('server rendering', () => {
  it("puts the page's own head at the end of index.html's, in place of its title, and the page in its place", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/categories?x=1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    // The canonical address names the site by PUBLIC_URL (the test app's http://localhost:3000).
    expect(res.body).toBe(
      '<!doctype html><head><script type="module" src="/assets/app.js"></script>' +
        '<title>/categories?x=1</title><link rel="canonical" href="http://localhost:3000/categories?x=1"/></head><body>' +
        '<div id="root"><p>/categories?x=1</p><p>signed out</p></div><p>tail</p></body>',
    );
  });

  it("answers the page's API requests in-process as the visitor, and keeps their page out of caches", async () => {
    const res = await as(t, buyer, { method: 'GET', url: '/dash' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<p>${buyer.email}</p>`);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('redirects before any HTML when the entry says so', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/private/page?a=b' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/user/login?returnTo=%2Fprivate%2Fpage%3Fa%3Db');
    expect(res.body).toBe('');
    const signedIn = await as(t, buyer, { method: 'GET', url: '/private/page' });
    expect(signedIn.statusCode).toBe(200);
  });

  it("sends the page's status with its HTML: a page that does not exist is a 404", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/missing/car' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<p>/missing/car</p>');
  });

  it('compresses the page for a browser that accepts it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<p>/</p>');
  });

  it('never sends the server entry itself', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ssr/entry-server.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('renderPage');
  });
});

describe("crawlers' files", () => {
  it('robots.txt keeps crawlers out of the private pages and the API, and names the sitemap by its absolute address', async () => {
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

  it("sitemap.xml lists the entry's public pages by their absolute addresses, escaped for XML", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '<url><loc>http://localhost:3000/</loc></url>\n' +
        '<url><loc>http://localhost:3000/blog</loc></url>\n' +
        '<url><loc>http://localhost:3000/search?make=a&amp;model=b</loc></url>\n' +
        '</urlset>\n',
    );
  });
});
