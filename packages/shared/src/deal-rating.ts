/**
 * The deal rating of a car: how far its asking price lies from its estimated market value
 * (docs/market-value.md, ADR 50). Apart from the schemas in market-value.ts, so that a page showing a
 * rating loads no zod (ADR 2). Integer arithmetic only: prices are integer cents.
 */

/** The fewest other cars of a car's family (else of its make) that value it; below, "not enough data". */
export const MIN_COMPARABLES = 5;

/**
 * Why a value has no estimate: too few comparables (`few`), or enough of its make but too few of its
 * model, in a make whose models differ so much in price that they cannot value it (`varied`).
 */
export const noEstimateReason = ({ comparables }: { comparables: number }): 'few' | 'varied' =>
  comparables < MIN_COMPARABLES ? 'few' : 'varied';

/** The ratings, best deal first; `none` when the model has too few comparables to value the car. */
export const DEAL_RATINGS = ['great', 'good', 'fair', 'high', 'overpriced', 'none'] as const;
export type DealRating = (typeof DEAL_RATINGS)[number];

/**
 * The upper bound of each rating's gap to the estimate, `(price - estimate) / estimate`, in basis
 * points (1/100 of a percent), inclusive: at most 10 % under is great, at most 3 % under good, up
 * to 5 % over fair, up to 15 % over high, above that overpriced. "Fair" spans the model's median
 * error on held-out cars (about 6 %, docs/market-value.md), so a car the model cannot tell from its
 * market is called fair; the bands are wider above the estimate than below because asking prices
 * sit above selling prices (a seller leaves room to negotiate).
 */
export const DEAL_RATING_BOUNDARIES = { great: -1000, good: -300, fair: 500, high: 1500 } as const;

const BASIS_POINTS = 10_000;

/** The rating of an asking price against an estimate (both integer cents); `none` without an estimate. */
export function dealRating(askingPrice: number, estimate: number | null): DealRating {
  if (estimate === null || estimate <= 0) return 'none';
  // gap ≤ bound ⇔ (price − estimate) · 10 000 ≤ bound · estimate: exact in integers below 2^53.
  const gap = (askingPrice - estimate) * BASIS_POINTS;
  if (gap <= DEAL_RATING_BOUNDARIES.great * estimate) return 'great';
  if (gap <= DEAL_RATING_BOUNDARIES.good * estimate) return 'good';
  if (gap <= DEAL_RATING_BOUNDARIES.fair * estimate) return 'fair';
  if (gap <= DEAL_RATING_BOUNDARIES.high * estimate) return 'high';
  return 'overpriced';
}

/** How each rating reads beside a price. */
export const DEAL_RATING_LABELS: Record<DealRating, string> = {
  great: 'Great deal',
  good: 'Good deal',
  fair: 'Fair price',
  high: 'High price',
  overpriced: 'Overpriced',
  none: 'Not enough data',
};
