/**
 * A listing's performance as its seller reads it (issue 49): the counts kept per car and day, and the
 * words comparing a listing with similar cars. Apart from the schemas in listing-stats.ts, so that a
 * page showing them loads no zod (ADR 2).
 */
import type { DealRating } from './deal-rating.ts';

/** The days a seller's figures cover, ending today (UTC), and the same span before them for the trend. */
export const LISTING_STATS_DAYS = 30;

/** The most cars one record of what a visitor saw names (a page of search results). */
export const LISTING_ACTIVITY_CARS_MAX = 100;

/**
 * What is counted of each listing, in the order of its funnel: shown in search results, its page
 * viewed (once per visitor a day), then the leads (saved, messaged about, offered for, a test drive asked).
 */
export const LISTING_COUNTS = ['impressions', 'views', 'saves', 'messages', 'offers', 'testDrives'] as const;
export type ListingCount = (typeof LISTING_COUNTS)[number];
/** The counts that are a buyer reaching out or keeping the car: leads. */
export const LEAD_COUNTS = ['saves', 'messages', 'offers', 'testDrives'] as const satisfies ListingCount[];

/** What "similar cars" meant for a comparison: the same model, else the same make, else the same category. */
export const SIMILAR_BY = ['model', 'make', 'category'] as const;
export type SimilarBy = (typeof SIMILAR_BY)[number];

/** The fewest similar cars a comparison stands on; with fewer (of the category too), there is none. */
export const SIMILAR_CARS_MIN = 3;

/** How a listing's price compares: with its market value where it has one, else its rank among similar cars. */
export type PricePosition =
  | { basis: 'market'; rating: Exclude<DealRating, 'none'>; estimate: number; askingPrice: number }
  | { basis: 'rank'; cheaperCars: number; of: number };

export interface ListingComparison {
  similarBy: SimilarBy;
  similarCars: number;
  /** This listing's page views a day it was listed, over the last LISTING_STATS_DAYS days. */
  viewsPerDay: number;
  /** The median of the same among the similar cars. */
  similarViewsPerDay: number;
  price: PricePosition;
}

/** How this listing's views compare, in words: "half the views", "about the same views", "3 times the views". */
export function viewsInWords({ viewsPerDay, similarViewsPerDay }: ListingComparison): string {
  if (similarViewsPerDay === 0) return viewsPerDay === 0 ? 'about the same views as' : 'more views than';
  const ratio = viewsPerDay / similarViewsPerDay;
  if (ratio === 0) return 'no views, unlike';
  if (ratio < 0.2) return 'a fraction of the views of';
  if (ratio < 0.4) return 'about a third of the views of';
  if (ratio < 0.6) return 'half the views of';
  if (ratio < 0.85) return 'fewer views than';
  if (ratio <= 1.2) return 'about the same views as';
  if (ratio < 1.75) return 'more views than';
  return `${Math.round(ratio)} times the views of`;
}

const PERCENT_OF = (part: number, whole: number) => Math.round((Math.abs(part - whole) / whole) * 100);

/** Why, in words, by its price: "its price is 12% above its market value", "it is priced above 8 of 10 similar cars". */
export function priceInWords(price: PricePosition): string {
  if (price.basis === 'rank') {
    if (price.cheaperCars === 0) return `it is the lowest-priced of ${price.of + 1} similar cars`;
    if (price.cheaperCars === price.of) return `it is the highest-priced of ${price.of + 1} similar cars`;
    return `it is priced above ${price.cheaperCars} of ${price.of} similar cars`;
  }
  const percent = PERCENT_OF(price.askingPrice, price.estimate);
  if (percent === 0) return 'its price is at its market value';
  return `its price is ${percent}% ${price.askingPrice > price.estimate ? 'above' : 'below'} its market value`;
}
