import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CATEGORIES_MAX } from '@redline/shared';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { categories } from '../src/db/schema.ts';
import { it } from './fixtures.ts';
import { errorOf } from './helpers.ts';

describe('foundation', () => {
  it('runs on the Node.js that `npm install` fetched (the npm node package, 24 LTS), not the system one', () => {
    const shipped = JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, '../../../node_modules/node/package.json'), 'utf8'),
    ) as { version: string };
    expect(shipped.version).toMatch(/^24\./);
    expect(process.versions.node).toBe(shipped.version);
  });

  it('reports health with a database round trip', async ({ t }) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('answers an unknown API path with the error shape and a request id', async ({ t }) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    const error = errorOf(res);
    expect(error.code).toBe('not_found');
    expect(error.message).toContain('/api/no-such-thing');
    expect(res.json().error.requestId).toBe(res.headers['x-request-id']);
  });

  it('returns categories in their display order', async ({ t }) => {
    await t.db.insert(categories).values([
      { id: 'b', name: 'Second', icon: '/i/b.svg', image: '/i/b.webp', position: 2 },
      { id: 'a', name: 'First', icon: '/i/a.svg', image: '/i/a.webp', position: 1 },
    ]);
    const res = await t.app.inject({ method: 'GET', url: '/api/categories' });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((c: { name: string }) => c.name)).toEqual(['First', 'Second']);
    // The banner's width variants, for the cards' srcset.
    expect(res.json()[0].banner).toEqual({
      key: 'category-a',
      src: '/uploads/category-a-960.webp',
      srcSet: '/uploads/category-a-480.webp 480w, /uploads/category-a-960.webp 960w',
      width: 960,
      height: 640,
    });
  });

  it(`holds at most ${CATEGORIES_MAX} categories, so their list has a bound`, async ({ t }) => {
    const category = (position: number) => ({
      id: `c${position}`,
      name: `Category ${position}`,
      icon: '/i/c.svg',
      image: '/i/c.webp',
      position,
    });
    await t.db.insert(categories).values(category(CATEGORIES_MAX));
    for (const position of [0, CATEGORIES_MAX + 1]) {
      await expect(t.db.insert(categories).values(category(position))).rejects.toMatchObject({
        cause: { constraint: 'categories_position_range' },
      });
    }
    await t.db.delete(categories).where(eq(categories.id, `c${CATEGORIES_MAX}`));
  });

  it('rejects an invalid body with per-field messages', async ({ t }) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: '', email: 'nope' },
    });
    expect(res.statusCode).toBe(400);
    const error = errorOf(res);
    expect(error.code).toBe('validation_failed');
    expect(error.fields).toMatchObject({ name: 'Name is required', email: 'Enter a valid email address' });
  });

  it('serves an OpenAPI document generated from the schemas', async ({ t }) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/categories'].get).toBeDefined();
  });

  it('sends security headers with a content security policy', async ({ t }) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
