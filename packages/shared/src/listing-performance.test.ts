import { describe, expect, it } from 'vitest';
import { type ListingComparison, priceInWords, viewsInWords } from './listing-performance.ts';

const comparison = (viewsPerDay: number, similarViewsPerDay: number): ListingComparison => ({
  similarBy: 'model',
  similarCars: 5,
  viewsPerDay,
  similarViewsPerDay,
  price: { basis: 'rank', cheaperCars: 2, of: 5 },
});

describe('viewsInWords', () => {
  it.each([
    [2, 4, 'half the views of'],
    [0, 4, 'no views, unlike'],
    [0.5, 4, 'a fraction of the views of'],
    [1.2, 4, 'about a third of the views of'],
    [3, 4, 'fewer views than'],
    [4.4, 4, 'about the same views as'],
    [6, 4, 'more views than'],
    [12, 4, '3 times the views of'],
    [0, 0, 'about the same views as'],
    [1, 0, 'more views than'],
  ])('%d views a day against %d: "%s"', (mine, theirs, words) => {
    expect(viewsInWords(comparison(mine, theirs))).toBe(words);
  });
});

describe('priceInWords', () => {
  it('tells the price against the market value, above or below', () => {
    expect(
      priceInWords({ basis: 'market', rating: 'high', estimate: 8_000_000, askingPrice: 8_960_000 }),
    ).toBe('its price is 12% above its market value');
    expect(
      priceInWords({ basis: 'market', rating: 'great', estimate: 8_000_000, askingPrice: 7_200_000 }),
    ).toBe('its price is 10% below its market value');
    expect(
      priceInWords({ basis: 'market', rating: 'fair', estimate: 8_000_000, askingPrice: 8_010_000 }),
    ).toBe('its price is at its market value');
  });

  it('tells its rank among the similar cars without a market value', () => {
    expect(priceInWords({ basis: 'rank', cheaperCars: 8, of: 10 })).toBe(
      'it is priced above 8 of 10 similar cars',
    );
    expect(priceInWords({ basis: 'rank', cheaperCars: 0, of: 10 })).toBe(
      'it is the lowest-priced of 11 similar cars',
    );
    expect(priceInWords({ basis: 'rank', cheaperCars: 10, of: 10 })).toBe(
      'it is the highest-priced of 11 similar cars',
    );
  });
});
