/**
 * What visitors saw of the demo cars (issue 49): each day since a car was posted, up to the days a
 * seller's figures show and the span before them, times shown in results and page views, so that the
 * demo sellers' Performance pages have days to show. Drawn from a seeded generator: the same demo
 * data every time. The leads are the demo's real ones (none until someone saves or asks).
 */
import { seeded } from '@redline/demo-art/random';
import { LISTING_STATS_DAYS } from '@redline/shared';
import type { listingDays } from '../db/schema.ts';

const DAY_MS = 86_400_000;

/**
 * The days of the `index`th demo car, posted `addedDaysAgo` and maybe sold `soldDaysAgo`: more seen
 * at weekends and in its first week, a price-driven share of lookers opening its page.
 */
export function demoListingDays(
  carId: string,
  index: number,
  car: { addedDaysAgo: number; soldDaysAgo?: number; askingPrice: number; advertised?: boolean },
): (typeof listingDays.$inferInsert)[] {
  const random = seeded(index + 1);
  const first = Math.min(car.addedDaysAgo, 2 * LISTING_STATS_DAYS - 1);
  const last = car.soldDaysAgo ?? 0;
  // Dearer cars are shown as often but opened less; an advertised one is shown more.
  const reach = (car.advertised ? 1.6 : 1) * (40 + random() * 80);
  const interest = Math.max(0.04, 0.16 - Math.log10(Math.max(car.askingPrice, 1_000_000) / 1_000_000) * 0.04);
  const rows: (typeof listingDays.$inferInsert)[] = [];
  for (let ago = first; ago >= last; ago -= 1) {
    const date = new Date(Date.now() - ago * DAY_MS);
    const weekend = date.getUTCDay() === 0 || date.getUTCDay() === 6 ? 1.35 : 1;
    const fresh = car.addedDaysAgo - ago < 7 ? 1.5 : 1;
    const impressions = Math.round(reach * weekend * fresh * (0.7 + random() * 0.6));
    const views = Math.round(impressions * interest * (0.6 + random() * 0.8));
    rows.push({ carId, day: date.toISOString().slice(0, 10), impressions, views });
  }
  return rows;
}
