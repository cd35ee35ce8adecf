/**
 * What an asking price gets against a car's estimated market value: its deal rating and how far it
 * lies from the estimate. The post and edit forms show it for the price typed, the seller's listings
 * for a lower price tried: arithmetic on the estimate with the shared `dealRating`, nothing asked of
 * the server.
 */
import {
  type CarEstimate,
  dealRating,
  formatMoney,
  MIN_COMPARABLES,
  noEstimateReason,
} from '@redline/shared';
import { DealRatingBadge } from './deal-rating-badge.tsx';

/** How far a price lies from the estimate, in words. */
function gapText(price: number, estimate: number): string {
  const gap = price - estimate;
  if (gap === 0) return 'at the market value';
  return `${formatMoney(Math.abs(gap))} ${gap < 0 ? 'under' : 'over'} the market value`;
}

type PriceVerdictProps = {
  value: Pick<CarEstimate, 'estimate' | 'low' | 'high' | 'comparables'>;
  /** The price tried, integer cents; undefined while none is readable. */
  price: number | undefined;
};

/** The rating a price would get and its gap to the estimate; the estimate alone while no price is. */
export function PriceVerdict({ value, price }: PriceVerdictProps) {
  if (value.estimate === null || price === undefined) return null;
  const rated = { ...value, rating: dealRating(price, value.estimate) };
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      <span className="text-base-content/80">At {formatMoney(price)}:</span>
      <DealRatingBadge rating={rated.rating} value={rated} />
      <span>{gapText(price, value.estimate)}</span>
    </p>
  );
}

/** The estimate and its range in a sentence, or plainly "not enough data". */
export function EstimateSummary({ value }: { value: PriceVerdictProps['value'] }) {
  const cars = `${value.comparables} comparable ${value.comparables === 1 ? 'car' : 'cars'}`;
  if (value.estimate === null)
    return (
      <p className="text-sm">
        <span className="font-semibold">Not enough data</span> to estimate its market value:{' '}
        {noEstimateReason(value) === 'few'
          ? `${cars} on Redline, at least ${MIN_COMPARABLES} are needed.`
          : `${cars} of its make on Redline, but fewer than ${MIN_COMPARABLES} of its model, and the make's models differ too much in price to value it by them.`}
      </p>
    );
  return (
    <p className="text-sm">
      Market value <span className="font-semibold">{formatMoney(value.estimate)}</span>
      <span className="text-base-content/80">
        {' '}
        · most between {formatMoney(value.low!)} and {formatMoney(value.high!)} · from {cars}
      </span>
    </p>
  );
}
