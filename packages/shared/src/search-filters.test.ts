import { describe, expect, it } from 'vitest';
import { hasFilters } from './search-filters.ts';

describe('hasFilters', () => {
  it('is false for a search that keeps every car: nothing, empty text or lists, verified false, a place alone', () => {
    expect(hasFilters({})).toBe(false);
    expect(hasFilters({ q: '', brand: [], fuel: [], verified: false })).toBe(false);
    expect(hasFilters({ near: '90210' })).toBe(false);
  });

  it('is true for any filter that narrows, a radius around a place among them', () => {
    expect(hasFilters({ brand: ['BMW'] })).toBe(true);
    expect(hasFilters({ q: 'M3' })).toBe(true);
    expect(hasFilters({ verified: true })).toBe(true);
    expect(hasFilters({ priceMax: 0 })).toBe(true);
    expect(hasFilters({ near: '90210', radius: '50mi' })).toBe(true);
  });
});
