/**
 * What each listing earns (issue 49): the seller's figures, read from this module's counts of what
 * visitors saw and from the modules that own a buyer's acts (saves, messages, offers, test drives),
 * and how a listing fares beside similar cars for sale.
 */
import {
  carName,
  LISTING_COUNTS,
  LISTING_STATS_DAYS,
  type ListingCar,
  type ListingComparison,
  type ListingCounts,
  type ListingDay,
  type ListingStats,
  type ListingStatsLine,
  type PageQuery,
  type SellerStats,
  type SessionUser,
  SIMILAR_BY,
  SIMILAR_CARS_MIN,
} from '@redline/shared';
import { actingAs, requireAccess } from '../../access/record-access.ts';
import type { AppContext } from '../../context.ts';
import type { DailyCount } from '../../db/daily-counts.ts';
import { notFound } from '../../errors.ts';
import { testDriveRequestsPerDay } from '../bookings/index.ts';
import { carCoverUrl, type ListingRow, listingCar, listingsForSale, sellerListings } from '../cars/index.ts';
import { buyerMessagesPerDay } from '../conversations/index.ts';
import { marketValueOf } from '../market-value/index.ts';
import { offersPerDay } from '../offers/index.ts';
import { savesPerDay } from '../saved-cars/index.ts';
import { type ListingActivity, today, type Visitor } from './listing-activity.ts';
import * as repo from './listing-stats.repository.ts';

export interface ListingStatsContext extends AppContext {
  activity: ListingActivity;
}

/** What a visitor's page saw, as the route took it: `viewer` signed in, or an address and browser. */
export interface SeenBy {
  viewerId: string | null;
  visitor: Visitor;
  /** A crawler's: nothing counts. */
  crawler: boolean;
}

/** Takes what a page saw; answers how many records it made (nothing for a crawler). */
export function recordActivity(
  context: ListingStatsContext,
  activity: { shown?: string[]; viewed?: string },
  seenBy: SeenBy,
) {
  if (seenBy.crawler) return { recorded: 0 };
  const shown = [...new Set(activity.shown ?? [])];
  if (shown.length > 0) context.activity.recordShown(shown, seenBy.viewerId);
  if (activity.viewed !== undefined) context.activity.recordViewed(activity.viewed, seenBy.visitor);
  return { recorded: shown.length + (activity.viewed === undefined ? 0 : 1) };
}

const DAY_MS = 86_400_000;
const dayBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

/** The days shown (LISTING_STATS_DAYS, ending today) and the span before them, for the trend. */
function spans() {
  const last = today();
  const first = dayBefore(last, LISTING_STATS_DAYS - 1);
  const since = dayBefore(first, LISTING_STATS_DAYS);
  const days = Array.from({ length: LISTING_STATS_DAYS }, (_, i) =>
    dayBefore(last, LISTING_STATS_DAYS - 1 - i),
  );
  return { first, since, days };
}

const zero = (): ListingCounts => ({
  impressions: 0,
  views: 0,
  saves: 0,
  messages: 0,
  offers: 0,
  testDrives: 0,
});

/** Each car's counts per day since `since`: car id → day → counts. */
async function countsOf(context: AppContext, carIds: string[], since: string) {
  const { db } = context.database;
  const from = new Date(`${since}T00:00:00Z`);
  const [seen, saves, messages, offers, testDrives] = await Promise.all([
    repo.shownAndViewed(db, carIds, since),
    savesPerDay(db, carIds, from),
    buyerMessagesPerDay(db, carIds, from),
    offersPerDay(db, carIds, from),
    testDriveRequestsPerDay(db, carIds, from),
  ]);
  const byCar = new Map<string, Map<string, ListingCounts>>();
  const countsAt = (carId: string, day: string) => {
    const days = byCar.get(carId) ?? new Map<string, ListingCounts>();
    byCar.set(carId, days);
    const counts = days.get(day) ?? zero();
    days.set(day, counts);
    return counts;
  };
  for (const row of seen) {
    const counts = countsAt(row.carId, row.day);
    counts.impressions += row.impressions;
    counts.views += row.views;
  }
  const leads: [keyof ListingCounts, DailyCount[]][] = [
    ['saves', saves],
    ['messages', messages],
    ['offers', offers],
    ['testDrives', testDrives],
  ];
  for (const [count, rows] of leads) for (const row of rows) countsAt(row.carId, row.day)[count] += row.count;
  return byCar;
}

const addTo = (total: ListingCounts, counts: ListingCounts) => {
  for (const count of LISTING_COUNTS) total[count] += counts[count];
};

