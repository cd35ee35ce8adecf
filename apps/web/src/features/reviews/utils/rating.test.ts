import { describe, expect, it } from 'vitest';
import { sellerRatingReads } from '../api/get-seller-ratings.ts';
import { formatRating, reviewCount, starFills, starsLabel } from './rating.ts';

describe('the figures of reviews', () => {
  it('reads a rating to one decimal, without a trailing .0', () => {
    expect([4.64, 4.65, 4, 3.96, 1].map(formatRating)).toEqual(['4.6', '4.7', '4', '4', '1']);
  });

  it('says the stars in words, as a screen reader reads them', () => {
    expect(starsLabel(4.6)).toBe('4.6 out of 5 stars');
    expect(starsLabel(1)).toBe('1 out of 5 star');
  });

  it('fills whole stars up to the rating and part of the next one', () => {
    expect(starFills(3.5)).toEqual([1, 1, 1, 0.5, 0]);
    expect(starFills(5)).toEqual([1, 1, 1, 1, 1]);
    expect(starFills(0)).toEqual([0, 0, 0, 0, 0]);
  });

  it('counts reviews in words', () => {
    expect([0, 1, 12, 1200].map(reviewCount)).toEqual([
      '0 reviews',
      '1 review',
      '12 reviews',
      '1,200 reviews',
    ]);
  });
});

describe("the cards' reads of ratings", () => {
  it('asks for each seller once, in the order of the cards, by 50; a page appended leaves the earlier reads as they were', () => {
    expect(sellerRatingReads(['a', 'b', 'a', 'c'])).toEqual(['a,b,c']);
    const first = Array.from({ length: 60 }, (_, i) => `s${i}`);
    const reads = sellerRatingReads(first);
    expect(reads.map((read) => read.split(',').length)).toEqual([50, 10]);
    expect(sellerRatingReads([...first, 's3', 'new'])).toEqual([reads[0], `${reads[1]},new`]);
    expect(sellerRatingReads([])).toEqual([]);
  });
});
