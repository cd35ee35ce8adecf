import { describe, expect, it } from 'vitest';
import { guardRedirect } from './page-data.ts';
import { sitemapPaths } from './sitemap.ts';

describe('sitemapPaths', () => {
  it('lists only pages a signed-out visitor can see, each once', () => {
    expect(sitemapPaths.filter((path) => guardRedirect(path, null) !== undefined)).toEqual([]);
    expect(new Set(sitemapPaths).size).toBe(sitemapPaths.length);
  });
});