/** The figures of some days (their counts summed over the cars given): each shown day, the totals, the span before. */
function figures(perCar: Iterable<Map<string, ListingCounts>>) {
  const { first, days } = spans();
  const byDay = new Map(days.map((day) => [day, zero()]));
  const previousTotals = zero();
  for (const carDays of perCar) {
    for (const [day, counts] of carDays) {
      const shown = byDay.get(day);
      if (shown) addTo(shown, counts);
      else if (day < first) addTo(previousTotals, counts);
    }
  }
  const totals = zero();
  for (const counts of byDay.values()) addTo(totals, counts);
  const shownDays: ListingDay[] = days.map((day) => ({ day, ...(byDay.get(day) ?? zero()) }));
  return { days: shownDays, totals, previousTotals };
}

/** The seller's figures summed over all their cars (sold ones too: they had their days). */
export async function sellerStats(context: ListingStatsContext, seller: SessionUser): Promise<SellerStats> {
  await context.activity.flush();
  const { ids, forSale } = await sellerListings(context.database.db, actingAs(seller));
  const perCar = await countsOf(context, ids, spans().since);
  return { ...figures(perCar.values()), carsForSale: forSale };
}

function listingOf(context: AppContext, car: ListingRow): ListingCar {
  return {
    id: car.id,
    name: carName(car),
    brand: car.brand,
    model: car.model,
    photoUrl: car.photos.length > 0 ? carCoverUrl(context, car.photos, 480) : null,
    askingPrice: car.askingPrice,
    status: car.soldAt ? 'sold' : car.reservedAt ? 'reserved' : 'for-sale',
    postedAt: car.addedDate.toISOString(),
  };
}

/** Views a day listed within the shown days, from `views` over them. */
function viewsPerDay(views: number, addedDate: Date, first: string) {
  const from = Math.max(
    Date.parse(`${first}T00:00:00Z`),
    Date.parse(`${addedDate.toISOString().slice(0, 10)}T00:00:00Z`),
  );
  const days = Math.max(1, Math.round((Date.parse(`${today()}T00:00:00Z`) - from) / DAY_MS) + 1);
  return views / days;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * How a car for sale fares beside similar ones: the narrowest kind of similar (model, make, category)
 * with SIMILAR_CARS_MIN cars or more, its views a day against their median, and its price against
 * its market value where it has one, else its rank among them. Null for a sold car, or without enough.
 */
async function comparisonOf(
  context: AppContext,
  car: ListingRow,
  views: number,
): Promise<ListingComparison | null> {
  if (car.soldAt) return null;
  const { first } = spans();
  const { db, statements } = context.database;
  for (const by of SIMILAR_BY) {
    const similar = await repo.similarListings(db, car, by, first);
    if (similar.length < SIMILAR_CARS_MIN) continue;
    const value = await marketValueOf(statements, car.id);
    return {
      similarBy: by,
      similarCars: similar.length,
      viewsPerDay: round2(viewsPerDay(views, car.addedDate, first)),
      similarViewsPerDay: round2(
        median(similar.map((other) => viewsPerDay(other.views, other.addedDate, first))),
      ),
      price:
        value && value.rating !== 'none' && value.estimate !== null
          ? { basis: 'market', rating: value.rating, estimate: value.estimate, askingPrice: car.askingPrice }
          : {
              basis: 'rank',
              cheaperCars: similar.filter((other) => other.askingPrice < car.askingPrice).length,
              of: similar.length,
            },
    };
  }
  return null;
}

/** A page of the seller's cars for sale, each with its figures and comparison. */
export async function listingLines(
  context: ListingStatsContext,
  seller: SessionUser,
  query: PageQuery,
): Promise<{ items: ListingStatsLine[]; nextCursor: string | null }> {
  await context.activity.flush();
  const page = await listingsForSale(context.database.db, actingAs(seller), query.limit, query.cursor);
  const perCar = await countsOf(
    context,
    page.items.map((car) => car.id),
    spans().since,
  );
  const items = await Promise.all(
    page.items.map(async (car) => {
      const { days, totals, previousTotals } = figures([perCar.get(car.id) ?? new Map()]);
      return {
        car: listingOf(context, car),
        totals,
        previousTotals,
        viewsByDay: days.map((day) => day.views),
        comparison: await comparisonOf(context, car, totals.views),
      };
    }),
  );
  return { items, nextCursor: page.nextCursor };
}

/** One of the seller's cars: its figures each day, and its comparison. */
export async function listingStats(
  context: ListingStatsContext,
  seller: SessionUser,
  carId: string,
): Promise<ListingStats> {
  await requireAccess(context, seller, { permission: 'car.stats', id: carId });
  await context.activity.flush();
  const car = await listingCar(context.database.db, carId);
  if (!car) throw notFound('The car'); // deleted since the check
  const perCar = await countsOf(context, [car.id], spans().since);
  const shown = figures([perCar.get(car.id) ?? new Map()]);
  return {
    car: listingOf(context, car),
    ...shown,
    comparison: await comparisonOf(context, car, shown.totals.views),
  };
}
