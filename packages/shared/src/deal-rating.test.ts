import { describe, expect, it } from 'vitest';
import { DEAL_RATING_BOUNDARIES, dealRating } from './deal-rating.ts';

describe('dealRating', () => {
  const estimate = 100_000_00;
  it.each([
    [90_000_00, 'great'],
    [90_000_01, 'good'],
    [97_000_00, 'good'],
    [97_000_01, 'fair'],
    [100_000_00, 'fair'],
    [105_000_00, 'fair'],
    [105_000_01, 'high'],
    [115_000_00, 'high'],
    [115_000_01, 'overpriced'],
  ] as const)(
    'rates %i cents against an estimate of $100,000 as %s, each boundary inclusive',
    (price, rating) => {
      expect(dealRating(price, estimate)).toBe(rating);
    },
  );

  it('states its boundaries in basis points of the estimate', () => {
    expect(DEAL_RATING_BOUNDARIES).toEqual({ great: -1000, good: -300, fair: 500, high: 1500 });
  });

  it('says "none" without an estimate', () => {
    expect(dealRating(50_000_00, null)).toBe('none');
  });

  it('rates exactly at the largest prices, in integers', () => {
    expect(dealRating(2_000_000_000, 1_818_181_818)).toBe('high');
    expect(dealRating(1_800_000_000, 2_000_000_000)).toBe('great');
  });
});
