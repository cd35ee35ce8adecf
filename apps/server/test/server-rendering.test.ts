/**
 * Pages rendered on the server (src/web/server-rendering.ts, ADR 16), against a stand-in for the web
 * build's server entry: what the server does with what the entry answers, and how the entry's API
 * requests are answered. The real entry's pages are checked end to end (e2e/tests/server-rendering.spec.ts).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers.ts';

/** Renders the page's address and who the API says is signed in; `/private` needs a session, `/missing…` does not exist. */
const STAND_IN_ENTRY = `
import { Readable } from 'node:stream';
export async function renderPage({ url, fetch }) {
  const me = await (await fetch('/api/me')).json();
  if (url.startsWith('/private') && me === null) return { redirect: '/user/login?returnTo=' + encodeURIComponent(url) };
  const status = url.startsWith('/missing') ? 404 : 200;
  return { status, root: Readable.from(['<div id="root"><p>', url, '</p><p>', me ? me.email : 'signed out', '</p></div>']) };
}
`;

let t: TestApp;
let webDist: string;
let buyer: TestUser;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'redline-ssr-'));
  await mkdir(path.join(webDist, 'ssr'));
  await writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><head><title>Redline</title><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div><p>tail</p></body>',
  );
  await writeFile(path.join(webDist, 'ssr', 'entry-server.js'), STAND_IN_ENTRY);
  t = await createTestApp({ WEB_DIST: webDist });
  buyer = await signUpUser(t, 'Buyer');
});
afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

describe('server rendering', () => {
  it("puts the rendered page in index.html's place for it, with the page's own title only", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/categories?x=1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(
      '<!doctype html><head><script type="module" src="/assets/app.js"></script></head><body>' +
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
