import { describe, expect, it } from 'vitest';
import { needsSignIn } from './page-data.ts';
import { sitemapPaths } from './sitemap.ts';

describe('sitemapPaths', () => {
  it('lists only pages a signed-out visitor can see, each once', () => {
    expect(sitemapPaths.filter((path) => needsSignIn(path))).toEqual([]);
    expect(new Set(sitemapPaths).size).toBe(sitemapPaths.length);
  });
});
