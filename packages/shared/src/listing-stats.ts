/** A listing's performance (issue 49): what a visitor saw, and what its seller reads of it. */
import { z } from 'zod';
import { DEAL_RATINGS } from './deal-rating.ts';
import { LISTING_ACTIVITY_CARS_MAX, LISTING_STATS_DAYS, SIMILAR_BY } from './listing-performance.ts';

/** A car's id as the database keeps it (a UUID): anything else names no car. */
const carIdSchema = z.guid('A car id is a UUID');
const countSchema = z.number().int().min(0);

/**
 * What a visitor's page saw (`POST /listing-activity`, sent by the page itself once shown): the cars
 * of a page of search results, or the car whose page it is.
 */
export const listingActivitySchema = z
  .strictObject({
    shown: z
      .array(carIdSchema)
      .min(1)
      .max(LISTING_ACTIVITY_CARS_MAX, `At most ${LISTING_ACTIVITY_CARS_MAX} cars at once`)
      .optional(),
    viewed: carIdSchema.optional(),
  })
  .refine((activity) => activity.shown !== undefined || activity.viewed !== undefined, {
    message: 'Name the cars shown or the car viewed',
  });
/** How many records it made: cars shown, and the car viewed (once taken, whether or not it counts). */
export const listingActivityRecordedSchema = z.object({ recorded: countSchema });

/** One listing's counts over some days (the order of LISTING_COUNTS). */
export const listingCountsSchema = z.object({
  impressions: countSchema,
  views: countSchema,
  saves: countSchema,
  messages: countSchema,
  offers: countSchema,
  testDrives: countSchema,
});
export type ListingCounts = z.infer<typeof listingCountsSchema>;
/** The counts of one day (UTC), `YYYY-MM-DD`. */
export const listingDaySchema = listingCountsSchema.extend({ day: z.iso.date() });
export type ListingDay = z.infer<typeof listingDaySchema>;
/** Each of the last LISTING_STATS_DAYS days, oldest first, today last. */
const shownDaysSchema = z.array(listingDaySchema).length(LISTING_STATS_DAYS);

const pricePositionSchema = z.discriminatedUnion('basis', [
  z.object({
    basis: z.literal('market'),
    rating: z.enum(DEAL_RATINGS).exclude(['none']),
    estimate: z.number().int(),
    askingPrice: z.number().int(),
  }),
  z.object({ basis: z.literal('rank'), cheaperCars: countSchema, of: countSchema }),
]);

/** How a listing fares beside similar cars for sale (listing-performance.ts): null for a sold car, or without enough of them. */
export const listingComparisonSchema = z.object({
  similarBy: z.enum(SIMILAR_BY),
  similarCars: countSchema,
  viewsPerDay: z.number().min(0),
  similarViewsPerDay: z.number().min(0),
  price: pricePositionSchema,
});

/** The listing a seller's figures are of. */
export const listingCarSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Its make and model as shown, which the comparison names ("other Porsche Cayenne listings"). */
  brand: z.string(),
  model: z.string(),
  photoUrl: z.string().nullable(),
  askingPrice: z.number().int(),
  status: z.enum(['for-sale', 'reserved', 'sold']),
  postedAt: z.string(),
});
export type ListingCar = z.infer<typeof listingCarSchema>;

/**
 * A seller's figures summed over their cars (`GET /listing-stats`): each of the last
 * LISTING_STATS_DAYS days, their totals, and the totals of the same span before, for the trend.
 */
export const sellerStatsSchema = z.object({
  days: shownDaysSchema,
  totals: listingCountsSchema,
  previousTotals: listingCountsSchema,
  /** The seller's cars for sale (reserved ones included) today. */
  carsForSale: countSchema,
});
export type SellerStats = z.infer<typeof sellerStatsSchema>;

/** A line of the seller's list of listings (`GET /listing-stats/cars`): a car's totals, its views a day for a sparkline, its comparison. */
export const listingStatsLineSchema = z.object({
  car: listingCarSchema,
  totals: listingCountsSchema,
  previousTotals: listingCountsSchema,
  viewsByDay: z.array(countSchema).length(LISTING_STATS_DAYS),
  comparison: listingComparisonSchema.nullable(),
});
export type ListingStatsLine = z.infer<typeof listingStatsLineSchema>;

/** One listing's figures (`GET /listing-stats/cars/:id`): each day, its totals (its funnel) and its comparison. */
export const listingStatsSchema = z.object({
  car: listingCarSchema,
  days: shownDaysSchema,
  totals: listingCountsSchema,
  previousTotals: listingCountsSchema,
  comparison: listingComparisonSchema.nullable(),
});
export type ListingStats = z.infer<typeof listingStatsSchema>;
