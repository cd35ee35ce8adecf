/** How a seller's figures read: the counts' names, leads summed, the trend, the comparison in words. */
import {
  formatNumber,
  LEAD_COUNTS,
  LISTING_STATS_DAYS,
  type ListingCar,
  type ListingComparison,
  type ListingCount,
  type ListingCounts,
  priceInWords,
  type SimilarBy,
  viewsInWords,
} from '@redline/shared';

/** Each count's name, one and many: "1 save", "3 saves". */
export const COUNT_NAMES: Record<ListingCount, [string, string]> = {
  impressions: ['time shown in search', 'times shown in search'],
  views: ['page view', 'page views'],
  saves: ['save', 'saves'],
  messages: ['message', 'messages'],
  offers: ['offer', 'offers'],
  testDrives: ['test drive', 'test drives'],
};

/** Each count's heading, as a tile, a row or a bar names it. */
export const COUNT_LABELS: Record<ListingCount, string> = {
  impressions: 'Shown in search',
  views: 'Page views',
  saves: 'Saves',
  messages: 'Messages',
  offers: 'Offers',
  testDrives: 'Test drives',
};

/** "1 save", "12 page views". */
export const countText = (count: ListingCount, n: number) =>
  `${formatNumber(n)} ${COUNT_NAMES[count][n === 1 ? 0 : 1]}`;

/** The leads: buyers saving the car, writing, offering or asking for a test drive. */
export const leadsOf = (counts: ListingCounts): number =>
  LEAD_COUNTS.reduce((sum, count) => sum + counts[count], 0);

/**
 * A figure against the same span before it: up or down by a whole percentage, the same, new (from
 * nothing) or nothing either time.
 */
export type Trend =
  | { kind: 'up' | 'down'; percent: number }
  | { kind: 'same' }
  | { kind: 'new' }
  | { kind: 'none' };

export function trendOf(current: number, previous: number): Trend {
  if (previous === 0) return current === 0 ? { kind: 'none' } : { kind: 'new' };
  const percent = Math.round((Math.abs(current - previous) / previous) * 100);
  if (percent === 0) return { kind: 'same' };
  return { kind: current > previous ? 'up' : 'down', percent };
}

/** The span a trend compares with, in words. */
export const PREVIOUS_SPAN = `the ${LISTING_STATS_DAYS} days before`;

/** The similar cars a comparison is with, named by what makes them similar. */
const SIMILAR_CARS: Record<SimilarBy, (car: Pick<ListingCar, 'brand' | 'model'>) => string> = {
  model: (car) => `other ${car.brand} ${car.model} listings`,
  make: (car) => `other ${car.brand} listings`,
  category: () => 'similar cars in its category and price range',
};

/**
 * The comparison as a sentence: "Your 2019 Porsche Cayenne gets half the views of other Porsche
 * Cayenne listings: its price is 12% above its market value."
 */
export function comparisonSentence(
  car: Pick<ListingCar, 'name' | 'brand' | 'model'>,
  comparison: ListingComparison,
): string {
  return `Your ${car.name} gets ${viewsInWords(comparison)} ${SIMILAR_CARS[comparison.similarBy](car)}: ${priceInWords(comparison.price)}.`;
}
