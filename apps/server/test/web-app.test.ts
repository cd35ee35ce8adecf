/** The built web app served from the API's port: caching, client-side routing fallback, 404s. */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { describe, expect } from 'vitest';
import { it as base } from './fixtures.ts';

const it = base
  // biome-ignore lint/correctness/noEmptyPattern: Vitest reads what a fixture needs from this pattern, and it needs nothing.
  .extend('env', { scope: 'file' }, async ({}, { onCleanup }) => {
    const webDist = await mkdtemp(path.join(tmpdir(), 'redline-web-'));
    onCleanup(() => rm(webDist, { recursive: true, force: true }));
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(
      path.join(webDist, 'index.html'),
      '<!doctype html><title>Redline</title><div id="root"></div>',
    );
    await writeFile(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log("app")');
    // As the build writes them (apps/web/vite.config.ts): a Brotli and a gzip copy beside each file.
    for (const file of ['index.html', 'assets/index-abc123.js']) {
      const data = await readFile(path.join(webDist, file));
      await writeFile(path.join(webDist, `${file}.br`), brotliCompressSync(data));
      await writeFile(path.join(webDist, `${file}.gz`), gzipSync(data));
    }
    return { WEB_DIST: webDist };
  });

describe('web app', () => {
  it('serves hashed assets as immutable for a year', async ({ t }) => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toContain('console.log');
  });

  it('sends the precompressed copy the browser accepts, and the plain file to others', async ({ t }) => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['content-type']).toContain('javascript');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log("app")');
    const gzip = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['content-type']).toContain('text/html');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("app")');
  });

  it('serves index.html uncached at / and for client-side routes', async ({ t }) => {
    for (const url of [
      '/',
      '/cars/id/7d7f2a3e-1b1c-4f57-9a3e-000000000000',
      '/dash/buyer/bookings',
      '/no/such/page',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('answers a missing file with 404, not the app', async ({ t }) => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-old999.js' });
    expect(res.statusCode).toBe(404);
  });

  it('keeps unknown API paths as JSON 404s', async ({ t }) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });
});
