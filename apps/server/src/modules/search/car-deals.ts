/**
 * A car's deal as the search sees it (ADR 57): its rating and its gap to the market value, from its
 * asking price *now* and the estimate the last refit stored (market_values), so that a price edit
 * moves the car at once, not at the next refit. In SQL for the statements (the page's order, the
 * count one by one, a saved search's match) and in JavaScript for the columns in memory: both give
 * the same rating (`dealRating`) and the same key of the order by best deal.
 */
import { DEAL_RATING_BOUNDARIES, DEAL_RATINGS, dealRating } from '@redline/shared';
import { type SQL, sql } from 'drizzle-orm';
import { cars, marketValues } from '../../db/schema.ts';

/**
 * The gaps of the order by best deal are millionths of the estimate, `(price − estimate) / estimate`,
 * floored, up to GAP_MAX: every car without an estimate comes after (its key NO_ESTIMATE − its seq, the
 * newest first), each key one 32-bit integer, unique among those cars (a page's cursor holds it).
 */
const GAP_SCALE = 1_000_000;
const GAP_MAX = 2 ** 30 - 1;
const NO_ESTIMATE = 2 ** 31 - 1;

/**
 * The key of a car in the order by best deal. The division in floating point, as the statement's
 * (gapKeySql) is: both are exact below 2^53, and round alike.
 */
export function gapKey(price: number, estimate: number, seq: number): number {
  if (estimate <= 0) return NO_ESTIMATE - seq;
  return Math.min(Math.floor(((price - estimate) * GAP_SCALE) / estimate), GAP_MAX);
}

/** The code of a car's rating among a car's specification bytes: the rating's index plus one (car-specs.ts). */
export const ratingCode = (price: number, estimate: number) =>
  DEAL_RATINGS.indexOf(dealRating(price, estimate > 0 ? estimate : null)) + 1;

/** `expression` of the car's market value row (`v`), or null when it has none: read by its key, the car's id. */
const ofValue = (expression: SQL) =>
  sql`(select ${expression} from ${marketValues} v where v.car_id = ${cars.id})`;

const estimate = sql.raw('v.estimate');
const price = sql`${cars.askingPrice}::bigint`;

/** A car's rating, as dealRating gives it, in SQL. */
export const ratingSql = sql<string>`coalesce(${ofValue(
  sql`case when ${estimate} is null then 'none' ${sql.join(
    (['great', 'good', 'fair', 'high'] as const).map(
      (rating) =>
        sql`when (${price} - ${estimate}) * 10000 <= ${sql.raw(String(DEAL_RATING_BOUNDARIES[rating]))}::bigint * ${estimate} then '${sql.raw(rating)}'`,
    ),
    sql` `,
  )} else 'overpriced' end`,
)}, 'none')`;

/**
 * A car's key in the order by best deal (gapKey), in SQL. A value without an estimate ("not enough
 * data") is null here as a car without a value is: `least` skips a null, so it is asked first.
 */
export const gapKeySql = sql<number>`coalesce(${ofValue(
  sql`case when ${estimate} is null then null else least(floor((${price} - ${estimate})::float8 * ${sql.raw(String(GAP_SCALE))} / ${estimate}), ${sql.raw(String(GAP_MAX))})::int end`,
)}, ${sql.raw(String(NO_ESTIMATE))} - ${cars.seq})`;

/** The estimate of a car's market value (0: none), for the columns' load. */
export const estimateSql = sql<number>`coalesce(${ofValue(estimate)}, 0)`;
